/*
 * The marketplace search at the size of a busy catalogue (DESIGN-MODULES C.3): every search of
 * 100,000 active listings answers with p99 under 100 ms at 20 requests a second. Needs
 * PostgreSQL and a production build:
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npm run bench:marketplace
 *
 * `npm run bench` runs it after bench/stud-financial.ts. Self-contained: it migrates the database
 * and, once (the categories are found by slug afterwards), seeds by SQL 2,000 users and 100
 * studs selling (1 % of each suspended), 100,000 active listings spread over eleven categories
 * of the four kinds, 30 cities, prices by kind (5 % on request) and, for horses, 15 breeds, 3
 * sexes, 25 years of birth, heights and 8 disciplines, titles and descriptions in English or
 * Spanish; plus 5,000 listings in other states. Then it starts the production server
 * (`npm start`: server/serve.ts) on a free port with the development issuer, signs in as a
 * buyer with 50 favourites, and drives each search at 20 requests a second, one every 50 ms
 * whether or not the last has answered (bench/paced-load.ts, in its own process), for
 * `BENCH_MARKETPLACE_DURATION` seconds (default 10), each request timed from when it was due.
 * Prints p50/p99 per search and writes the table to bench/RESULTS.md between its markers;
 * exits 1 when a search's p99 reaches 100 ms or a request does not answer 200.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import {
  devSignIn,
  hasProductionBuild,
  migratedDatabaseUrl,
  NO_PRODUCTION_BUILD,
  runBench,
  runPacedLoad,
  startBenchServer,
} from './processes';
import { writeResults } from './results';

const BUYER_EMAIL = 'buyer@bench.market';
const LISTINGS = 100_000;
const RATE = 20;
const CONNECTIONS = 4;
const DURATION = Number(process.env.BENCH_MARKETPLACE_DURATION ?? 10);
const TARGET_P99_MS = 100;

type Sql = postgres.Sql;

/** SQL text array literal of `values`, for `(array[...])[1 + n % length]` picks. */
const pick = (values: readonly string[], n: string) =>
  `(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}])[1 + (${n}) % ${values.length}]`;

const CITIES = [
  ['Madrid', 'Madrid'],
  ['Sevilla', 'Andalucía'],
  ['Córdoba', 'Andalucía'],
  ['Jerez de la Frontera', 'Andalucía'],
  ['Málaga', 'Andalucía'],
  ['Barcelona', 'Cataluña'],
  ['Girona', 'Cataluña'],
  ['Valencia', 'Comunidad Valenciana'],
  ['Zaragoza', 'Aragón'],
  ['Bilbao', 'País Vasco'],
  ['Oviedo', 'Asturias'],
  ['A Coruña', 'Galicia'],
  ['Salamanca', 'Castilla y León'],
  ['Badajoz', 'Extremadura'],
  ['Palma', 'Illes Balears'],
  ['Lexington', 'Kentucky'],
  ['Louisville', 'Kentucky'],
  ['Ocala', 'Florida'],
  ['Wellington', 'Florida'],
  ['Aiken', 'South Carolina'],
  ['Middleburg', 'Virginia'],
  ['Fort Worth', 'Texas'],
  ['Scottsdale', 'Arizona'],
  ['Santa Ynez', 'California'],
  ['Buenos Aires', 'Buenos Aires'],
  ['Pilar', 'Buenos Aires'],
  ['Córdoba', 'Córdoba'],
  ['Santiago', 'Región Metropolitana'],
  ['Montevideo', 'Montevideo'],
  ['Ciudad de México', 'CDMX'],
] as const;

