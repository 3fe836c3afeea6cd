/*
 * A CPU profile of the production server under load (issue 27): starts
 * `node --cpu-prof .next/serve/serve.mjs` as bench/run.ts does, signs in as owner@scale.school,
 * drives the given routes with autocannon at 32 connections (closed loop), stops the server
 * (SIGTERM: the profile is written on exit) and prints the top of the profile by self time,
 * per function and per package.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npx tsx bench/profile.ts [route…]
 *
 * Routes are paths under the school (`dashboard`, `students`, `schedules/weekly`…); without
 * any, the dashboard and students page 1. PROFILE_DURATION sets the seconds per route (10);
 * PROFILE_SERVER another server bundle (a build of the previous commit, to compare).
 * `tsx bench/profile.ts --top file.cpuprofile` prints the top of a profile taken earlier.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { benchServerEnv, freePort } from './processes';

const DURATION = Number(process.env.PROFILE_DURATION ?? 10);
const EMAIL = 'owner@scale.school';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

function packageOf(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url.replace(/^node:internal\/(deps\/)?/, 'node:');
  if (url.includes('/.next/')) return 'our code (bundle)';
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
}

/** The top of a profile by self time: per function and per package, as Markdown tables. */
function profileTop(profile: Profile, rows = 25, lastSeconds = Infinity): string {
  // Only the samples of the load (the last `lastSeconds`), not the server's start.
  const from = profile.endTime - lastSeconds * 1e6;
  const self = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) continue;
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0;
    total += time;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = packageOf(url);
    const key = `${functionName || '(anonymous)'} — ${where}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + time);
    const pkg =
      functionName === '(idle)'
        ? '(idle)'
        : functionName === '(garbage collector)'
          ? '(garbage collector)'
          : where;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  }
  const table = (title: string, map: Map<string, number>) =>
    [
      `| ${title} | self % |`,
      '|---|---:|',
      ...[...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, rows)
        .map(
          ([key, time]) =>
            `| ${key.replaceAll('|', '\\|')} | ${((100 * time) / total).toFixed(1)} |`,
        ),
    ].join('\n');
  return `${table('package', byPackage)}\n\n${table('function', byFunction)}`;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [school] = await sql<{ id: string }[]>`
    select o.id from memberships m join organizations o on o.id = m.organization_id
    left join users u on u.id = m.user_id
    where lower(coalesce(u.email, m.invited_email)) = ${EMAIL} limit 1`;
  if (!school) throw new Error(`${EMAIL} is not a member of any school: npm run seed:scale`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eq-profile-'));
  const server = spawn(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      process.env.PROFILE_SERVER ?? path.join('.next', 'serve', 'serve.mjs'),
    ],
    {
      env: benchServerEnv(base),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) break;
    } catch {
      if (i > 360) throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const { token } = (await (
    await fetch(`${base}/api/dev-idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL }),
    })
  ).json()) as { token: string };
  await (
    await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  ).arrayBuffer();
  await sql`
    insert into memberships (organization_id, user_id, role)
    select ${school.id}, id, 'owner' from users where issuer = ${`${base}/api/dev-idp`} and subject = ${EMAIL}
    on conflict (organization_id, user_id) do nothing`;
  await sql.end();
  const routes = process.argv.slice(2);
  for (const route of routes.length ? routes : ['dashboard', 'students']) {
    const file = path.join(dir, `load-${route.replaceAll('/', '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({
        url: `${base}/api/schools/${school.id}/${route}`,
        headers: { authorization: `Bearer ${token}` },
        connections: 32,
        duration: DURATION,
      }),
    );
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', file], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('exit', (code) => (code ? reject(new Error(`load ${code}`)) : resolve(text)));
    });
    const result = JSON.parse(out) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
    };
    console.log(
      `${route}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  const profileFile = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!profileFile) throw new Error(`no profile in ${dir}`);
  console.log(
    `\nProfile: ${path.join(dir, profileFile)}; load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  const loadSeconds = (routes.length || 2) * DURATION;
  console.log(
    `Top of the profile by self time, the last ${loadSeconds} s (the load, not the start):\n`,
  );
  console.log(
    profileTop(
      JSON.parse(fs.readFileSync(path.join(dir, profileFile), 'utf8')) as Profile,
      25,
      loadSeconds,
    ),
  );
}

if (process.argv[2] === '--top') {
  // `tsx bench/profile.ts --top file.cpuprofile`: the top of a profile taken earlier.
  // `--top file.cpuprofile [seconds]`: only the last seconds of the profile.
  const seconds = Number(process.argv[4] ?? Infinity);
  console.log(
    profileTop(JSON.parse(fs.readFileSync(process.argv[3]!, 'utf8')) as Profile, 25, seconds),
  );
} else {
  await main();
}
