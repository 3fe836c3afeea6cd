/*
 * Reference for the benchmark (bench/run.ts): a Next.js route handler with a fixed JSON body
 * and no database, i.e. what Next itself costs per request. Outside /api, so the API
 * contract is untouched.
 */
export const dynamic = 'force-dynamic';

const BODY = JSON.stringify({ data: { id: '00000000-0000-0000-0000-000000000000', name: 'fixed', items: [1, 2, 3] } });

export function GET(): Response {
  return new Response(BODY, { headers: { 'content-type': 'application/json' } });
}