const BREEDS = [
  'Pura Raza Española',
  'Lusitano',
  'Hanoverian',
  'Holsteiner',
  'KWPN',
  'Oldenburg',
  'Selle Français',
  'Thoroughbred',
  'Quarter Horse',
  'Arabian',
  'Andalusian',
  'Friesian',
  'Appaloosa',
  'Criollo',
  'Connemara',
];
const DISCIPLINES = [
  'Dressage',
  'Show jumping',
  'Eventing',
  'Endurance',
  'Western',
  'Doma vaquera',
  'Polo',
  'Leisure',
];
const COLOURS = ['Bay', 'Grey', 'Chestnut', 'Black', 'Palomino', 'Dun'];
const ITEMS = [
  'Leather dressage saddle',
  'Close contact jumping saddle',
  'Western saddle',
  'Silla de doma vaquera',
  'Snaffle bridle',
  'Cabezada de cuero',
  'Double bridle',
  'Turnout rug',
  'Manta de cuadra',
  'Fleece cooler',
  'Saddle pad',
  'Tendon boots',
  'Riding helmet',
  'Body protector',
  'Horse trailer',
];
const ADJECTIVES = ['like new', 'hardly used', 'en buen estado', 'well kept', 'nuevo', 'vintage'];
const SERVICES = [
  'Farrier visits',
  'Herrador a domicilio',
  'Horse transport',
  'Transporte de caballos',
  'Equine dentist',
  'Clases de doma',
  'Livery and schooling',
  'Pre-purchase vetting',
];
const SENTENCES = [
  'Kind temperament, easy to handle in the stable and in the field.',
  'Carácter noble, fácil de manejar, acostumbrado al tráfico.',
  'Competed successfully at regional level with an amateur rider.',
  'Ha competido a nivel nacional con buenos resultados.',
  'Vetted last spring with clean x-rays; papers and passport in order.',
  'Revisión veterinaria reciente, papeles en regla.',
  'Collection possible; delivery can be arranged at cost.',
  'Se puede probar con cita previa.',
  'Comes with the original receipt and spare parts.',
  'Bien cuidado, siempre guardado en el guadarnés.',
];

