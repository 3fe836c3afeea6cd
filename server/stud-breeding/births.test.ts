import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { horseIdentities, pregnancies, studReservations, studTasks } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();
const today = () => todayIn('UTC');

/**
 * A stud with a stallion, a client's Andalusian mare kept away from the stud, booked and
 * pregnant (confirmed) since `base`.
 */
async function foalingWorld(name = 'Hill') {
  const world = await breedingWorld(app, name);
  const apollo = await world.stallion('Apollo');
  const frozen = await world.service(apollo.id);
  const owner = await world.client('Owner');
  const created = await world.call('POST', '/horses', {
    identity: { name: 'Bella', sex: 'female', birth_year: 2012, breed: 'Andalusian' },
    ownership: 'client',
    owner_client_id: owner,
    on_premises: false,
  });
  const bella = created.body.data as { id: string; horse_identity_id: string };
  const booking = await world.reservation(frozen.id, bella.id, {
    clientId: owner,
    status: 'pregnant',
  });
  /** A pregnancy written directly (the pregnancies' routes are another slice's). */
  const pregnancy = async (
    values: Partial<typeof pregnancies.$inferInsert> & { mareId: string },
  ) => {
    const baseDate = values.baseDate ?? '2025-10-20';
    const [row] = await app.db
      .insert(pregnancies)
      .values({
        studId: world.studId,
        stallionId: apollo.id,
        baseDate,
        gestationDays: 340,
        dueDate: addDaysTo(baseDate, 340),
        status: 'confirmed',
        ...values,
      })
      .returning();
    return row!;
  };
  const carried = await pregnancy({ mareId: bella.id, reservationId: booking.id });
  const record = (body: Record<string, unknown>, as?: 'staff' | 'viewer') =>
    world.call('POST', '/births', { pregnancy_id: carried.id, born_on: '2026-09-05', ...body }, as);
  const statusOf = async () => {
    const [p] = await app.db
      .select({ status: pregnancies.status, endedOn: pregnancies.endedOn })
      .from(pregnancies)
      .where(and(eq(pregnancies.studId, world.studId), eq(pregnancies.id, carried.id)));
    const [r] = await app.db
      .select({ status: studReservations.status, outcome: studReservations.outcome })
      .from(studReservations)
      .where(and(eq(studReservations.studId, world.studId), eq(studReservations.id, booking.id)));
    return { pregnancy: p!, reservation: r! };
  };
  return { ...world, apollo, owner, bella, booking, carried, pregnancy, record, statusOf };
}

const filly = { sex: 'female', colour: 'Grey', stands_and_nurses: true };

