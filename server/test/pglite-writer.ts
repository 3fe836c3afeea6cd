import { sql } from 'drizzle-orm';
import { openPglite } from '@/db/client';

/*
 * Child process of db/pglite-crash.test.ts: opens a PGlite directory the way the app does and
 * inserts rows one transaction at a time until it is killed, printing each committed number.
 */
const handle = await openPglite(process.argv[2]!);
await handle.db.execute(
  sql`create table if not exists crash_probe (n int primary key, payload text not null)`,
);
for (let n = 1; ; n++) {
  await handle.db.execute(
    sql`insert into crash_probe (n, payload) values (${n}, repeat('x', 4000))`,
  );
  process.stdout.write(`${n}\n`);
}
