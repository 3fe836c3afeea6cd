import NextAuth from 'next-auth';
import { createNextAuthRoute } from '@/server/kernel/auth/next-auth-route';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handler = createNextAuthRoute(
  async () => (await getRuntime()).services,
  async (req, context, options) =>
    (await NextAuth(req as never, context as never, options)) as Response,
);

export { handler as GET, handler as POST };
