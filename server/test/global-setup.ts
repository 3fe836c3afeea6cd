import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteHandle, fromPglite } from '@/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run: a PGlite data directory dumped to a file that
 * every test file loads (~0.4 s instead of ~5 s for a fresh one), or on PostgreSQL a
 * template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `${new URL(url).pathname.slice(1) || 'postgres'}_tpl_${process.pid}`;
    const admin = await openPostgres(url, { max: 1 });
    const { sql } = await import('drizzle-orm');
    await admin.db.execute(sql.raw(`drop database if exists "${template}"`));
    await admin.db.execute(sql.raw(`create database "${template}"`));
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const handle = await openPostgres(templateUrl.toString(), { max: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.db.execute(sql.raw(`drop database if exists "${template}" with (force)`));
      await admin.close();
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  const handle = pgliteHandle(await fromPglite(client), () => client.close());
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(
    await fs.mkdtemp(path.join(os.tmpdir(), 'equestrian-test-')),
    'pglite.tar',
  );
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  return () => fs.rm(path.dirname(file), { recursive: true, force: true });
}