describe('births: a live foal', () => {
  it('makes the foal a horse of the pedigree and of the herd, foals the mare and completes the booking', async () => {
    const w = await foalingWorld();
    const watch = await app.db
      .insert(studTasks)
      .values({
        studId: w.studId,
        title: 'Foaling watch',
        pregnancyId: w.carried.id,
        pregnancyDay: 320,
      })
      .returning({ id: studTasks.id });
    const res = await w.record(
      {
        outcome: 'live',
        foals: [{ ...filly, markings: 'Star', weight_kg: 48.5 }],
        vet_name: 'Dr Vet',
        notes: 'Easy foaling',
      },
      'staff',
    );
    expect(res.status, res.text).toBe(201);
    const { birth, foals } = res.body.data;
    expect(foals).toHaveLength(1);
    const foal = foals[0];
    expect(birth).toEqual({
      id: expect.any(String),
      pregnancy_id: w.carried.id,
      mare: { id: w.bella.id, name: 'Bella' },
      stallion: { id: w.apollo.id, name: 'Apollo' },
      reservation_id: w.booking.id,
      born_on: '2026-09-05',
      outcome: 'live',
      vet_name: 'Dr Vet',
      notes: 'Easy foaling',
      foals: [
        {
          horse_id: foal.id,
          horse_identity_id: foal.horse_identity_id,
          name: 'Bella 2026 foal',
          sex: 'female',
          colour: 'Grey',
          markings: 'Star',
          stands_and_nurses: true,
          weight_kg: 48.5,
        },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(foal).toMatchObject({
      name: 'Bella 2026 foal',
      birth_date: '2026-09-05',
      birth_year: 2026,
      breed: 'Andalusian',
      identity_status: 'unverified',
      sire: { id: w.apollo.horse_identity_id, name: 'Apollo' },
      dam: { id: w.bella.horse_identity_id, name: 'Bella' },
      role: 'foal',
      ownership: 'client',
      owner_client: { id: w.owner, display_name: 'Ann Owner' },
      on_premises: false,
      arrival_date: '2026-09-05',
    });
    const [identity] = await app.db
      .select()
      .from(horseIdentities)
      .where(eq(horseIdentities.id, foal.horse_identity_id));
    expect(identity).toMatchObject({ createdByOrgId: w.studId, status: 'unverified' });

    expect(await w.statusOf()).toEqual({
      pregnancy: { status: 'foaled', endedOn: '2026-09-05' },
      reservation: { status: 'completed', outcome: 'live_foal' },
    });
    const [task] = await app.db.select().from(studTasks).where(eq(studTasks.id, watch[0]!.id));
    expect(task!.status).toBe('cancelled');

    // In the global pedigree at once, and in the stud's herd as a foal.
    const tree = await app.request('GET', `/api/pedigree/horses/${foal.horse_identity_id}`, {
      token: await app.tokenFor(w.emails.viewer),
    });
    expect(tree.status, tree.text).toBe(200);
    expect(tree.body.data).toMatchObject({
      name: 'Bella 2026 foal',
      sire: { id: w.apollo.horse_identity_id, name: 'Apollo' },
      dam: { id: w.bella.horse_identity_id, name: 'Bella' },
    });
    const herd = await w.call('GET', '/horses?role=foal', undefined, 'viewer');
    expect(herd.body.data.map((h: { id: string }) => h.id)).toEqual([foal.id]);
    const mare = await w.call('GET', `/horses/${w.bella.id}`);
    expect(mare.body.data.reproductive_status).toBe('foaled');

    const read = await w.call('GET', `/births/${birth.id}`, undefined, 'viewer');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(birth);
  });

  it('records twins, names and breeds given or defaulted; completes when one stands and nurses', async () => {
    const w = await foalingWorld();
    const res = await w.record({
      outcome: 'live',
      foals: [
        { sex: 'male', stands_and_nurses: false },
        { ...filly, name: 'Rosa', breed: 'PRE' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(
      res.body.data.foals.map((f: { name: string; sex: string; breed: string }) => [
        f.name,
        f.sex,
        f.breed,
      ]),
    ).toEqual([
      ['Bella 2026 foal', 'male', 'Andalusian'],
      ['Rosa', 'female', 'PRE'],
    ]);
    expect(
      res.body.data.birth.foals.map((f: { stands_and_nurses: boolean }) => f.stands_and_nurses),
    ).toEqual([false, true]);
    expect((await w.statusOf()).reservation).toEqual({
      status: 'completed',
      outcome: 'live_foal',
    });
  });

  it('fails the booking (foal_lost) when no foal stands and nurses; twins named apart by default', async () => {
    const w = await foalingWorld();
    const res = await w.record({
      outcome: 'live',
      foals: [
        { sex: 'male', stands_and_nurses: false },
        { sex: 'male', stands_and_nurses: false },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.foals.map((f: { name: string }) => f.name)).toEqual([
      'Bella 2026 foal',
      'Bella 2026 foal 2',
    ]);
    expect(await w.statusOf()).toEqual({
      pregnancy: { status: 'foaled', endedOn: '2026-09-05' },
      reservation: { status: 'failed', outcome: 'foal_lost' },
    });
  });

  it('a foal of the stud’s own mare, with no reservation, is the stud’s own and on the premises', async () => {
    const w = await foalingWorld();
    const luna = await w.mare('Luna');
    const carried = await w.pregnancy({ mareId: luna.id });
    const res = await w.call('POST', '/births', {
      pregnancy_id: carried.id,
      born_on: today(),
      outcome: 'live',
      foals: [{ sex: 'male', stands_and_nurses: true }],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.birth.reservation_id).toBeNull();
    expect(res.body.data.foals[0]).toMatchObject({
      ownership: 'own',
      owner_client: null,
      on_premises: true,
      breed: null,
    });
  });
});

describe('births: without a live foal', () => {
  it('a stillbirth loses the pregnancy and fails the booking (foal_lost)', async () => {
    const w = await foalingWorld();
    const res = await w.record({ outcome: 'stillborn', vet_name: 'Dr Vet' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.foals).toEqual([]);
    expect(res.body.data.birth).toMatchObject({ outcome: 'stillborn', foals: [] });
    expect(await w.statusOf()).toEqual({
      pregnancy: { status: 'lost', endedOn: '2026-09-05' },
      reservation: { status: 'failed', outcome: 'foal_lost' },
    });
  });

  it('an abortion loses the pregnancy and fails the booking (pregnancy_lost)', async () => {
    const w = await foalingWorld();
    const res = await w.record({ outcome: 'aborted', born_on: '2026-03-01' });
    expect(res.status, res.text).toBe(201);
    expect(await w.statusOf()).toEqual({
      pregnancy: { status: 'lost', endedOn: '2026-03-01' },
      reservation: { status: 'failed', outcome: 'pregnancy_lost' },
    });
  });
});

describe('births: refused', () => {
  it('answers 422 on the foals, the date and another stud’s pregnancy, changing nothing', async () => {
    const w = await foalingWorld();
    const other = await foalingWorld('Vale');
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await w.record(body);
      expect(res.status, res.text).toBe(422);
      return res.body.errors;
    };
    expect((await errorsOf({ outcome: 'live' })).foals).toEqual([
      'The foals field needs the foal of a live birth (two for twins).',
    ]);
    expect((await errorsOf({ outcome: 'stillborn', foals: [filly] })).foals).toEqual([
      'The foals field must be empty: only a live birth records foals.',
    ]);
    expect(Object.keys(await errorsOf({ outcome: 'live', foals: [filly, filly, filly] }))).toEqual([
      'foals',
    ]);
    expect(Object.keys(await errorsOf({ outcome: 'live', foals: [{ sex: 'male' }] }))).toEqual([
      'foals.0.stands_and_nurses',
    ]);
    expect(
      Object.keys(await errorsOf({ outcome: 'live', foals: [{ ...filly, weight_kg: 40.25 }] })),
    ).toEqual(['foals.0.weight_kg']);
    expect((await errorsOf({ outcome: 'aborted', born_on: '2025-10-19' })).born_on).toEqual([
      'The birth must not be before the pregnancy’s base date.',
    ]);
    expect(
      (await errorsOf({ outcome: 'aborted', born_on: addDaysTo(today(), 1) })).born_on,
    ).toEqual(['The birth date must not be in the future.']);
    expect(
      Object.keys(await errorsOf({ outcome: 'stillborn', pregnancy_id: other.carried.id })),
    ).toEqual(['pregnancy_id']);
    expect(await w.statusOf()).toEqual({
      pregnancy: { status: 'confirmed', endedOn: null },
      reservation: { status: 'pregnant', outcome: null },
    });
  });

  it('applies the pedigree’s parent rules to the foal (422), and the whole birth is undone', async () => {
    const w = await foalingWorld();
    const young = await w.mare('Young', {});
    await app.db
      .update(horseIdentities)
      .set({ birthYear: 2025 })
      .where(eq(horseIdentities.id, young.horse_identity_id));
    const carried = await w.pregnancy({ mareId: young.id });
    const res = await w.call('POST', '/births', {
      pregnancy_id: carried.id,
      born_on: '2026-09-05',
      outcome: 'live',
      foals: [filly],
    });
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['pregnancy_id']);
    const [row] = await app.db.select().from(pregnancies).where(eq(pregnancies.id, carried.id));
    expect(row!.status).toBe('confirmed');
    expect((await w.call('GET', '/births')).body.data).toEqual([]);
  });

  it('answers 409 for a pregnancy that has ended, a second birth included', async () => {
    const w = await foalingWorld();
    expect((await w.record({ outcome: 'stillborn' })).status).toBe(201);
    const again = await w.record({ outcome: 'live', foals: [filly] });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The pregnancy has already ended.');
    const luna = await w.mare('Luna');
    const lost = await w.pregnancy({ mareId: luna.id, status: 'not_pregnant' });
    const res = await w.call('POST', '/births', {
      pregnancy_id: lost.id,
      born_on: '2026-09-05',
      outcome: 'aborted',
    });
    expect(res.status).toBe(409);
  });
});

describe('births: list, read, update', () => {
  it('lists newest first, by season and stallion; edits the vet and notes only', async () => {
    const w = await foalingWorld();
    const zeus = await w.stallion('Zeus');
    const luna = await w.mare('Luna');
    const mira = await w.mare('Mira');
    const first = await w.record({ outcome: 'live', born_on: '2026-04-02', foals: [filly] });
    const ofZeus = await w.pregnancy({
      mareId: luna.id,
      stallionId: zeus.id,
      baseDate: '2024-06-01',
    });
    const old = await w.call('POST', '/births', {
      pregnancy_id: ofZeus.id,
      born_on: '2025-05-10',
      outcome: 'stillborn',
    });
    const late = await w.pregnancy({ mareId: mira.id });
    const last = await w.call('POST', '/births', {
      pregnancy_id: late.id,
      born_on: '2026-10-01',
      outcome: 'aborted',
    });
    const ids = async (query = '') =>
      (await w.call('GET', `/births${query}`, undefined, 'viewer')).body.data.map(
        (b: { id: string }) => b.id,
      );
    const [a, b, c] = [first.body.data.birth.id, old.body.data.birth.id, last.body.data.birth.id];
    expect(await ids()).toEqual([c, a, b]);
    expect(await ids('?season=2026')).toEqual([c, a]);
    expect(await ids('?season=2025')).toEqual([b]);
    expect(await ids(`?stallion_id=${zeus.id}`)).toEqual([b]);
    expect(await ids(`?stallion_id=${w.apollo.id}&season=2026`)).toEqual([c, a]);
    expect((await w.call('GET', '/births?season=26')).status).toBe(422);
    expect((await w.call('GET', '/births?season=0000')).status).toBe(422);

    const put = await w.call(
      'PUT',
      `/births/${a}`,
      { vet_name: 'Dr Who', notes: '', born_on: '2026-01-01', outcome: 'aborted' },
      'staff',
    );
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toMatchObject({
      vet_name: 'Dr Who',
      notes: null,
      born_on: '2026-04-02',
      outcome: 'live',
    });
    expect(put.body.data.foals).toHaveLength(1);
  });

  it('reads the list in as many SQL statements for 2 births as for 12', async () => {
    const w = await foalingWorld();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => w.call('GET', '/births'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    const foal = async (n: number) => {
      const mare = await w.mare(`Mare ${n}`);
      const carried = await w.pregnancy({ mareId: mare.id });
      const res = await w.call('POST', '/births', {
        pregnancy_id: carried.id,
        born_on: '2026-09-01',
        outcome: 'live',
        foals: [filly, { ...filly, sex: 'male' }],
      });
      expect(res.status, res.text).toBe(201);
    };
    for (let n = 0; n < 2; n++) await foal(n);
    const small = await count();
    for (let n = 2; n < 12; n++) await foal(n);
    expect(await count()).toBe(small);
  });

  it('404s another stud’s birth and a malformed id; viewers read, staff record, 401 without a token', async () => {
    const w = await foalingWorld();
    const other = await foalingWorld('Vale');
    const res = await w.record({ outcome: 'stillborn' });
    const id = res.body.data.birth.id;
    expect((await other.call('GET', `/births/${id}`)).status).toBe(404);
    expect((await other.call('PUT', `/births/${id}`, { notes: 'x' })).status).toBe(404);
    expect((await w.call('GET', '/births/not-a-uuid')).status).toBe(404);
    expect((await w.call('PUT', '/births/not-a-uuid', { notes: 'x' })).status).toBe(404);
    expect((await app.request('GET', `/api/studs/${w.studId}/births`)).status).toBe(401);
    expect((await w.call('GET', '/births', undefined, 'viewer')).status).toBe(200);
    expect((await w.call('PUT', `/births/${id}`, { notes: 'x' }, 'viewer')).status).toBe(403);
    const luna = await w.mare('Luna');
    const carried = await w.pregnancy({ mareId: luna.id });
    const body = { pregnancy_id: carried.id, born_on: '2026-09-05', outcome: 'aborted' };
    expect((await w.call('POST', '/births', body, 'viewer')).status).toBe(403);
    expect((await w.call('POST', '/births', body, 'staff')).status).toBe(201);
  });
});
