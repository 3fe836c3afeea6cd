import { router } from './kernel/trpc/init';
import { applyOutputPolicy } from './kernel/trpc/outputs';
import { registry } from './modules';

/**
 * Every procedure of the platform: the routers of the modules of `server/modules.ts`, in
 * their order. Order matters for REST paths: the first match wins, so a module declares its
 * static segments before its `{id}` routes.
 */
export const appRouter = applyOutputPolicy(router(registry.routers));

export type AppRouter = typeof appRouter;
