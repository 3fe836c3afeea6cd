/*
 * The load test of issues 8 and 27. Needs a database seeded by `npm run seed:scale` and a
 * production build:
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npm run bench
 *
 * Starts the production server (`npm start`: server/serve.ts) on a free port (dev issuer, no
 * demo seed, the x-sql-statements header on), signs in as owner@scale.school, starts the floor
 * server (bench/floor-server.ts) and drives both with autocannon, each run in its own process
 * (bench/load.ts), in `BENCH_ROUNDS` rounds (default 2): each round measures the two floors
 * (a canned 12 KiB body on bare node:http; a 20-row indexed list on node:http + postgres.js)
 * and then every route of issue 27's table at 32 connections, closed loop, so that every
 * figure is a share of floor 2 measured in the same round. The server's RSS is sampled through
 * the run. Last, it times `generate-monthly`, a 10,000-row student CSV import and a 10,000-row
 * pedigree import (foals before their parents), one request each.
 * Prints the tables and writes them to bench/RESULTS.md between the markers.
 * BENCH_DURATION (seconds per run, default 10) shortens or lengthens the runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TZDate } from '@date-fns/tz';
import { format, subMonths, endOfMonth } from 'date-fns';
import postgres from 'postgres';
import { devSignIn, freePort, hasProductionBuild, runBench, runLoad, waitFor } from './processes';
import { writeResultsBetween } from './results';
import type { Result } from 'autocannon';
import { pedigreeCsv } from './pedigree-csv';

const USAGE = `Usage:
  npm run build
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npm run seed:scale   # once
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npm run bench`;

const SCALE_OWNER_EMAIL = 'owner@scale.school';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 32;
const IMPORT_ROWS = 10_000;
/**
 * `BENCH_ONLY=weekly` measures only the routes whose name matches (a regular expression), for
 * a quick look while working: no bulk writes, nothing written to bench/RESULTS.md.
 */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

type Group = 'small' | 'list' | 'weekly' | 'print' | 'financial' | 'write' | 'scale';

type Route = {
  name: string;
  group: Group;
  method?: 'POST';
  path: string;
  /** Bodies sent in turn; the first one is the probe's. */
  bodies?: string[];
  /** One of the routes of issue 27's target 7 (≥ 50 req/s, p99 < 500 ms on the scale data). */
  scale?: boolean;
};

/** Issue 27's targets: share of floor 2's req/s in the same round, p99 at 32 connections. */
const TARGETS: Record<Group, { ratio?: number; p99?: number }> = {
  small: { ratio: 0.25, p99: 50 },
  list: { ratio: 0.15 },
  weekly: { ratio: 0.02 },
  print: { ratio: 0.06 },
  financial: { ratio: 0.1 },
  write: { ratio: 0.05, p99: 100 },
  scale: {},
};

type Round = { canned: Result; list: Result; measured: Map<Route, Result> };

const children: ChildProcess[] = [];

function stopChildren() {
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
  }
}

function start(label: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', (code) => {
    if (code) console.error(`${label} exited with ${code}:\n${log}`);
  });
  return child;
}

/** How long the fixed route takes to answer before any load: what `settle` waits to see again. */
let quietMs = 50;

async function timeFetch(url: string): Promise<number> {
  const started = performance.now();
  await (await fetch(url)).arrayBuffer();
  return performance.now() - started;
}

/**
 * autocannon stops at the end of a run, but the server still works through the requests it had
 * queued: wait until it answers about as fast as before any load, so one route's backlog is not
 * the next one's. (On a machine loaded by other work a fixed 50 ms would never be reached.)
 */
