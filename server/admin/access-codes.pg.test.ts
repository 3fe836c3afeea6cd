import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessCodeRedemptions, accessCodes, organizations } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';

const app = useTestApp();

describe('access-code redemptions under concurrency (PostgreSQL)', () => {
  it('lets ten users race for a one-use code: one organization, nine 422', async () => {
    const created = await app.request('POST', '/api/admin/access-codes', {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { organization_type: 'school' },
    });
    const { id, code } = created.body.data;
    const tokens = await Promise.all(
      Array.from({ length: 10 }, (_, n) => app.tokenFor(`racer${n}@x.test`)),
    );
    // Every user exists before the race, so that only the redemptions compete.
    for (const token of tokens) await app.request('GET', '/api/auth/me', { token });

    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.select().from(accessCodes).where(eq(accessCodes.id, id)).for('update'),
      () =>
        Promise.all(
          tokens.map((token, n) =>
            app.request('POST', '/api/access-codes/redeem', {
              token,
              body: { code, organization: { name: `School ${n}` } },
            }),
          ),
        ),
      { waiting: 10 },
    );

    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    expect(await app.db.$count(organizations)).toBe(1);
    expect(await app.db.$count(accessCodeRedemptions)).toBe(1);
    const [row] = await app.db.select().from(accessCodes);
    expect(row!.redemptionsCount).toBe(1);
  });

  it('lets one user redeem a code of many uses once, even twice at the same moment', async () => {
    const created = await app.request('POST', '/api/admin/access-codes', {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { organization_type: 'stud', max_redemptions: 5 },
    });
    const { id, code } = created.body.data;
    const token = await app.tokenFor('twice@x.test');
    await app.request('GET', '/api/auth/me', { token });
    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.select().from(accessCodes).where(eq(accessCodes.id, id)).for('update'),
      () =>
        Promise.all(
          [1, 2].map((n) =>
            app.request('POST', '/api/access-codes/redeem', {
              token,
              body: { code, organization: { name: `Stud ${n}` } },
            }),
          ),
        ),
      { waiting: 2 },
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await app.db.$count(organizations)).toBe(1);
    const [row] = await app.db.select().from(accessCodes);
    expect(row!.redemptionsCount).toBe(1);
  });
});
