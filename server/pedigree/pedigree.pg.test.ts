import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { horseIdentities } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';

const app = useTestApp();

describe('concurrent identities (PostgreSQL)', () => {
  it('creates one identity of 8 simultaneous creations with the same UELN; the others name it', async () => {
    const token = await app.tokenFor(ADMIN_EMAIL);
    await app.request('GET', '/api/auth/me', { token });
    const create = (n: number) =>
      app.request('POST', '/api/admin/pedigree/horses', {
        token,
        body: { name: `Twin ${n}`, birth_year: 2012, ueln: '724001000000099' },
      });
    // Reads pass the lock, inserts wait on it: every request checks the number before any
    // of them writes, so they truly race for the unique constraint.
    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.execute(sql`lock table ${horseIdentities} in share row exclusive mode`),
      () => Promise.all(Array.from({ length: 8 }, (_, n) => create(n))),
      { waiting: 8 },
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    const winner = created[0]!.body.data.id;
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body.errors.ueln[0]).toContain(winner);
    }
    expect(await app.db.$count(horseIdentities)).toBe(1);
  });
});
