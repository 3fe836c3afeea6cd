import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import { openPostgres } from '@/db/client';

/*
 * What the bench scripts share: their start and end, a free port, the production server started
 * and waited for, a user signed in through the development issuer, and autocannon in a process
 * of its own.
 */

/** Whether the production build (`npm start`: .next/serve/serve.mjs) is there. */
export function hasProductionBuild(): boolean {
  return fs.existsSync(path.join(process.cwd(), '.next', 'serve', 'serve.mjs'));
}

export const NO_PRODUCTION_BUILD = 'No production build (.next/serve/serve.mjs): npm run build.';

/**
 * DATABASE_URL, its database migrated. Without it, or (unless `build` is false) without the
 * production build, says which is missing and exits 1.
 */
export async function migratedDatabaseUrl({ build = true } = {}): Promise<string> {
  const url = process.env.DATABASE_URL;
  if (!url || (build && !hasProductionBuild())) {
    console.error(url ? NO_PRODUCTION_BUILD : 'DATABASE_URL is required.');
    process.exit(1);
  }
  const handle = await openPostgres(url);
  await handle.migrate();
  await handle.close();
  return url;
}

/**
 * Runs a bench's `main`: an error is printed and makes the exit code 1; at the end, after
 * `cleanup`, the process exits whatever is still open (connections, timers, children).
 */
export async function runBench(main: () => Promise<void>, cleanup?: () => void): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    cleanup?.();
    process.exit();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Until `url` answers below 500, or `child` exits, or `seconds` pass. */
export async function waitFor(url: string, child: ChildProcess, seconds = 90): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** What the production server of a benchmark runs with, on `base` (its port in `base`). */
export function benchServerEnv(
  base: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PORT: new URL(base).port,
    APP_URL: base,
    AUTH_DEV_ISSUER: '1',
    AUTH_SECRET: 'benchmark-only-secret',
    SEED_DEMO: '0',
    ...extra,
  };
}

/**
 * The production build (`npm start`: .next/serve/serve.mjs) on a free port, in its own process
 * group, answering once this resolves; `stop` ends it, and so does this process's exit.
 */
export async function startBenchServer(
  extra: Record<string, string> = {},
): Promise<{ base: string; stop: () => void }> {
  const base = `http://127.0.0.1:${await freePort()}`;
  const server = spawn(process.execPath, [path.join('.next', 'serve', 'serve.mjs')], {
    env: benchServerEnv(base, extra),
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    try {
      if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  await waitFor(`${base}/api/health`, server);
  return { base, stop };
}

/**
 * Signs `email` in through the development issuer (the user exists afterwards): the bearer
 * header of its token. The issuer is the run's URL, so each run makes a new user.
 */
export async function devSignIn(base: string, email: string): Promise<{ authorization: string }> {
  const res = await fetch(`${base}/api/dev-idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const { token } = (await res.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  await (await fetch(`${base}/api/auth/me`, { headers })).arrayBuffer();
  return headers;
}

let loads = 0;

/**
 * A load script (bench/load.ts, bench/paced-load.ts) in its own process, so that it shares no
 * event loop with the script; the options (with thousands of bodies) go through a file: argv
 * has a size limit. Resolves with what the script printed, as JSON.
 */
function loadInProcess<T>(script: string, options: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const file = path.join(os.tmpdir(), `bench-load-${process.pid}-${loads++}.json`);
    fs.writeFileSync(file, JSON.stringify(options));
    const child = spawn(process.execPath, ['--import', 'tsx', script, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      fs.rmSync(file, { force: true });
      if (code) reject(new Error(`${script} exited with ${code}`));
      else resolve(JSON.parse(out) as T);
    });
  });
}

/** One autocannon run (closed loop: each connection sends again when answered). */
export const runLoad = (options: Record<string, unknown>) =>
  loadInProcess<Result>('bench/load.ts', options);

export type PacedResult = { requests: number; failed: number; latencies: number[] };

/** `rate` GETs a second of `url` for `duration` seconds, each timed from when it was due. */
export const runPacedLoad = (options: {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  duration: number;
  connections: number;
}) => loadInProcess<PacedResult>('bench/paced-load.ts', options);
