import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite, queryRows } from './client';

const WRITER = path.join(process.cwd(), 'server', 'test', 'pglite-writer.ts');
let tmp: string | undefined;

afterEach(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  tmp = undefined;
});

/**
 * Runs the writer on `dataDir` and kills it (SIGKILL: no exit handler, no checkpoint) once it
 * has committed `rows` rows; resolves with the numbers it reported committed.
 */
function killWriterAfter(
  dataDir: string,
  rows: number,
): Promise<{ committed: number[]; pid: number }> {
  // One process (not the tsx launcher, which would leave its child running when killed).
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const committed: number[] = [];
  let stderr = '';
  let buffered = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      committed.push(...lines.map(Number));
      if (committed.length >= rows) child.kill('SIGKILL');
    });
    child.on('exit', (_, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL' && committed.length >= rows) resolve({ committed, pid: child.pid! });
      else
        reject(
          new Error(
            `the writer stopped after ${committed.length} rows (${signal ?? 'exit'}): ${stderr}`,
          ),
        );
    });
  });
}

describe('PGlite killed in the middle of writing', () => {
  it(
    'reopens its data directory, despite the dead process lock, with every committed row',
    { timeout: 120_000 },
    async () => {
      tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'equestrian-crash-'));
      const dataDir = path.join(tmp, 'pglite');
      // Creating a data directory costs seconds; the PGlite pass has a migrated one ready to copy
      // (the PostgreSQL pass has none, and the writer creates one).
      const dump = inject('pgliteDump');
      if (dump) {
        const { PGlite } = await import('@electric-sql/pglite');
        const seeded = await PGlite.create({
          dataDir,
          loadDataDir: new Blob([await fs.readFile(dump)]),
        });
        await seeded.close();
      }

      const { committed, pid } = await killWriterAfter(dataDir, 40);

      // The dead writer's lock is still there; it must not keep the directory closed.
      expect(Number(await fs.readFile(`${dataDir}.lock`, 'utf8'))).toBe(pid);
      const handle = await openPglite(dataDir);
      try {
        const [stored] = await queryRows<{ count: number; min: number; max: number }>(
          handle.db,
          sql`select count(*)::int as count, min(n) as min, max(n) as max from crash_probe`,
        );
        // Every reported commit survived, and what is there is whole: 1..max with no holes.
        expect(stored!.min).toBe(1);
        expect(stored!.max).toBeGreaterThanOrEqual(Math.max(...committed));
        expect(stored!.count).toBe(stored!.max);
        const [checked] = await queryRows<{ whole: number }>(
          handle.db,
          sql`select count(*)::int as whole from crash_probe where length(payload) = 4000`,
        );
        expect(checked!.whole).toBe(stored!.count);
        // And it takes writes again.
        await handle.db.execute(
          sql`insert into crash_probe (n, payload) values (${stored!.max + 1}, 'after')`,
        );
      } finally {
        await handle.close();
      }
      await expect(fs.access(`${dataDir}.lock`)).rejects.toThrow();
    },
  );
});
