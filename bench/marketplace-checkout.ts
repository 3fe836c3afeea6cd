/*
 * The marketplace checkout under contention (DESIGN-MODULES C.5, "no oversell"): 200 buyers
 * check out at once, at most 8 requests in flight, for 150 units over four listings, so that
 * 50 of them find the stock gone. Needs PostgreSQL and a production build:
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npm run bench:checkout
 *
 * `npm run bench` runs it after bench/marketplace-search.ts. Self-contained: it migrates the
 * database, opens the marketplace (`marketplace.enabled`) and seeds by SQL, for each run, a
 * seller with four buy-now listings (45, 40, 35 and 30 units) and one of 16 units for the
 * warm-up. Then it starts the production server (`npm start`: server/serve.ts) on a free port
 * with the development issuer, signs in 216 buyers, gives each by SQL a cart of one unit of
 * one listing (the 200 spread evenly, 50 a listing), checks out the 16 warm-up carts, then
 * times `POST /api/marketplace/orders` (an `Idempotency-Key` and a shipping address each) for
 * the 200 with 8 in flight. Every answer must be 201 or 409, as many 201s as there were units;
 * afterwards no listing's stock is negative and the units ordered of each are exactly the
 * stock it lost. Prints p50/p95/p99 and writes the table to bench/RESULTS.md between its
 * markers; exits 1 on an oversell, a miscount or another status.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { devSignIn, migratedDatabaseUrl, runBench, startBenchServer } from './processes';
import { writeResults } from './results';

const STOCK = [45, 40, 35, 30];
const BUYERS = 200;
const IN_FLIGHT = 8;
const WARM_UP = 16;
const CATEGORY_SLUG = 'bench-checkout-tack';

const ADDRESS = {
  name: 'Bench Buyer',
  street: 'Calle Mayor 1',
  city: 'Madrid',
  state: 'Madrid',
  postal_code: '28013',
  country: 'ES',
};

type Sql = postgres.Sql;
type Listing = { id: string; stock: number };

/**
 * This run's seller and listings, in one transaction: the listings measured (`STOCK`), then
 * the warm-up one. A new seller each run, so that a run never finds an earlier run's stock.
 */
async function seed(sql: Sql, run: string): Promise<{ measured: Listing[]; warmUp: Listing }> {
  return sql.begin(async (tx) => {
    await tx`
      insert into settings (key, value) values ('marketplace.enabled', 'true'::jsonb)
      on conflict (key) do update set value = excluded.value, updated_at = now()`;
    await tx`
      insert into marketplace_categories (name, slug, kind)
      values ('Bench checkout tack', ${CATEGORY_SLUG}, 'item')
      on conflict (slug) do nothing`;
    const stock = [...STOCK, WARM_UP];
    // The price grows with the position in `stock`: ordered by it, the warm-up listing is last.
    const listings = await tx<Listing[]>`
      with seller as (
        insert into users (issuer, subject, email, display_name)
        values ('bench-checkout', ${`seller-${run}`}, ${`seller-${run}@bench.checkout`},
                'Bench checkout seller')
        returning id),
      profile as (
        insert into seller_profiles (user_id, display_name, slug, city)
        select id, 'Bench checkout seller', ${`bench-checkout-${run}`}, 'Madrid' from seller
        returning id, user_id),
      inserted as (
        insert into publications (seller_profile_id, category_id, title, description, price,
                                  sale_mode, quantity, condition, ships, shipping_price, status,
                                  published_at, expires_at, created_by)
        select pr.id, c.id, 'Bench saddle pad ' || s.n, 'A saddle pad for the checkout bench.',
               19.99 + s.n, 'buy_now', s.stock, 'new', true, 4.50, 'active', now(),
               now() + interval '90 days', pr.user_id
          from unnest(${stock}::int[]) with ordinality s(stock, n)
          cross join profile pr
          join marketplace_categories c on c.slug = ${CATEGORY_SLUG}
        returning id, quantity, price)
      select id, quantity as stock from inserted order by price`;
    return { measured: listings.slice(0, STOCK.length), warmUp: listings.at(-1)! };
  });
}

/** `fn` over `items` with at most `limit` running at once; the results in the items' order. */
async function inFlight<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

type Answer = { status: number; ms: number; statements: string; body: string };

