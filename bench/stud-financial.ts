/*
 * The stud's reports at the size of a busy season (DESIGN-MODULES B.10): "the financial report
 * of a season with 1,000 reservations answers in under 300 ms". Needs PostgreSQL and a
 * production build:
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npm run bench:stud
 *
 * `npm run bench` runs it after bench/run.ts. Self-contained: it migrates the database and, once
 * (the stud is found by name afterwards), seeds by SQL a stud with 12 stallions, 300 clients,
 * 1,000 client mares each booked once in the season (every state), the breedings, pregnancies
 * and shipments of the 700 that went ahead, their 1,200 receivables (half paid, each payment
 * with its income entry), 500 other income entries and 2,000 expenses over the season's year.
 * Then it starts the production server (`npm start`: server/serve.ts) on a free port with the
 * development issuer, signs in as the stud's owner, and times the dashboard and the reports
 * one request after another (`BENCH_STUD_SAMPLES` each, default 200, after 20 to warm up),
 * as a user would wait for them. Prints p50/p99 per route and writes the table to
 * bench/RESULTS.md between its markers; exits 1 when the financial report's p99 reaches 300 ms
 * or a route does not answer 200.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { devSignIn, migratedDatabaseUrl, runBench, startBenchServer } from './processes';
import { writeResults } from './results';

const STUD_NAME = 'Bench Stud (bench/stud-financial.ts)';
const OWNER_EMAIL = 'owner@bench.stud';
const SAMPLES = Number(process.env.BENCH_STUD_SAMPLES ?? 200);
const WARM_UP = 20;
const TARGET_P99_MS = 300;

type Sql = postgres.Sql;

/** The seed, in one transaction: a stud half-seeded by an interrupted run is never found. */
async function seed(sql: Sql, season: string): Promise<void> {
  await sql.begin(async (tx) => {
    const [stud] = await tx<{ id: string }[]>`
      insert into organizations (type, name, timezone, currency)
      values ('stud', ${STUD_NAME}, 'Europe/Madrid', 'EUR') returning id`;
    const id = stud!.id;
    await tx`
      with ids as (
        insert into horse_identities (name, sex, birth_year, created_by_org_id)
        select 'Bench stallion ' || lpad(g::text, 2, '0'), 'male', 2008 + g % 8, ${id}
          from generate_series(1, 12) g
        returning id)
      insert into stud_horses (stud_id, horse_identity_id) select ${id}, id from ids`;
    await tx`
      insert into stud_services (stud_id, stallion_id, season, method, delivery, stud_fee,
                                 booking_fee, balance_due_on, requires_signed_contract)
      select ${id}, h.id, ${season}, 'fresh_semen', 'shipped', 1500, 500, 'pregnancy_confirmed', false
        from stud_horses h where h.stud_id = ${id}`;
    await tx`
      insert into stud_clients (stud_id, first_name, last_name, email)
      select ${id}, 'Client', lpad(g::text, 3, '0'), 'client' || g || '@bench.stud'
        from generate_series(1, 300) g`;
    // Mare n (1 to 1,000) belongs to client 1 + n % 300 and is booked to stallion n % 12.
    await tx`
      with clients as (
        select id, last_name::int as n from stud_clients where stud_id = ${id}
      ),
      ids as (
        insert into horse_identities (name, sex, birth_year, created_by_org_id)
        select 'Bench mare ' || lpad(g::text, 4, '0'), 'female', 2008 + g % 12, ${id}
          from generate_series(1, 1000) g
        returning id, name)
      insert into stud_horses (stud_id, horse_identity_id, ownership, owner_client_id, on_premises)
      select ${id}, ids.id, 'client', c.id, false
        from ids join clients c on c.n = 1 + substr(ids.name, 12)::int % 300`;
    await tx`
      with mares as (
        select h.id, h.owner_client_id, substr(i.name, 12)::int as n
          from stud_horses h join horse_identities i on i.id = h.horse_identity_id
         where h.stud_id = ${id} and i.sex = 'female'
      ),
      services as (
        select s.*, row_number() over (order by s.id) - 1 as k from stud_services s
         where s.stud_id = ${id}
      )
      insert into stud_reservations (stud_id, service_id, stallion_id, season, mare_id, client_id,
                                     status, method, delivery, stud_fee, booking_fee,
                                     doses_included, guarantee, balance_due_on, confirmation_day,
                                     substitute_mare_allowed, requires_signed_contract,
                                     confirmed_at)
      select ${id}, s.id, s.stallion_id, s.season, m.id, m.owner_client_id,
             (array['requested', 'confirmed', 'in_progress', 'in_progress', 'pregnant', 'pregnant',
                    'completed', 'completed', 'failed', 'cancelled'])[1 + m.n % 10],
             s.method, s.delivery, s.stud_fee, s.booking_fee, s.doses_included, s.guarantee,
             s.balance_due_on, s.confirmation_day, s.substitute_mare_allowed, false,
             case when m.n % 10 between 1 and 8 then now() end
        from mares m join services s on s.k = m.n % 12`;
    await tx`
      insert into breeding_events (stud_id, reservation_id, mare_id, stallion_id, date, kind,
                                   semen, doses_used)
      select stud_id, id, mare_id, stallion_id,
             make_date(${Number(season)}, 3, 1) + abs(hashtext(id::text)) % 120,
             'insemination', 'chilled', 1
        from stud_reservations
       where stud_id = ${id} and status in ('in_progress', 'pregnant', 'completed', 'failed')`;
    await tx`
      insert into pregnancies (stud_id, mare_id, stallion_id, reservation_id, breeding_event_id,
                               base_date, gestation_days, due_date, status)
      select e.stud_id, e.mare_id, e.stallion_id, e.reservation_id, e.id, e.date, 340,
             e.date + 340,
             case r.status when 'in_progress' then 'checking' when 'pregnant' then 'confirmed'
                           when 'completed' then 'foaled' else 'lost' end
        from breeding_events e
        join stud_reservations r on r.stud_id = e.stud_id and r.id = e.reservation_id
       where e.stud_id = ${id}`;
    await tx`
      insert into semen_shipments (stud_id, reservation_id, type, doses, collected_on, shipped_on,
                                   status)
      select e.stud_id, e.reservation_id, 'chilled', 2, e.date - 1, e.date - 1, 'delivered'
        from breeding_events e where e.stud_id = ${id}`;
    // Booking fees of the 800 booked, balances of the 400 in foal or foaled; every other one
    // paid in full on its due date.
    await tx`
      with owed as (
        select r.id, r.client_id, 'booking_fee' as kind, 500 as amount,
               make_date(${Number(season)}, 1, 15) + abs(hashtext(r.id::text)) % 300 as due_date
          from stud_reservations r
         where r.stud_id = ${id} and r.status not in ('requested', 'cancelled')
        union all
        select r.id, r.client_id, 'stud_fee_balance', 1000,
               make_date(${Number(season)}, 4, 15) + abs(hashtext(r.id::text)) % 200
          from stud_reservations r
         where r.stud_id = ${id} and r.status in ('pregnant', 'completed')
      )
      insert into stud_receivables (stud_id, client_id, reservation_id, kind, description, amount,
                                    paid_amount, due_date, status, source)
      select ${id}, client_id, id, kind, kind, amount,
             case when abs(hashtext(id::text || kind)) % 2 = 0 then amount else 0 end, due_date,
             case when abs(hashtext(id::text || kind)) % 2 = 0 then 'paid' else 'pending' end,
             'auto'
        from owed`;
    await tx`
      with paid as (
        insert into stud_payments (stud_id, receivable_id, amount, paid_date, payment_method,
                                   receipt_number)
        select stud_id, id, amount, due_date, 'transfer',
               'R-' || ${season} || '-' || lpad((row_number() over (order by id))::text, 6, '0')
          from stud_receivables where stud_id = ${id} and status = 'paid'
        returning id, receivable_id, amount, paid_date
      )
      insert into stud_income (stud_id, date, category, amount, client_id, payment_id)
      select ${id}, p.paid_date, 'stud_fees', p.amount, x.client_id, p.id
        from paid p join stud_receivables x on x.stud_id = ${id} and x.id = p.receivable_id`;
    await tx`
      insert into stud_income (stud_id, date, category, amount, description)
      select ${id}, make_date(${Number(season)}, 1, 1) + (g * 7) % 365,
             (array['semen', 'boarding', 'horse_sales', 'prize_money', 'other'])[1 + g % 5],
             50 + (g * 37) % 900 + 0.25, 'Bench income ' || g
        from generate_series(1, 500) g`;
    await tx`
      insert into stud_expenses (stud_id, date, category, amount, supplier, payment_method)
      select ${id}, make_date(${Number(season)}, 1, 1) + (g * 11) % 365,
             (array['feed', 'bedding', 'veterinary', 'farrier', 'semen_processing', 'transport',
                    'staff', 'facilities', 'insurance', 'marketing', 'other'])[1 + g % 11],
             10 + (g * 53) % 1200 + 0.5, 'Supplier ' || g % 40, 'transfer'
        from generate_series(1, 2000) g`;
  });
}

