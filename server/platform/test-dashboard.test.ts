import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  marketplaceCategories,
  organizations,
  publications,
  sellerProfiles,
  users,
} from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();
const tokyo = useTestApp({ env: { APP_TIMEZONE: 'Asia/Tokyo' } });

async function signIn(email: string) {
  const token = await app.tokenFor(email);
  expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);
  return token;
}

describe('GET /api/test/dashboard', () => {
  it('answers the counts of spec 2.1, exactly that shape', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    await signIn('rider@x.test');
    await signIn('groom@x.test');
    await signIn('former@x.test');
    // One suspended user, one who joined last year.
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.email, 'former@x.test'));
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(eq(users.email, 'groom@x.test'));
    await app.db.insert(organizations).values([
      { type: 'school', name: 'Willow Creek', timezone: 'UTC', currency: 'EUR', verified: true },
      { type: 'stud', name: 'Oak Farm', timezone: 'UTC', currency: 'EUR' },
      { type: 'school', name: 'Birch Hill', timezone: 'UTC', currency: 'EUR' },
    ]);
    const [groom] = await app.db.select().from(users).where(eq(users.email, 'groom@x.test'));
    const [category] = await app.db
      .insert(marketplaceCategories)
      .values({ name: 'Horses', slug: 'horses', kind: 'horse' })
      .returning();
    const [shop] = await app.db
      .insert(sellerProfiles)
      .values({ userId: groom!.id, displayName: 'Groom', slug: 'groom' })
      .returning();
    const listing = { sellerProfileId: shop!.id, categoryId: category!.id, price: '100.00' };
    await app.db.insert(publications).values([
      { ...listing, title: 'Hanoverian gelding', status: 'active' },
      { ...listing, title: 'Dressage saddle', status: 'active' },
      { ...listing, title: 'Pony for children', status: 'pending' },
      { ...listing, title: 'Old trailer', status: 'archived' },
      { ...listing, title: 'Draft listing', status: 'draft' },
      // A listing its seller deleted is no longer counted.
      { ...listing, title: 'Deleted listing', status: 'removed' },
    ]);

    const res = await app.request('GET', '/api/test/dashboard', { token: admin });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      users: { total: 4, active: 3, new_this_month: 3 },
      publications: { total: 5, active: 2, pending: 1 },
      organizations: { total: 3, verified: 1 },
    });
  });

  it('answers zeros on an empty platform but for the administrator asking', async () => {
    const res = await app.request('GET', '/api/test/dashboard', {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(res.body).toEqual({
      users: { total: 1, active: 1, new_this_month: 1 },
      publications: { total: 0, active: 0, pending: 0 },
      organizations: { total: 0, verified: 0 },
    });
  });

  it('counts "this month" in APP_TIMEZONE', async () => {
    const token = await tokyo.tokenFor(ADMIN_EMAIL);
    await tokyo.request('GET', '/api/auth/me', { token });
    // Just before and just after the start of the current month in Tokyo.
    const monthStart = sql`date_trunc('month', now() at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo'`;
    await tokyo.db.insert(users).values([
      {
        issuer: 'x',
        subject: 'before',
        displayName: 'Before',
        createdAt: sql`${monthStart} - interval '1 minute'`,
      },
      {
        issuer: 'x',
        subject: 'after',
        displayName: 'After',
        createdAt: sql`${monthStart} + interval '1 minute'`,
      },
    ]);

    const res = await tokyo.request('GET', '/api/test/dashboard', { token });
    // The administrator (now) and "after" are new this month; "before" is not.
    expect(res.body.users).toEqual({ total: 3, active: 3, new_this_month: 2 });
  });

  it('answers 401 without a token and 403 to a user who is not a platform administrator', async () => {
    const anonymous = await app.request('GET', '/api/test/dashboard');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });

    const user = await app.request('GET', '/api/test/dashboard', {
      token: await app.tokenFor('rider@x.test'),
    });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
  });
});
