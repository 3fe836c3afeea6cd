import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statementCounter } from '@/db/client';
import { horseIdentities, medicalRecords } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { studWorld } from './herd-fixtures';

const app = useTestApp();
const thisYear = new Date().getUTCFullYear();

describe('stud horses: create', () => {
  it('creates a mare with a new identity of the stud, and answers her derived role', async () => {
    const { studId, call } = await studWorld(app);
    const res = await call('POST', '/horses', {
      identity: { name: 'Bella', sex: 'female', birth_year: 2012, ueln: '276000000000001' },
      on_premises: true,
      arrival_date: '2024-03-01',
      location: 'Paddock 3',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Bella',
      sex: 'female',
      birth_year: 2012,
      ueln: '276000000000001',
      identity_status: 'unverified',
      role: 'mare',
      reproductive_status: 'maiden',
      ownership: 'own',
      owner_client: null,
      on_premises: true,
      status: 'active',
      arrival_date: '2024-03-01',
      location: 'Paddock 3',
      photo_id: null,
    });
    const [identity] = await app.db
      .select()
      .from(horseIdentities)
      .where(eq(horseIdentities.id, res.body.data.horse_identity_id));
    expect(identity).toMatchObject({ name: 'Bella', createdByOrgId: studId });
  });

  it('links an existing identity once per stud, and a known UELN names the identity to link', async () => {
    const { call, identity } = await studWorld(app);
    const known = await identity({ name: 'Zeus', sex: 'male', ueln: '276000000000009' });
    const linked = await call('POST', '/horses', { horse_identity_id: known });
    expect(linked.status, linked.text).toBe(201);
    expect(linked.body.data).toMatchObject({ horse_identity_id: known, role: 'stallion' });

    const again = await call('POST', '/horses', { horse_identity_id: known });
    expect(again.status).toBe(422);
    expect(again.body.errors.horse_identity_id).toEqual(['This horse is already in the herd.']);

    const duplicate = await call('POST', '/horses', {
      identity: { name: 'Zeus II', sex: 'male', birth_year: 2010, ueln: '276000000000009' },
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors['identity.ueln'][0]).toContain(known);
  });

  it('needs an identity, and refuses both ways at once or an unknown one', async () => {
    const { call, identity } = await studWorld(app);
    const none = await call('POST', '/horses', { location: 'Barn' });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['horse_identity_id']);
    const both = await call('POST', '/horses', {
      horse_identity_id: await identity({ name: 'Lina' }),
      identity: { name: 'Lina', sex: 'female', birth_year: 2011 },
    });
    expect(both.status).toBe(422);
    const unknown = await call('POST', '/horses', {
      horse_identity_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.horse_identity_id).toBeDefined();
  });

  it('asks an owner client of the stud for a client’s or leased horse, and none for its own', async () => {
    const hill = await studWorld(app, 'Hill');
    const vale = await studWorld(app, 'Vale');
    const mine = await hill.client('Smith');
    const theirs = await vale.client('Jones');
    const body = (extra: object) => ({
      identity: { name: 'Client Mare', sex: 'female', birth_year: 2014 },
      ...extra,
    });

    const missing = await hill.call('POST', '/horses', body({ ownership: 'client' }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.owner_client_id).toEqual([
      "A client's horse names its owner client.",
    ]);
    const foreign = await hill.call(
      'POST',
      '/horses',
      body({ ownership: 'leased', owner_client_id: theirs }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.owner_client_id).toEqual([
      'The selected owner client id is invalid.',
    ]);
    const own = await hill.call('POST', '/horses', body({ owner_client_id: mine }));
    expect(own.status).toBe(422);
    expect(own.body.errors.owner_client_id).toEqual(["The stud's own horse has no owner client."]);

    const ok = await hill.call(
      'POST',
      '/horses',
      body({ ownership: 'client', owner_client_id: mine, on_premises: false }),
    );
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({
      ownership: 'client',
      owner_client: { id: mine, display_name: 'Ann Smith' },
      on_premises: false,
    });
    // Choosing `own` clears the owner.
    const back = await hill.call('PUT', `/horses/${ok.body.data.id}`, { ownership: 'own' });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ ownership: 'own', owner_client: null });
  });

  it('refuses a departure before the arrival, and bad values with 422', async () => {
    const { call } = await studWorld(app);
    const res = await call('POST', '/horses', {
      identity: { name: 'Dora', sex: 'female', birth_year: 2014 },
      arrival_date: '2025-05-01',
      departure_date: '2025-04-01',
      status: 'lost',
      on_premises: 'yes',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['on_premises', 'status']);
    const dates = await call('POST', '/horses', {
      identity: { name: 'Dora', sex: 'female', birth_year: 2014 },
      arrival_date: '2025-05-01',
      departure_date: '2025-04-01',
    });
    expect(dates.status).toBe(422);
    expect(Object.keys(dates.body.errors)).toEqual(['departure_date']);
  });
});

describe('stud horses: roles, filters and reads', () => {
  it('derives foal, stallion, gelding and mare, a mare’s foaling, and filters by them', async () => {
    const { call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const add = (identity: object) => call('POST', '/horses', { identity });
    const foal = await add({
      name: 'Bella Junior',
      sex: 'female',
      birth_year: thisYear,
      dam_id: bella.horse_identity_id,
    });
    expect(foal.status, foal.text).toBe(201);
    await add({ name: 'Apollo', sex: 'male', birth_year: 2010 });
    await add({ name: 'Gus', sex: 'male', gelded: true, birth_year: 2012, breed: 'Hanoverian' });

    const all = await call('GET', '/horses');
    expect(all.status).toBe(200);
    expect(
      all.body.data.map((h: { name: string; role: string; reproductive_status: string | null }) => [
        h.name,
        h.role,
        h.reproductive_status,
      ]),
    ).toEqual([
      ['Apollo', 'stallion', null],
      ['Bella', 'mare', 'foaled'],
      ['Bella Junior', 'foal', 'maiden'],
      ['Gus', 'gelding', null],
    ]);
    expect(all.body.data[2].dam).toEqual({ id: bella.horse_identity_id, name: 'Bella' });

    const names = async (query: string) =>
      (await call('GET', `/horses?${query}`)).body.data.map((h: { name: string }) => h.name);
    expect(await names('role=mare')).toEqual(['Bella']);
    expect(await names('role=foal')).toEqual(['Bella Junior']);
    expect(await names('search=bell')).toEqual(['Bella', 'Bella Junior']);
    expect(await names('ownership=client')).toEqual([]);
    await call('PUT', `/horses/${bella.id}`, { status: 'retired' });
    expect(await names('status=retired')).toEqual(['Bella']);
    expect((await call('GET', '/horses?role=colt')).status).toBe(422);
  });

  it('a mare is in foal once her pregnancy is confirmed, barren when her latest one failed', async () => {
    const { call, mare } = await studWorld(app);
    const apollo = await call('POST', '/horses', {
      identity: { name: 'Apollo', sex: 'male', birth_year: 2010 },
    });
    const [bella, cleo] = [await mare('Bella'), await mare('Cleo')];
    const status = async (horseId: string) =>
      (await call('GET', `/horses/${horseId}`)).body.data.reproductive_status;
    const pregnancy = async (mareId: string) =>
      (
        await call('POST', '/pregnancies', {
          mare_id: mareId,
          stallion_id: apollo.body.data.id,
          base_date: '2026-01-10',
        })
      ).body.data.id as string;
    const check = (id: string, result: string, date: string) =>
      call('POST', `/pregnancies/${id}/checks`, { date, method: 'ultrasound', result });
    const inFoal = await pregnancy(bella.id);
    expect(await status(bella.id)).toBe('maiden');
    await check(inFoal, 'positive', '2026-03-01');
    expect(await status(bella.id)).toBe('in_foal');
    const empty = await pregnancy(cleo.id);
    await check(empty, 'negative', '2026-01-26');
    expect(await status(cleo.id)).toBe('barren');
    // Bred again: no longer barren while the new pregnancy is checked.
    await pregnancy(cleo.id);
    expect(await status(cleo.id)).toBe('maiden');
    await check(inFoal, 'negative', '2026-05-01');
    expect(await status(bella.id)).toBe('barren');
  });

  it('reads one horse and its pedigree tree, and 404s another stud’s or a malformed id', async () => {
    const hill = await studWorld(app, 'Hill');
    const vale = await studWorld(app, 'Vale');
    const dam = await hill.identity({ name: 'Grandma', birthYear: 2000 });
    const bella = await hill.mare('Bella', {
      identity: { name: 'Bella', sex: 'female', birth_year: 2012, dam_id: dam },
    });
    const one = await hill.call('GET', `/horses/${bella.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.id).toBe(bella.id);
    const tree = await hill.call('GET', `/horses/${bella.id}/pedigree?generations=2`);
    expect(tree.status, tree.text).toBe(200);
    expect(tree.body.data).toMatchObject({ name: 'Bella', dam: { id: dam, name: 'Grandma' } });

    expect((await vale.call('GET', `/horses/${bella.id}`)).status).toBe(404);
    expect((await vale.call('PUT', `/horses/${bella.id}`, { location: 'x' })).status).toBe(404);
    expect((await vale.call('DELETE', `/horses/${bella.id}`)).status).toBe(404);
    expect((await hill.call('GET', '/horses/not-a-uuid')).status).toBe(404);
  });

  it('reads the herd in as many SQL statements for 2 horses as for 20', async () => {
    const { call, mare } = await studWorld(app);
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => call('GET', '/horses'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    for (let i = 0; i < 2; i++) await mare(`Mare ${i}`);
    const small = await count();
    for (let i = 2; i < 20; i++) await mare(`Mare ${i}`);
    expect(await count()).toBe(small);
  });
});

describe('stud horses: update and delete', () => {
  it('edits the identity the stud created while nobody else links it', async () => {
    const { call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const res = await call('PUT', `/horses/${bella.id}`, {
      identity: { colour: 'bay' },
      notes: 'Easy to handle',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Bella', colour: 'bay', notes: 'Easy to handle' });
  });

  it('may not change an identity another organization created (403)', async () => {
    const { call, identity } = await studWorld(app);
    const known = await identity({ name: 'Shared' });
    const linked = await call('POST', '/horses', { horse_identity_id: known });
    const res = await call('PUT', `/horses/${linked.body.data.id}`, {
      identity: { colour: 'grey' },
    });
    expect(res.status).toBe(403);
  });

  it('deletes a horse without history, keeps one with medical records (409)', async () => {
    const { studId, call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const dora = await mare('Dora');
    await app.db.insert(medicalRecords).values({
      studId,
      horseId: dora.id,
      date: '2026-01-10',
      type: 'vaccination',
      title: 'Influenza',
    });
    expect((await call('DELETE', `/horses/${dora.id}`)).status).toBe(409);
    const gone = await call('DELETE', `/horses/${bella.id}`);
    expect(gone.status).toBe(200);
    expect((await call('GET', `/horses/${bella.id}`)).status).toBe(404);
  });
});

describe('stud horses: who may', () => {
  it('answers 401 without a token, 403 to a viewer writing and to staff deleting', async () => {
    const { studId, call, mare } = await studWorld(app);
    expect((await app.request('GET', `/api/studs/${studId}/horses`)).status).toBe(401);
    const body = { identity: { name: 'Nova', sex: 'female', birth_year: 2015 } };
    expect((await call('POST', '/horses', body, 'viewer')).status).toBe(403);
    expect((await call('GET', '/horses', undefined, 'viewer')).status).toBe(200);
    const byStaff = await call('POST', '/horses', body, 'staff');
    expect(byStaff.status).toBe(201);
    expect(
      (await call('DELETE', `/horses/${byStaff.body.data.id}`, undefined, 'staff')).status,
    ).toBe(403);
    const bella = await mare('Bella');
    expect((await call('PUT', `/horses/${bella.id}`, { location: 'Barn' }, 'staff')).status).toBe(
      200,
    );
  });

  it('answers 403 for a school’s id under /studs', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const res = await app.request('GET', `/api/studs/${schoolId}/horses`, {
      token: await app.tokenFor('owner@school.test'),
    });
    expect(res.status).toBe(403);
  });
});