async function checkout(base: string, authorization: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}/api/marketplace/orders`, {
    method: 'POST',
    headers: {
      authorization,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ shipping_address: ADDRESS }),
  });
  const body = await res.text();
  return {
    status: res.status,
    ms: performance.now() - started,
    statements: res.headers.get('x-sql-statements') ?? '?',
    body,
  };
}

type Row = { outcome: string; count: number; p50: number; p95: number; p99: number; max: number };

function summary(outcome: string, answers: Answer[]): Row {
  const samples = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (share: number) =>
    samples.length === 0
      ? 0
      : samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)]!;
  return {
    outcome,
    count: samples.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: samples.at(-1) ?? 0,
  };
}

/** The statements of the answers, as the smallest and largest count seen. */
function statementRange(answers: Answer[]): string {
  const counts = answers.map((a) => Number(a.statements)).filter(Number.isFinite);
  if (counts.length === 0) return '?';
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  return low === high ? String(low) : `${low}–${high}`;
}

const INTRO = [
  '## Marketplace checkout under contention (bench/marketplace-checkout.ts)',
  '',
  '`npm run bench:checkout` (run by `npm run bench` after the marketplace search) seeds a',
  `seller with ${STOCK.reduce((a, b) => a + b)} units over ${STOCK.length} buy-now listings and ${BUYERS} buyers with one unit each in`,
  `their cart, and checks them all out through the production server with ${IN_FLIGHT} requests in`,
  'flight. Requirement (DESIGN-MODULES C.5): no oversell; every answer 201 or 409, as many',
  '201s as units, and the units ordered of each listing exactly the stock it lost.',
];

async function main() {
  const url = await migratedDatabaseUrl();

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const run = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  const { measured, warmUp } = await seed(sql, run);
  const units = measured.reduce((sum, l) => sum + l.stock, 0);

  const { base, stop } = await startBenchServer({ SQL_STATEMENT_HEADER: '1' });
  try {
    const emails = Array.from(
      { length: WARM_UP + BUYERS },
      (_, i) => `buyer-${i + 1}-${run}@bench.checkout`,
    );
    const tokens = await inFlight(
      emails,
      IN_FLIGHT,
      async (email) => (await devSignIn(base, email)).authorization,
    );
    // The warm-up buyers take the warm-up listing; the others one listing each in turn.
    const cartListing = emails.map((_, i) =>
      i < WARM_UP ? warmUp.id : measured[(i - WARM_UP) % measured.length]!.id,
    );
    const carts = await sql`
      insert into cart_items (user_id, publication_id, quantity)
      select u.id, c.publication_id, 1
        from unnest(${emails}::text[], ${cartListing}::uuid[]) c(email, publication_id)
        join users u on u.issuer = ${`${base}/api/dev-idp`} and u.subject = c.email`;
    if (carts.count !== emails.length)
      throw new Error(`${carts.count} carts for ${emails.length} buyers`);

    // JIT, the pool and PostgreSQL's caches, on listings and buyers of their own.
    const warm = await inFlight(tokens.slice(0, WARM_UP), IN_FLIGHT, (t) => checkout(base, t));
    const warmFailed = warm.filter((a) => a.status !== 201);
    if (warmFailed.length > 0)
      throw new Error(`warm-up: ${warmFailed[0]!.status} ${warmFailed[0]!.body}`);

    const started = performance.now();
    const answers = await inFlight(tokens.slice(WARM_UP), IN_FLIGHT, (t) => checkout(base, t));
    const seconds = (performance.now() - started) / 1000;

    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    const unexpected = answers.filter((a) => a.status !== 201 && a.status !== 409);
    for (const a of unexpected.slice(0, 5)) console.error(`Unexpected ${a.status}: ${a.body}`);

    // What the database says: per listing, the stock left and the units of its order lines.
    const stockRows = await sql<
      { id: string; stock: number; initial: number; ordered: number; orders: number }[]
    >`
      select p.id, p.quantity as stock, s.initial,
             coalesce(sum(oi.quantity), 0)::int as ordered,
             count(distinct so.order_id)::int as orders
        from unnest(${[...measured, warmUp].map((l) => l.id)}::uuid[],
                    ${[...measured, warmUp].map((l) => l.stock)}::int[]) s(id, initial)
        join publications p on p.id = s.id
        left join order_items oi on oi.publication_id = p.id
        left join sub_orders so on so.id = oi.sub_order_id
       group by p.id, p.quantity, s.initial`;
    const measuredIds = new Set(measured.map((l) => l.id));
    const problems = [
      ...stockRows.flatMap((r) => [
        ...(r.stock < 0 ? [`listing ${r.id}: stock ${r.stock}`] : []),
        ...(r.ordered > r.initial ? [`listing ${r.id}: ${r.ordered} ordered of ${r.initial}`] : []),
        ...(r.ordered !== r.initial - r.stock
          ? [`listing ${r.id}: ${r.ordered} ordered, but stock went ${r.initial} → ${r.stock}`]
          : []),
      ]),
      ...(unexpected.length > 0 ? [`${unexpected.length} answers neither 201 nor 409`] : []),
      ...(created.length !== units ? [`${created.length} orders (201) for ${units} units`] : []),
    ];
    const measuredRows = stockRows.filter((r) => measuredIds.has(r.id));
    const ordersPlaced = measuredRows.reduce((sum, r) => sum + r.orders, 0);
    if (ordersPlaced !== created.length)
      problems.push(`${ordersPlaced} orders stored for ${created.length} answers 201`);
    const left = measuredRows.reduce((sum, r) => sum + r.stock, 0);

    const rows = [
      summary('201 ordered', created),
      summary('409 stock gone', refused),
      summary('all', answers),
    ];
    for (const r of rows)
      console.log(
        `${r.outcome.padEnd(16)} ${String(r.count).padStart(4)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`,
      );
    const lines = [
      `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} CPU(s), Node ${process.version}; ` +
        `${BUYERS} checkouts of one unit, ${IN_FLIGHT} in flight, for ${units} units over ${measured.length} listings ` +
        `(${STOCK.join(', ')}), after ${WARM_UP} to warm up; ${seconds.toFixed(1)} s in all ` +
        `(${(answers.length / seconds).toFixed(0)} checkouts a second); load average ${os.loadavg()[0]!.toFixed(1)}. ` +
        `${created.length} × 201, ${refused.length} × 409${unexpected.length ? `, ${unexpected.length} other` : ''}; ` +
        `stock left ${left}, ${problems.length === 0 ? 'no listing oversold, units ordered = stock taken on each' : problems.join('; ')}.`,
      '',
      '| answer | requests | p50 ms | p95 ms | p99 ms | max ms | SQL statements |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r, i) =>
          `| ${r.outcome} | ${r.count} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${statementRange([created, refused, answers][i]!)} |`,
      ),
    ];
    const table = lines.join('\n');
    console.log(`\n${table}`);
    writeResults('bench:checkout', table, INTRO);
    if (problems.length > 0) {
      console.error(`\nFAILED: ${problems.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await sql.end();
    stop();
  }
}

await runBench(main);