type Timing = {
  name: string;
  status: number;
  statements: string;
  bytes: number;
  p50: number;
  p99: number;
  max: number;
  target?: number;
};

/** `SAMPLES` requests one after another, after a warm-up (JIT, pool, PostgreSQL's caches). */
async function time(name: string, url: string, headers: Record<string, string>, target?: number) {
  for (let i = 0; i < WARM_UP; i++) await (await fetch(url, { headers })).arrayBuffer();
  const probe = await fetch(url, { headers });
  const body = await probe.arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    samples.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) =>
    samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)]!;
  const timing: Timing = {
    name,
    status: probe.status,
    statements: probe.headers.get('x-sql-statements') ?? '?',
    bytes: body.byteLength,
    p50: at(0.5),
    p99: at(0.99),
    max: samples.at(-1)!,
    target,
  };
  console.log(
    `${name.padEnd(44)} p50 ${timing.p50.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms (${timing.statements} statements, ${timing.bytes} B)`,
  );
  return timing;
}

const INTRO = [
  '## Stud reports at the size of a season (bench/stud-financial.ts)',
  '',
  '`npm run bench:stud` (run by `npm run bench` after the school runs) seeds, once, a stud',
  'whose season has 1,000 reservations, 1,200 receivables (half paid), about 1,100 income',
  'entries and 2,000 expenses, and times its dashboard and reports through the production',
  'server, one request after another. Target (DESIGN-MODULES B.10): the financial report of',
  `the season answers in under ${TARGET_P99_MS} ms (p99).`,
];

