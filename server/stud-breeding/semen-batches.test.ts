import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statementCounter } from '@/db/client';
import { organizations } from '@/db/schema';
import { todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';
import { takeDoses } from './semen-doses';

const app = useTestApp();

/** The calendar day `offset` days from `day` (YYYY-MM-DD). */
const plusDays = (day: string, offset: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe('semen batches: create and read', () => {
  it('records a batch whose doses all start available, whatever the client sends', async () => {
    const { call, stallion } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const res = await call(
      'POST',
      '/semen-batches',
      {
        stallion_id: apollo.id,
        collected_on: '2026-02-10',
        straws_per_dose: 8,
        doses_total: 12,
        doses_available: 3,
        storage: 'Tank 2, canister 4',
        post_thaw_motility: 35.5,
        notes: 'Good freezer.',
      },
      'staff',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      stallion_id: apollo.id,
      stallion: { id: apollo.id, name: 'Apollo' },
      collected_on: '2026-02-10',
      straws_per_dose: 8,
      doses_total: 12,
      doses_available: 12,
      storage: 'Tank 2, canister 4',
      post_thaw_motility: 35.5,
      notes: 'Good freezer.',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await call('GET', `/semen-batches/${res.body.data.id}`, undefined, 'viewer');
    expect(read.body.data).toEqual(res.body.data);
  });

  it('takes a collection on the stud’s today, in its time zone, and refuses the next day', async () => {
    const { studId, call, stallion } = await breedingWorld(app);
    // Fourteen hours ahead of UTC: its today is often UTC's tomorrow.
    await app.db
      .update(organizations)
      .set({ timezone: 'Pacific/Kiritimati' })
      .where(eq(organizations.id, studId));
    const today = todayIn('Pacific/Kiritimati');
    const apollo = await stallion('Apollo');
    const body = (collectedOn: string) => ({
      stallion_id: apollo.id,
      collected_on: collectedOn,
      straws_per_dose: 4,
      doses_total: 5,
    });
    const ok = await call('POST', '/semen-batches', body(today));
    expect(ok.status, ok.text).toBe(201);
    const future = await call('POST', '/semen-batches', body(plusDays(today, 1)));
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({
      collected_on: ['The collection date must not be in the future.'],
    });
    const moved = await call('PUT', `/semen-batches/${ok.body.data.id}`, {
      collected_on: plusDays(today, 1),
    });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.errors)).toEqual(['collected_on']);
  });

  it('refuses bad values and a horse that is not a stallion of the stud with 422', async () => {
    const hill = await breedingWorld(app, 'Hill');
    const vale = await breedingWorld(app, 'Vale');
    const apollo = await hill.stallion('Apollo');
    const bella = await hill.mare('Bella');
    const zeus = await vale.stallion('Zeus');
    const base = {
      stallion_id: apollo.id,
      collected_on: '2026-02-10',
      straws_per_dose: 8,
      doses_total: 10,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ stallion_id: bella.id }, 'stallion_id'],
      [{ stallion_id: zeus.id }, 'stallion_id'],
      [{ stallion_id: undefined }, 'stallion_id'],
      [{ collected_on: '2026-02-30' }, 'collected_on'],
      [{ collected_on: undefined }, 'collected_on'],
      [{ straws_per_dose: 0 }, 'straws_per_dose'],
      [{ straws_per_dose: 2.5 }, 'straws_per_dose'],
      [{ doses_total: 0 }, 'doses_total'],
      [{ doses_total: undefined }, 'doses_total'],
      [{ post_thaw_motility: 100.5 }, 'post_thaw_motility'],
      [{ post_thaw_motility: -1 }, 'post_thaw_motility'],
      [{ post_thaw_motility: 35.555 }, 'post_thaw_motility'],
      [{ storage: 'x'.repeat(201) }, 'storage'],
    ];
    for (const [change, field] of cases) {
      const res = await hill.call('POST', '/semen-batches', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(change)).toEqual([field]);
    }
    const mare = await hill.call('POST', '/semen-batches', { ...base, stallion_id: bella.id });
    expect(mare.body.errors.stallion_id).toEqual([
      'The stallion id must be a stallion of the stud (an entire male of a year or more).',
    ]);
    expect((await hill.call('GET', '/semen-batches')).body.data).toEqual([]);
  });
});

