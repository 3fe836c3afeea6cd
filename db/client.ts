import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver's Drizzle database; a transaction is one too. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database itself, for a backup. */
  pglite?: PGlite;
};

/** Counts SQL statements per async scope, so tests and benchmarks can bound them. */
export const statementCounter = new AsyncLocalStorage<{ count: number }>();

const countingLogger: Logger = {
  logQuery() {
    const store = statementCounter.getStore();
    if (store) store.count += 1;
  },
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'db', 'migrations');

export async function fromPostgres(client: Sql): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/postgres-js');
  return drizzle(client, { schema, logger: countingLogger }) as unknown as Database;
}

export async function fromPglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  return drizzle(client, { schema, logger: countingLogger }) as unknown as Database;
}

/** Rows of a raw SQL statement, whichever driver ran it. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const dialect = new PgDialect();

/**
 * The values of a one-row statement as the bytes PostgreSQL sent, not decoded, where the
 * driver can give them (postgres.js `raw()`), else as text (PGlite); null for no row, each
 * null value null. For large JSON passed through to a response (issue 27): decoding 4.7 MB of
 * UTF-8 only to encode it again was a third of the weekly timetable's CPU. Select text
 * columns: only they read the same from both drivers. Counted like every statement.
 */
export async function queryRowBytes(
  db: Database,
  query: SQL,
): Promise<(Buffer | string | null)[] | null> {
  const client = (db as { $client?: unknown }).$client as Sql | undefined;
  if (typeof client?.unsafe !== 'function') {
    const [row] = await queryRows<Record<string, string | null>>(db, query);
    return row ? Object.values(row) : null;
  }
  const store = statementCounter.getStore();
  if (store) store.count += 1;
  const { sql, params } = dialect.sqlToQuery(query);
  const [row] = await client.unsafe(sql, params as never[]).raw();
  return row ? (row as (Buffer | null)[]) : null;
}

export type PostgresOptions = {
  /** Pool size. */
  max?: number;
  /** The server cancels a statement that runs longer (57014); unset = the server's setting. */
  statementTimeoutMs?: number;
};

/**
 * A pool whose connections cannot outlive trouble: connecting gives up after 10 s, an idle
 * connection is closed after a minute and any connection is replaced after 30 minutes, so
 * one dropped by a restarted server or a network change is not handed out for long; the
 * statement timeout (the app's `DB_STATEMENT_TIMEOUT_MS`) frees a connection from a query
 * that would hold it forever.
 */
export async function openPostgres(
  url: string,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 60,
    max_lifetime: 30 * 60,
    // postgres.js waits up to 20 s before reconnecting after repeated failures, and requests
    // queue meanwhile; at most a second keeps them short during an outage and after it.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    ...(options.statementTimeoutMs === undefined
      ? {}
      : { connection: { statement_timeout: options.statementTimeoutMs } }),
  });
  return {
    db: await fromPostgres(client),
    kind: 'postgres',
    // Several app processes may start at once: one connection holds an advisory lock while
    // it migrates, and the others wait for it and then find nothing left to do. Migrations
    // run without the statement timeout: an index on a large table may take longer.
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/postgres-js/migrator');
      const single = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
      try {
        await single`select pg_advisory_lock(7253001)`;
        await migrate((await fromPostgres(single)) as never, {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await single.end();
      }
    },
    // Waits for running queries, but not forever: a pool whose connection broke mid-query
    // may otherwise never finish ending.
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * PGlite has a single connection and no crash recovery: one process per data directory,
 * enforced with a lock file holding the owner's pid.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lockFile = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database ${dataDir} is in use by process ${owner}. ` +
            'Stop that process, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function pgliteHandle(
  db: Database,
  close: () => Promise<void>,
  pglite?: PGlite,
): DatabaseHandle {
  return {
    db,
    pglite,
    kind: 'pglite',
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close,
  };
}

export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const unlock = lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(dataDir);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await client.query('CHECKPOINT');
      await client.close();
      unlock();
    };
    process.once('exit', unlock);
    return pgliteHandle(await fromPglite(client), close, client);
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  pgliteDir: string;
  dbStatementTimeoutMs: number;
}): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { statementTimeoutMs: config.dbStatementTimeoutMs })
    : openPglite(config.pgliteDir);
}