/** The seed, in one transaction: a half-seeded catalogue from an interrupted run is never found. */
async function seed(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`set local synchronous_commit = off`;
    await tx.unsafe(`
      insert into marketplace_categories (name, slug, kind, position)
      values ('Horses', 'bench-horses', 'horse', 0), ('Tack', 'bench-tack', 'item', 1),
             ('Services', 'bench-services', 'service', 2),
             ('Stallion services', 'bench-stallion-services', 'stallion_service', 3);
      insert into marketplace_categories (name, slug, kind, parent_id, position)
      select c.name, c.slug, p.kind, p.id, c.position
        from (values ('Sport horses', 'bench-sport-horses', 'bench-horses', 0),
                     ('Leisure horses', 'bench-leisure-horses', 'bench-horses', 1),
                     ('Ponies', 'bench-ponies', 'bench-horses', 2),
                     ('Saddles', 'bench-saddles', 'bench-tack', 0),
                     ('Bridles', 'bench-bridles', 'bench-tack', 1),
                     ('Rugs', 'bench-rugs', 'bench-tack', 2),
                     ('Farriers', 'bench-farriers', 'bench-services', 0),
                     ('Transport', 'bench-transport', 'bench-services', 1))
             c(name, slug, parent, position)
        join marketplace_categories p on p.slug = c.parent;
      insert into users (issuer, subject, email, display_name, status)
      select 'bench-marketplace', 'seller-' || g, 'seller-' || g || '@bench.market',
             'Seller ' || g, case when g % 100 = 0 then 'suspended' else 'active' end
        from generate_series(1, 2000) g;
      insert into organizations (type, name, timezone, currency, status)
      select 'stud', 'Bench market stud ' || g, 'Europe/Madrid', 'EUR',
             case when g % 100 = 0 then 'suspended' else 'active' end
        from generate_series(1, 100) g;
      insert into seller_profiles (user_id, display_name, slug, city)
      select id, display_name, 'bench-' || subject, 'Madrid'
        from users where issuer = 'bench-marketplace';
      insert into seller_profiles (organization_id, display_name, slug)
      select id, name, 'bench-stud-' || id from organizations where name like 'Bench market stud %';
    `);
    // Listing n: its category from 20 slots (40 % horses), the rest from hashes of n.
    const slots = [
      'sport-horses',
      'sport-horses',
      'sport-horses',
      'leisure-horses',
      'leisure-horses',
      'leisure-horses',
      'ponies',
      'horses',
      'stallion-services',
      'saddles',
      'saddles',
      'saddles',
      'bridles',
      'bridles',
      'rugs',
      'rugs',
      'tack',
      'farriers',
      'farriers',
      'transport',
    ].map((slug) => `bench-${slug}`);
    const listings = (count: number, status: string) => `
      with sellers as (
        select sp.id, row_number() over (order by sp.id) - 1 as k from seller_profiles sp
         where sp.slug like 'bench-%'
      ),
      n as (
        select g, abs(hashtext(g::text || '${status}')) as h, abs(hashtext('x' || g)) as h2,
               abs(hashtext('y' || g)) as h3
          from generate_series(1, ${count}) g
      ),
      shaped as (
        select n.*, c.id as category_id, c.kind,
               ${pick(['mare', 'gelding', 'stallion'], 'n.h2 / 7')} as sex,
               ${pick(BREEDS, 'n.h2 / 31')} as breed,
               ${pick(DISCIPLINES, 'n.h3 / 13')} as discipline,
               ${pick(
                 CITIES.map(([city]) => city),
                 'n.h3 / 101',
               )} as city,
               ${pick(
                 CITIES.map(([, state]) => state),
                 'n.h3 / 101',
               )} as state
          from n join marketplace_categories c on c.slug = ${pick(slots, 'n.h')}
      )
      insert into publications (seller_profile_id, category_id, title, description, price,
                                price_type, sale_mode, quantity, condition, city, state, country,
                                attributes, status, suspended_from, published_at, expires_at,
                                favourites_count, created_at, updated_at)
      select s.id, x.category_id,
             case x.kind
               when 'horse' then
                 case when x.h % 3 = 0
                   then (case x.sex when 'mare' then 'Yegua ' when 'gelding' then 'Caballo castrado '
                                    else 'Semental ' end) || x.breed || ' de ' || lower(x.discipline)
                   else x.breed || ' ' || x.sex || ' for ' || lower(x.discipline) end
               when 'stallion_service' then 'Cubriciones: ' || x.breed || ' stallion at stud'
               when 'item' then ${pick(ITEMS, 'x.h2 / 3')} || ', ' || ${pick(ADJECTIVES, 'x.h3')}
               else ${pick(SERVICES, 'x.h2 / 3')} || ' in ' || x.city end,
             ${pick(SENTENCES, 'x.h2')} || ' ' || ${pick(SENTENCES, 'x.h3 / 3')} || ' '
               || ${pick(SENTENCES, 'x.h / 11')},
             case when x.h % 20 = 0 then null
                  when x.kind = 'horse' then 1500 + (x.h2 % 600) * 100
                  when x.kind = 'stallion_service' then 300 + (x.h2 % 300) * 10
                  when x.kind = 'item' then 10 + (x.h2 % 3000) + 0.99
                  else 20 + (x.h2 % 480) end,
             case when x.h % 20 = 0 then 'on_request' when x.h % 5 = 0 then 'negotiable'
                  else 'fixed' end,
             case when x.kind = 'item' then 'buy_now' else 'enquiry' end,
             case when x.kind = 'item' then 1 + x.h % 5 else 1 end,
             case when x.kind = 'item' then ${pick(['new', 'used'], 'x.h3')} end,
             x.city, x.state, case when x.h3 / 101 % 30 < 15 then 'ES' else 'US' end,
             case when x.kind = 'horse' then jsonb_build_object(
                    'breed', x.breed, 'sex', x.sex, 'birth_year', 2000 + x.h3 % 25,
                    'height_cm', 120 + x.h % 60, 'colour', ${pick(COLOURS, 'x.h2 / 5')},
                    'discipline', x.discipline)
                  when x.kind = 'stallion_service' then jsonb_build_object(
                    'breed', x.breed, 'discipline', x.discipline)
                  else '{}'::jsonb end,
             '${status}', null,
             now() - make_interval(mins => (x.h2 % 129600)::int),
             now() - make_interval(mins => (x.h2 % 129600)::int) + interval '90 days',
             x.h % 7, now() - make_interval(mins => (x.h2 % 129600)::int + 60),
             now() - make_interval(mins => (x.h3 % 129600)::int)
        from shaped x join sellers s on s.k = x.g % (select count(*) from sellers)`;
    await tx.unsafe(listings(LISTINGS, 'active'));
    for (const status of ['draft', 'pending', 'paused', 'sold', 'expired']) {
      await tx.unsafe(listings(1000, status));
    }
  });
}