async function main() {
  const url = await migratedDatabaseUrl();

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  let [stud] = await sql<{ id: string }[]>`
    select id from organizations where type = 'stud' and name = ${STUD_NAME} limit 1`;
  if (!stud) {
    const started = performance.now();
    await seed(sql, String(new Date().getFullYear()));
    [stud] = await sql<{ id: string }[]>`
      select id from organizations where type = 'stud' and name = ${STUD_NAME} limit 1`;
    console.log(`Seeded the bench stud in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
  const studId = stud!.id;
  // Fresh statistics, as autovacuum would have them on a database in use: planned on the empty
  // tables' estimates, the season report nests loops over a thousand rows.
  await sql`analyze horse_identities, stud_horses, stud_clients, stud_services, stud_reservations,
    breeding_events, pregnancies, births, semen_shipments, stud_receivables, stud_payments,
    stud_income, stud_expenses`;
  const [{ season } = { season: '' }] = await sql<{ season: string }[]>`
    select min(season) as season from stud_reservations where stud_id = ${studId}`;
  const figures = await sql<{ what: string; count: number }[]>`
    select 'reservations' as what, count(*)::int as count from stud_reservations where stud_id = ${studId}
    union all select 'receivables', count(*)::int from stud_receivables where stud_id = ${studId}
    union all select 'income entries', count(*)::int from stud_income where stud_id = ${studId}
    union all select 'expenses', count(*)::int from stud_expenses where stud_id = ${studId}`;

  const { base, stop } = await startBenchServer({ SQL_STATEMENT_HEADER: '1' });
  try {
    const headers = await devSignIn(base, OWNER_EMAIL);
    // The issuer is this run's URL: each run signs in as a new user, made owner here.
    await sql`
      insert into memberships (organization_id, user_id, role)
      select ${studId}, id, 'owner' from users
       where issuer = ${`${base}/api/dev-idp`} and subject = ${OWNER_EMAIL}
      on conflict (organization_id, user_id) do nothing`;

    const s = `${base}/api/studs/${studId}`;
    const year = `start_date=${season}-01-01&end_date=${season}-12-31`;
    const timings = [
      await time(
        `GET reports/financial (season ${season})`,
        `${s}/reports/financial?${year}`,
        headers,
        TARGET_P99_MS,
      ),
      await time(
        'GET reports/financial (CSV)',
        `${s}/reports/financial?${year}&format=csv`,
        headers,
      ),
      await time('GET dashboard', `${s}/dashboard`, headers),
      await time(
        `GET reports/season?season=${season}`,
        `${s}/reports/season?season=${season}`,
        headers,
      ),
      await time('GET reports/receivables', `${s}/reports/receivables`, headers),
      await time('GET reports/foaling (next 90 days)', `${s}/reports/foaling`, headers),
    ];
    const holds = (t: Timing) => t.status === 200 && (t.target === undefined || t.p99 < t.target);
    const lines = [
      `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} CPU(s), Node ${process.version}; ` +
        `${SAMPLES} requests per route one after another, after ${WARM_UP} to warm up; load average ${os.loadavg()[0]!.toFixed(1)}. ` +
        `The stud: ${figures.map((f) => `${f.count.toLocaleString('en')} ${f.what}`).join(', ')}.`,
      '',
      '| route | p50 ms | p99 ms | max ms | body | SQL statements | target | holds |',
      '|---|---:|---:|---:|---:|---:|---|---|',
      ...timings.map(
        (t) =>
          `| ${t.name} | ${t.p50.toFixed(1)} | ${t.p99.toFixed(1)} | ${t.max.toFixed(1)} | ${(t.bytes / 1024).toFixed(1)} KiB | ${t.statements} | ${t.target ? `p99 < ${t.target} ms` : '—'} | ${t.target ? (holds(t) ? 'yes' : 'no') : '—'} |`,
      ),
    ];
    const table = lines.join('\n');
    console.log(`\n${table}`);
    writeResults('bench:stud', table, INTRO);
    if (!timings.every(holds)) process.exitCode = 1;
  } finally {
    await sql.end();
    stop();
  }
}

await runBench(main);