async function settle(url: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await timeFetch(url)) < quietMs) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)}`;
const errorsOf = (r: Result) => r.errors + r.non2xx;

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url || !hasProductionBuild()) {
    console.error(
      `${url ? 'No production build (.next/serve/serve.mjs).' : 'DATABASE_URL is required.'}\n\n${USAGE}`,
    );
    process.exit(1);
  }
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  process.once('exit', () => void sql.end({ timeout: 0 }));
  const [school] = await sql<{ id: string; timezone: string }[]>`
    select o.id, o.timezone from memberships m
    join organizations o on o.id = m.organization_id
    left join users u on u.id = m.user_id
    where lower(coalesce(u.email, m.invited_email)) = ${SCALE_OWNER_EMAIL} limit 1`;
  if (!school) {
    await sql.end();
    console.error(
      `${SCALE_OWNER_EMAIL} is not a member of any school: seed the database first.\n\n${USAGE}`,
    );
    process.exit(1);
  }
  const schoolId = school.id;
  const now = new Date();
  const local = new TZDate(now, school.timezone);
  const today = format(local, 'yyyy-MM-dd');
  const lastMonth = subMonths(
    new TZDate(local.getFullYear(), local.getMonth(), 1, school.timezone),
    1,
  );
  const month = {
    start: format(lastMonth, 'yyyy-MM-dd'),
    end: format(endOfMonth(lastMonth), 'yyyy-MM-dd'),
  };

  const [student] = await sql<{ id: string }[]>`
    select id from students where school_id = ${schoolId} order by last_name, first_name, id limit 1`;
  const [horse] = await sql<{ id: string }[]>`
    select horse_id as id from enrollments where school_id = ${schoolId} and horse_id is not null limit 1`;
  const [competition] = await sql<{ id: string }[]>`
    select competition_id as id from competition_entries where school_id = ${schoolId}
    group by competition_id order by count(*) desc limit 1`;
  // A class's attendance on its weekday of last week, for 200 schedules taken in turn.
  const attendanceBodies = (
    await sql<{ schedule_id: string; date: string; enrollments: string[] }[]>`
      select sc.id as schedule_id,
             (${today}::date - 7 - ((extract(dow from ${today}::date)::int - sc.day_of_week + 7) % 7))::text as date,
             array_agg(e.id order by e.id) as enrollments
      from schedules sc
      join enrollments e on e.school_id = sc.school_id and e.schedule_id = sc.id and e.status = 'active'
      where sc.school_id = ${schoolId}
      group by sc.id, sc.day_of_week order by sc.id limit 200`
  ).map((row) =>
    JSON.stringify({
      schedule_id: row.schedule_id,
      date: row.date,
      attendance: row.enrollments.map((id, i) => ({
        enrollment_id: id,
        status: i % 5 === 0 ? 'absent' : 'present',
      })),
    }),
  );

  const port = await freePort();
  const floorPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const next = start('npm start', [path.join('.next', 'serve', 'serve.mjs')], {
    ...process.env,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: base,
    AUTH_DEV_ISSUER: '1',
    AUTH_SECRET: 'benchmark-only-secret',
    SEED_DEMO: '0',
    SQL_STATEMENT_HEADER: '1',
    BENCH_ROUTES: '1',
  });
  await waitFor(`${base}/api/health`, next);

  const signedIn = await devSignIn(base, SCALE_OWNER_EMAIL);
  // The invitation binds to the first identity that signs in with the address; the issuer
  // is this run's URL, so a later run on another port signs in as a new identity.
  await sql`
    insert into memberships (organization_id, user_id, role)
    select ${schoolId}, id, 'owner' from users where issuer = ${`${base}/api/dev-idp`} and subject = ${SCALE_OWNER_EMAIL}
    on conflict (organization_id, user_id) do nothing`;
  const headers = { ...signedIn, 'content-type': 'application/json' };

  const floor = start('floor server', ['--import', 'tsx', 'bench/floor-server.ts'], {
    ...process.env,
    PORT: String(floorPort),
    SCHOOL_ID: schoolId,
    COMPETITION_ID: competition!.id,
    USER_ISSUER: `${base}/api/dev-idp`,
    USER_SUBJECT: SCALE_OWNER_EMAIL,
    TODAY: today,
    MONTH_START: format(local, 'yyyy-MM-01'),
    NEXT_MONTH_START: format(
      new TZDate(local.getFullYear(), local.getMonth() + 1, 1, school.timezone),
      'yyyy-MM-dd',
    ),
    MONTH_START_INSTANT: new Date(
      new TZDate(local.getFullYear(), local.getMonth(), 1, school.timezone).getTime(),
    ).toISOString(),
    NEXT_MONTH_START_INSTANT: new Date(
      new TZDate(local.getFullYear(), local.getMonth() + 1, 1, school.timezone).getTime(),
    ).toISOString(),
  });
  await waitFor(`${floorBase}/students`, floor);

  const s = `/api/schools/${schoolId}`;
  const monthQuery = `start_date=${month.start}&end_date=${month.end}`;
  const allRoutes: Route[] = [
    { name: 'GET dashboard', group: 'small', path: `${s}/dashboard`, scale: true },
    {
      name: 'GET competitions/{id}/payments/summary',
      group: 'small',
      path: `${s}/competitions/${competition!.id}/payments/summary`,
    },
    { name: 'GET horses', group: 'small', path: `${s}/horses` },
    { name: 'GET students/{id}', group: 'small', path: `${s}/students/${student!.id}` },
    { name: 'GET students (page 1)', group: 'list', path: `${s}/students` },
    { name: 'GET students?search=garc', group: 'list', path: `${s}/students?search=garc` },
    { name: 'GET payments?status=pending', group: 'list', path: `${s}/payments?status=pending` },
    {
      name: 'GET reports/financial (month)',
      group: 'financial',
      path: `${s}/reports/financial?${monthQuery}`,
      scale: true,
    },
    { name: 'GET schedules/weekly', group: 'weekly', path: `${s}/schedules/weekly`, scale: true },
    {
      name: 'GET …/entries/print-list (2,000 entries)',
      group: 'print',
      path: `${s}/competitions/${competition!.id}/entries/print-list`,
    },
    {
      name: 'GET attendance/report (month)',
      group: 'scale',
      path: `${s}/attendance/report?${monthQuery}`,
      scale: true,
    },
    {
      name: 'GET horses/{id}/usage (month)',
      group: 'scale',
      path: `${s}/horses/${horse!.id}/usage?${monthQuery}`,
      scale: true,
    },
    {
      name: 'POST attendance (one class)',
      group: 'write',
      method: 'POST',
      path: `${s}/attendance`,
      bodies: attendanceBodies,
    },
  ];
  const routes = ONLY ? allRoutes.filter((route) => ONLY.test(route.name)) : allRoutes;

  const quiet: number[] = [];
  for (let i = 0; i < 9; i++) quiet.push(await timeFetch(`${base}/bench-fixed`));
  quietMs = Math.max(50, 3 * quiet.sort((a, b) => a - b)[4]!);

  // The server's memory through the whole run (target 6: under 300 MB RSS).
  let maxRss = 0;
  const rssOf = () => {
    try {
      const status = fs.readFileSync(`/proc/${next.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const rssTimer = setInterval(() => (maxRss = Math.max(maxRss, rssOf())), 500);

  const probes = new Map<Route, { status: number; statements: string; bytes: number }>();
  for (const route of routes) {
    const probe = await fetch(`${base}${route.path}`, {
      method: route.method ?? 'GET',
      headers,
      body: route.bodies?.[0],
    });
    const text = await probe.text();
    if (probe.status >= 300) console.error(`${route.name}: ${probe.status} ${text.slice(0, 300)}`);
    probes.set(route, {
      status: probe.status,
      statements: probe.headers.get('x-sql-statements') ?? '?',
      bytes: Buffer.byteLength(text),
    });
  }

  const closedLoop = (target: string, extra: Record<string, unknown> = {}) =>
    runLoad({ url: target, connections: CONNECTIONS, duration: DURATION, ...extra });
  const rounds: Round[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await runLoad({ url: `${floorBase}/canned`, connections: 4, duration: 2 });
    const canned = await closedLoop(`${floorBase}/canned`);
    await runLoad({ url: `${floorBase}/list`, connections: 4, duration: 2 });
    const list = await closedLoop(`${floorBase}/list`);
    console.log(
      `round ${round}: floor 1 (canned) ${canned.requests.average.toFixed(0)} req/s, floor 2 (20-row list) ${list.requests.average.toFixed(0)} req/s`,
    );
    const measured = new Map<Route, Result>();
    for (const route of routes) {
      if (!route.method) {
        // Warm-up: JIT, the pool's connections, Postgres's caches.
        await runLoad({ url: `${base}${route.path}`, headers, connections: 4, duration: 2 });
      }
      const bodies =
        route.bodies && (round % 2 ? route.bodies.slice(1) : route.bodies.slice(1).reverse());
      const result = await closedLoop(`${base}${route.path}`, {
        method: route.method ?? 'GET',
        headers,
        bodies,
      });
      measured.set(route, result);
      console.log(
        `round ${round}: ${route.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
      await settle(`${base}/bench-fixed`);
    }
    rounds.push({ canned, list, measured });
  }
  if (ONLY) {
    clearInterval(rssTimer);
    console.log(`Largest RSS of the server: ${(maxRss / 2 ** 20).toFixed(0)} MB`);
    return;
  }

  // Bulk writes, one request each, timed by the client; what they write is removed afterwards,
  // so every run starts from the seed.
  const bulk: { name: string; rows: number; ms: number; status: number; target: number }[] = [];
  const nextMonth = format(
    new TZDate(local.getFullYear(), local.getMonth() + 1, 1, school.timezone),
    'yyyy-MM',
  );
  const runStarted = new Date();
  const timedRequest = async (init: RequestInit & { path: string }) => {
    await settle(`${base}/bench-fixed`);
    const started = performance.now();
    const res = await fetch(`${base}${init.path}`, init);
    const body = (await res.json()) as { data?: Record<string, unknown> };
    return {
      ms: performance.now() - started,
      status: res.status,
      data: body.data ?? (body as Record<string, unknown>),
    };
  };
  const monthly = await timedRequest({
    path: `${s}/payments/generate-monthly`,
    method: 'POST',
    headers,
    body: JSON.stringify({ month: nextMonth }),
  });
  const charged = Number(monthly.data.created ?? 0);
  bulk.push({
    name: `POST payments/generate-monthly (${nextMonth})`,
    rows: charged,
    ms: monthly.ms,
    status: monthly.status,
    target: 2000,
  });
  const prefix = `BENCH${Date.now()}`;
  const csv = [
    'first_name,last_name,document_type,document_number,email,phone,level',
    ...Array.from(
      { length: IMPORT_ROWS },
      (_, i) =>
        `Import,Student ${i + 1},dni,${prefix}-${i + 1},import${i + 1}.${prefix.toLowerCase()}@bench.test,+34 611 ${String(i).padStart(6, '0')},beginner`,
    ),
  ].join('\n');
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  const imported = await timedRequest({
    path: `${s}/students/import`,
    method: 'POST',
    headers: { authorization: headers.authorization },
    body: form,
  });
  bulk.push({
    name: 'POST students/import (CSV)',
    rows: Number(imported.data.imported ?? 0),
    ms: imported.ms,
    status: imported.status,
    target: 5000,
  });
  // Issue 16: 10,000 identities, each foal before its parents in the file, as an administrator.
  const adminRes = await fetch(`${base}/api/dev-idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.school' }),
  });
  const { token: adminToken } = (await adminRes.json()) as { token: string };
  const pedigreePrefix = `B${String(Date.now()).slice(-4)}`;
  const pedigreeForm = new FormData();
  pedigreeForm.set(
    'file',
    new Blob([pedigreeCsv(IMPORT_ROWS, pedigreePrefix)], { type: 'text/csv' }),
    'pedigree.csv',
  );
  const pedigree = await timedRequest({
    path: '/api/admin/pedigree/import',
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: pedigreeForm,
  });
  bulk.push({
    name: 'POST admin/pedigree/import (CSV)',
    rows: Number(pedigree.data.imported ?? 0),
    ms: pedigree.ms,
    status: pedigree.status,
    target: 5000,
  });
  for (const row of bulk) {
    console.log(
      `${row.name.padEnd(40)} ${row.rows} rows in ${row.ms.toFixed(0)} ms (status ${row.status})`,
    );
  }
  if (bulk.some((row) => row.status !== 200 || row.rows === 0))
    console.error('Bulk writes:', monthly.data, imported.data, pedigree.data);
  await sql.begin(async (tx) => {
    await tx`
      delete from payment_audit where school_id = ${schoolId} and payment_id in (
        select id from payments where school_id = ${schoolId} and period = ${nextMonth} and created_at >= ${runStarted})`;
    await tx`delete from payments where school_id = ${schoolId} and period = ${nextMonth} and created_at >= ${runStarted}`;
    await tx`delete from students where school_id = ${schoolId} and document_number like ${`${prefix}-%`}`;
    await tx`delete from horse_identities where ueln like ${`${pedigreePrefix}%`}`;
  });
  await sql.end();
  stopChildren();

  clearInterval(rssTimer);
  const rps = (r: Result) => r.requests.average.toFixed(0);
  const lat = (r: Result) => `${ms(r.latency.p50)} / ${ms(r.latency.p99)}`;
  const kib = (bytes: number) =>
    bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;
  const perRound = (fn: (round: Round) => string) => rounds.map(fn).join(' · ');
  const verdicts: string[] = [];
  const rows = routes.map((route) => {
    const probe = probes.get(route)!;
    const ratios = rounds.map(
      (round) => round.measured.get(route)!.requests.average / round.list.requests.average,
    );
    const results = rounds.map((round) => round.measured.get(route)!);
    const worstP99 = Math.max(...results.map((r) => r.latency.p99));
    const errors = results.reduce((sum, r) => sum + errorsOf(r), 0);
    const target = TARGETS[route.group];
    const checks: string[] = [];
    let holds = probe.status < 300 && errors === 0;
    if (target.ratio !== undefined) {
      const ok = Math.min(...ratios) >= target.ratio;
      holds &&= ok;
      checks.push(`≥ ${(100 * target.ratio).toFixed(0)} %`);
    }
    if (target.p99 !== undefined) {
      holds &&= worstP99 <= target.p99;
      checks.push(`p99 ≤ ${target.p99} ms`);
    }
    if (route.scale) {
      const slowest = Math.min(...results.map((r) => r.requests.average));
      const ok = slowest >= 50 && worstP99 < 500;
      verdicts.push(
        `${route.name}: ${slowest.toFixed(0)} req/s, p99 ${ms(worstP99)} ms → target 7 (≥ 50 req/s, p99 < 500 ms) ${ok ? 'holds' : 'does not hold'}`,
      );
    }
    return `| ${route.name} | ${results.map(rps).join(' · ')} | ${results.map(lat).join(' · ')} | ${kib(probe.bytes)} | ${probe.statements} | ${ratios.map((r) => `${(100 * r).toFixed(1)} %`).join(' · ')} | ${checks.join(', ') || '—'} | ${errors} | ${checks.length === 0 ? '—' : holds ? 'yes' : 'no'} |`;
  });
  const lines = [
    `Run of ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}; ${DURATION} s per run, ${ROUNDS} rounds; ` +
      `load average ${loadAtStart} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.`,
    '',
    `### Every route at ${CONNECTIONS} connections, closed loop, beside the floors (round 1 · round 2)`,
    '',
    'Each route as a share of floor 2 (bare `node:http` + postgres.js, a 20-row indexed list, no ' +
      'framework, no token) measured in the same round. Targets are those of issue 27.',
    '',
    '| target | req/s | p50 / p99 ms | body | SQL statements | share of floor 2 | target | errors | holds |',
    '|---|---:|---:|---:|---:|---:|---|---:|---|',
    `| floor 1: bare \`node:http\`, canned 12 KiB body | ${perRound((r) => rps(r.canned))} | ${perRound((r) => lat(r.canned))} | 12.3 KiB | 0 | | | ${perRound((r) => String(errorsOf(r.canned)))} | |`,
    `| floor 2: \`node:http\` + postgres.js, 20-row indexed list | ${perRound((r) => rps(r.list))} | ${perRound((r) => lat(r.list))} | | 1 | 100 % | | ${perRound((r) => String(errorsOf(r.list)))} | |`,
    ...rows,
    '',
    `Largest RSS of the production server through the run: **${(maxRss / 2 ** 20).toFixed(0)} MB** (target 6: under 300 MB) — ${maxRss < 300 * 2 ** 20 ? 'holds' : 'does not hold'}.`,
    '',
    'Target 7 (the scale data, every round):',
    '',
    ...verdicts.map((line) => `- ${line}`),
    '',
    '### Bulk writes on the large school (one request, timed by the client)',
    '',
    '| operation | rows written | ms | target ms | status | holds |',
    '|---|---:|---:|---:|---:|---|',
    ...bulk.map(
      (row) =>
        `| ${row.name} | ${row.rows.toLocaleString('en')} | ${row.ms.toFixed(0)} | ${row.target} | ${row.status} | ${row.status === 200 && row.rows > 0 && row.ms < row.target ? 'yes' : 'no'} |`,
    ),
  ];
  const table = lines.join('\n');
  console.log(`\n${table}`);
  // The file's first section, under its heading when there is no file yet.
  writeResultsBetween('bench', table, (previous, start, end) =>
    previous === undefined
      ? `# Benchmark results\n\n${start}\n${end}\n`
      : `${previous}\n${start}\n${end}\n`,
  );
}

await runBench(main, stopChildren);