describe('semen batches: doses, update and delete', () => {
  it('moves the available doses with a new total, never below the doses used (422)', async () => {
    const { studId, call, stallion, batch } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const zeus = await stallion('Zeus');
    const made = await batch(apollo.id, { doses_total: 10 });
    await app.db.transaction((tx) => takeDoses(tx, studId, made.id, 3));
    const put = (body: Record<string, unknown>) => call('PUT', `/semen-batches/${made.id}`, body);

    const more = await put({ doses_total: 12, storage: 'Tank 3' });
    expect(more.status, more.text).toBe(200);
    expect(more.body.data).toMatchObject({
      doses_total: 12,
      doses_available: 9,
      storage: 'Tank 3',
    });
    const below = await put({ doses_total: 2 });
    expect(below.status).toBe(422);
    expect(below.body.errors).toEqual({
      doses_total: ['3 doses of the batch were used: the total cannot be less.'],
    });
    const exact = await put({ doses_total: 3 });
    expect(exact.body.data).toMatchObject({ doses_total: 3, doses_available: 0 });
    // Doses were used: the batch keeps its stallion.
    const other = await put({ stallion_id: zeus.id });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['stallion_id']);
    const same = await put({ stallion_id: apollo.id, post_thaw_motility: null });
    expect(same.status, same.text).toBe(200);

    const fresh = await batch(apollo.id);
    const moved = await call('PUT', `/semen-batches/${fresh.id}`, { stallion_id: zeus.id });
    expect(moved.body.data).toMatchObject({ stallion: { id: zeus.id, name: 'Zeus' } });
  });

  it('deletes an unused batch, keeps a used one (409), and 404s another stud’s', async () => {
    const hill = await breedingWorld(app, 'Hill');
    const vale = await breedingWorld(app, 'Vale');
    const apollo = await hill.stallion('Apollo');
    const unused = await hill.batch(apollo.id);
    const used = await hill.batch(apollo.id);
    await app.db.transaction((tx) => takeDoses(tx, hill.studId, used.id, 1));

    expect((await vale.call('GET', `/semen-batches/${unused.id}`)).status).toBe(404);
    expect((await vale.call('PUT', `/semen-batches/${unused.id}`, { notes: 'x' })).status).toBe(
      404,
    );
    expect((await vale.call('DELETE', `/semen-batches/${unused.id}`)).status).toBe(404);
    expect((await hill.call('GET', '/semen-batches/not-a-uuid')).status).toBe(404);

    const kept = await hill.call('DELETE', `/semen-batches/${used.id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.error.message).toMatch(/^Doses of this batch were used/);
    // The stallion's stock is history: he is kept too.
    expect((await hill.call('DELETE', `/horses/${apollo.id}`)).status).toBe(409);
    const gone = await hill.call('DELETE', `/semen-batches/${unused.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'Semen batch deleted.' });
    expect((await hill.call('GET', `/semen-batches/${unused.id}`)).status).toBe(404);
  });
});

describe('semen batches: list', () => {
  it('lists newest collection first, with stallion and availability filters', async () => {
    const { studId, call, stallion, batch } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const zeus = await stallion('Zeus');
    const a = await batch(apollo.id, { collected_on: '2025-05-01', doses_total: 1 });
    const b = await batch(zeus.id, { collected_on: '2026-01-15' });
    const c = await batch(apollo.id, { collected_on: '2025-11-20' });
    await app.db.transaction((tx) => takeDoses(tx, studId, a.id, 1));

    const ids = async (query = '') =>
      (await call('GET', `/semen-batches${query}`, undefined, 'viewer')).body.data.map(
        (x: { id: string }) => x.id,
      );
    expect(await ids()).toEqual([b.id, c.id, a.id]);
    expect(await ids(`?stallion_id=${apollo.id}`)).toEqual([c.id, a.id]);
    expect(await ids('?available=true')).toEqual([b.id, c.id]);
    expect(await ids('?available=false')).toEqual([a.id]);
    expect(await ids(`?available=true&stallion_id=${apollo.id}`)).toEqual([c.id]);
    expect((await call('GET', '/semen-batches?available=yes')).status).toBe(422);
  });

  it('reads the stock in as many SQL statements for 2 batches as for 20', async () => {
    const { call, stallion, batch } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => call('GET', '/semen-batches'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    for (let i = 0; i < 2; i++) await batch(apollo.id);
    const small = await count();
    for (let i = 2; i < 20; i++) await batch(apollo.id);
    expect(await count()).toBe(small);
  });
});

describe('semen batches: who may', () => {
  it('answers 401 without a token; staff record and edit batches, viewers only read', async () => {
    const { studId, call, stallion, batch } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const made = await batch(apollo.id);
    expect((await app.request('GET', `/api/studs/${studId}/semen-batches`)).status).toBe(401);
    const body = {
      stallion_id: apollo.id,
      collected_on: '2026-03-01',
      straws_per_dose: 4,
      doses_total: 6,
    };
    expect((await call('POST', '/semen-batches', body, 'viewer')).status).toBe(403);
    expect((await call('PUT', `/semen-batches/${made.id}`, { notes: 'x' }, 'viewer')).status).toBe(
      403,
    );
    expect((await call('DELETE', `/semen-batches/${made.id}`, undefined, 'viewer')).status).toBe(
      403,
    );
    expect((await call('POST', '/semen-batches', body, 'staff')).status).toBe(201);
    expect((await call('PUT', `/semen-batches/${made.id}`, { notes: 'x' }, 'staff')).status).toBe(
      200,
    );
    expect((await call('DELETE', `/semen-batches/${made.id}`, undefined, 'staff')).status).toBe(
      403,
    );
    expect((await call('DELETE', `/semen-batches/${made.id}`, undefined, 'manager')).status).toBe(
      200,
    );
  });

  it('answers 403 for a school’s id under /studs', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const res = await app.request('GET', `/api/studs/${schoolId}/semen-batches`, {
      token: await app.tokenFor('owner@school.test'),
    });
    expect(res.status).toBe(403);
  });
});
