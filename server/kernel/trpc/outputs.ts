import { isDeepStrictEqual } from 'node:util';
import { TRPCError, type AnyTRPCRouter } from '@trpc/server';
import type { ZodType } from 'zod';
import { withRawParsed } from '../raw-json';

/*
 * Output schemas (issue 27). Every procedure declares its output with `.output(schema)`: the
 * OpenAPI document and the client types come from it. Running that schema on every answer
 * cost a zod walk per row (a 2,000-row print list, a 150-horse list) for data the database
 * already typed and the procedure already shaped. So:
 *
 * - in production, the output schema is not run per request: the answer is what the
 *   procedure returned;
 * - everywhere else (tests, `npm run dev`), the schema runs and must change nothing: the
 *   answer parsed by it must equal (as JSON) what the procedure returned, else the request
 *   fails as an output validation failure would. No key dropped, renamed, defaulted or
 *   transformed by the schema, so what the tests validate is what production sends. JSON
 *   text passed through (`RawJson`, ../raw-json.ts) is parsed first, so it is checked too.
 */

type OutputMiddleware = ((opts: {
  next: () => Promise<{ ok: boolean; data?: unknown }>;
}) => Promise<unknown>) & { _type?: string; outputPolicy?: true };

type ProcedureDef = { _def: { output?: unknown; middlewares: OutputMiddleware[] } };

const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

function checkedOutput(schema: ZodType, path: string): OutputMiddleware {
  const middleware: OutputMiddleware = async ({ next }) => {
    const result = await next();
    if (!result.ok) return result;
    const data = withRawParsed(result.data);
    let parsed: unknown;
    try {
      parsed = await schema.parseAsync(data);
    } catch (cause) {
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Output validation failed',
        cause,
      });
    }
    if (!isDeepStrictEqual(asJson(parsed), asJson(data))) {
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: `The output of ${path} is not exactly its output schema's shape.`,
      });
    }
    return result;
  };
  middleware._type = 'output';
  middleware.outputPolicy = true;
  return middleware;
}

const trustedOutput: OutputMiddleware = Object.assign(
  ({ next }: Parameters<OutputMiddleware>[0]) => next(),
  { _type: 'output', outputPolicy: true as const },
);

/**
 * Applies the policy above to every procedure of `router` (in place: the procedures are the
 * same objects in the module routers) and returns it.
 */
export function applyOutputPolicy<R extends AnyTRPCRouter>(
  router: R,
  production = process.env.NODE_ENV === 'production',
): R {
  const procedures = router._def.procedures as Record<string, ProcedureDef>;
  for (const [path, procedure] of Object.entries(procedures)) {
    const { middlewares, output } = procedure._def;
    const index = middlewares.findIndex((middleware) => middleware._type === 'output');
    if (index === -1 || middlewares[index]!.outputPolicy || !output) continue;
    middlewares[index] = production ? trustedOutput : checkedOutput(output as ZodType, path);
  }
  return router;
}