type Search = { name: string; query: string };

/** The searches timed: each filter, each sort, and a deep page. Category slugs become ids. */
const SEARCHES: Search[] = [
  { name: 'newest, no filter', query: '' },
  { name: 'q=yegua (Spanish stems)', query: 'q=yegua' },
  { name: 'q=dressage mare', query: 'q=dressage%20mare' },
  { name: 'q=saddle, price_asc', query: 'q=saddle&sort=price_asc' },
  { name: 'q=espanola (accents folded), Horses', query: 'q=espanola&category_id=bench-horses' },
  { name: 'category Horses (with children)', query: 'category_id=bench-horses' },
  { name: 'category Saddles, price_desc', query: 'category_id=bench-saddles&sort=price_desc' },
  { name: 'kind=service', query: 'kind=service' },
  { name: 'price 5,000 to 15,000', query: 'min_price=5000&max_price=15000' },
  {
    name: 'price 5,000 to 15,000, price_asc',
    query: 'min_price=5000&max_price=15000&sort=price_asc',
  },
  {
    name: 'horses: mare, 4 to 12 years, 150 to 170 cm',
    query: 'kind=horse&sex=mare&min_age=4&max_age=12&min_height=150&max_height=170',
  },
  { name: 'breed=hanoverian', query: 'breed=hanoverian' },
  { name: 'discipline=dressage, price_asc', query: 'discipline=dressage&sort=price_asc' },
  { name: 'city=madrid', query: 'city=madrid' },
  { name: 'state=andalucia, Horses', query: 'state=andalucia&category_id=bench-horses' },
  { name: 'sale_mode=buy_now', query: 'sale_mode=buy_now' },
  { name: 'sort=price_asc', query: 'sort=price_asc' },
  { name: 'sort=price_desc', query: 'sort=price_desc' },
  { name: 'newest, page 200', query: 'page=200' },
];

/** The nearest-rank percentile of sorted `values`: the smallest value `p` of them do not exceed. */
const percentile = (values: number[], p: number) =>
  values[Math.max(0, Math.ceil(p * values.length) - 1)] ?? 0;

type Timing = {
  name: string;
  total: number;
  statements: string;
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
};

