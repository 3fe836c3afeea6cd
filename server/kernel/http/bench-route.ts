/*
 * The benchmark's reference route (bench/run.ts): a fixed JSON body, no database, no Next, i.e.
 * what the production server itself costs per request. Served by `npm start` only when the
 * benchmark starts it with `BENCH_ROUTES=1`; otherwise the path is Next's 404.
 */
export const BENCH_FIXED_PATH = '/bench-fixed';

const BODY = JSON.stringify({
  data: { id: '00000000-0000-0000-0000-000000000000', name: 'fixed', items: [1, 2, 3] },
});

export function benchFixedResponse(): Response {
  return new Response(BODY, { headers: { 'content-type': 'application/json' } });
}