async function time(search: Search, url: string, headers: Record<string, string>): Promise<Timing> {
  const probe = await fetch(url, { headers });
  const body = (await probe.json()) as { meta?: { total: number } };
  if (probe.status !== 200)
    throw new Error(`${search.name}: ${probe.status} ${JSON.stringify(body)}`);
  // A short warm-up at the same rate: the plan cache and PostgreSQL's buffers.
  const load = { url, headers, rate: RATE, connections: CONNECTIONS };
  await runPacedLoad({ ...load, duration: 2 });
  const { requests, failed, latencies } = await runPacedLoad({ ...load, duration: DURATION });
  const timing: Timing = {
    name: search.name,
    total: body.meta?.total ?? 0,
    statements: probe.headers.get('x-sql-statements') ?? '?',
    requests,
    failed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
  console.log(
    `${search.name.padEnd(46)} p50 ${timing.p50.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms (${timing.total.toLocaleString('en')} found, ${timing.requests} requests)`,
  );
  return timing;
}

const INTRO = [
  '## Marketplace search over 100,000 listings (bench/marketplace-search.ts)',
  '',
  '`npm run bench:marketplace` (run by `npm run bench` after the stud reports) seeds, once,',
  '100,000 active listings (and 5,000 in other states) over eleven categories, 30 cities and',
  '2,100 sellers, and drives each search through the production server at',
  `${RATE} requests a second, one every ${1000 / RATE} ms (open loop: bench/paced-load.ts), each timed`,
  `from when it was due. Target (DESIGN-MODULES C.3): p99 under ${TARGET_P99_MS} ms per search.`,
];

async function main() {
  const url = await migratedDatabaseUrl({ build: false });

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const categoryIds = async () =>
    new Map(
      (
        await sql<{ slug: string; id: string }[]>`
          select slug, id from marketplace_categories where slug like 'bench-%'`
      ).map((c) => [c.slug, c.id]),
    );
  let categories = await categoryIds();
  if (categories.size === 0) {
    const started = performance.now();
    await seed(sql);
    categories = await categoryIds();
    console.log(
      `Seeded the bench catalogue in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
  // Fresh statistics and visibility map, as autovacuum would have them on a catalogue in use
  // (without the map, counts read every row from the table instead of the index).
  await sql`vacuum (analyze) users, organizations, seller_profiles, marketplace_categories,
    publications, marketplace_favourites`;
  const [{ active } = { active: 0 }] = await sql<{ active: number }[]>`
    select count(*)::int as active from publications where status = 'active'`;
  // Seeded without one, so that the seed can be prepared while the build runs.
  if (!hasProductionBuild()) {
    await sql.end();
    console.error(NO_PRODUCTION_BUILD);
    process.exit(1);
  }

  const { base, stop } = await startBenchServer({ SQL_STATEMENT_HEADER: '1' });
  try {
    const headers = await devSignIn(base, BUYER_EMAIL);
    // The issuer is this run's URL: each run signs in as a new user, given 50 favourites here.
    await sql`
      insert into marketplace_favourites (user_id, publication_id)
      select u.id, p.id from users u
      cross join (select id from publications where status = 'active'
                   order by published_at desc limit 50) p
       where u.issuer = ${`${base}/api/dev-idp`} and u.subject = ${BUYER_EMAIL}
      on conflict do nothing`;

    const timings: Timing[] = [];
    for (const search of SEARCHES) {
      const query = search.query.replace(/bench-[a-z-]+/g, (slug) => categories.get(slug)!);
      timings.push(await time(search, `${base}/api/marketplace/listings?${query}`, headers));
    }
    const holds = (t: Timing) => t.failed === 0 && t.p99 < TARGET_P99_MS;
    const lines = [
      `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} CPU(s), Node ${process.version}; ` +
        `${RATE} requests a second, one every ${1000 / RATE} ms, for ${DURATION} s per search, after 2 s to warm up; ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}. ${active.toLocaleString('en')} active listings.`,
      '',
      `| search | found | p50 ms | p99 ms | max ms | requests | SQL statements | p99 < ${TARGET_P99_MS} ms |`,
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...timings.map(
        (t) =>
          `| ${t.name} | ${t.total.toLocaleString('en')} | ${t.p50.toFixed(1)} | ${t.p99.toFixed(1)} | ${t.max.toFixed(1)} | ${t.requests}${t.failed ? ` (${t.failed} failed)` : ''} | ${t.statements} | ${holds(t) ? 'yes' : 'no'} |`,
      ),
    ];
    const table = lines.join('\n');
    console.log(`\n${table}`);
    writeResults('bench:marketplace', table, INTRO);
    if (!timings.every(holds)) process.exitCode = 1;
  } finally {
    await sql.end();
    stop();
  }
}

await runBench(main);
