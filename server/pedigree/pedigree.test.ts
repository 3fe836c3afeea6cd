import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { horseIdentities, horses } from '@/db/schema';
import { DEMO_OWNER_EMAIL, seedDemo } from '@/db/seed-demo';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const fixtures = schoolFixtures(() => app.db);

const OWNER = 'owner@pedigree.test';
const OTHER = 'owner@elsewhere.test';
const token = (email: string) => app.tokenFor(email);

async function world() {
  const schoolId = await app.createSchool({
    name: 'Pedigree School',
    members: { [OWNER]: 'owner' },
  });
  const otherId = await app.createSchool({ name: 'Elsewhere', members: { [OTHER]: 'owner' } });
  return { schoolId, otherId };
}

/** An identity made by an administrator (verified). */
async function adminIdentity(body: Record<string, unknown>) {
  const res = await app.request('POST', '/api/admin/pedigree/horses', {
    token: await token(ADMIN_EMAIL),
    body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string } & Record<string, unknown>;
}

async function schoolHorse(schoolId: string, body: Record<string, unknown>, email = OWNER) {
  return app.request('POST', `/api/schools/${schoolId}/horses`, {
    token: await token(email),
    body,
  });
}

describe('school horses and their identity', () => {
  it('creates an identity with the horse, unverified and the school’s, and reads its tree', async () => {
    const { schoolId } = await world();
    const sire = await adminIdentity({ name: 'Jazz', sex: 'male', birth_year: 2001 });
    const res = await schoolHorse(schoolId, {
      name: 'Tormenta',
      breed: 'KWPN',
      birth_year: 2014,
      identity: {
        sex: 'female',
        ueln: '528003 201405 123',
        microchip: '528210004567891',
        sire_id: sire.id,
      },
    });
    expect(res.status, res.text).toBe(201);
    const identityId = res.body.data.horse_identity_id;
    const [identity] = await app.db
      .select()
      .from(horseIdentities)
      .where(eq(horseIdentities.id, identityId));
    expect(identity).toMatchObject({
      name: 'Tormenta',
      breed: 'KWPN',
      birthYear: 2014,
      sex: 'female',
      ueln: '528003201405123',
      status: 'unverified',
      createdByOrgId: schoolId,
      sireId: sire.id,
    });

    const tree = await app.request(
      'GET',
      `/api/schools/${schoolId}/horses/${res.body.data.id}/pedigree?generations=2`,
      { token: await token(OWNER) },
    );
    expect(tree.status).toBe(200);
    expect(tree.body.data).toEqual({
      id: identityId,
      name: 'Tormenta',
      sex: 'female',
      birth_year: 2014,
      breed: 'KWPN',
      ueln: '528003201405123',
      status: 'unverified',
      merged_into_id: null,
      sire: {
        id: sire.id,
        name: 'Jazz',
        sex: 'male',
        birth_year: 2001,
        breed: null,
        ueln: null,
        status: 'verified',
        sire: null,
        dam: null,
      },
      dam: null,
    });

    // The microchip: shown to the school that links the horse, hidden from anyone else.
    const mine = await app.request('GET', `/api/pedigree/horses?search=TORM`, {
      token: await token(OWNER),
    });
    expect(mine.body.data[0]).toMatchObject({ id: identityId, microchip: '528210004567891' });
    const theirs = await app.request('GET', `/api/pedigree/horses?search=528003201405123`, {
      token: await token(OTHER),
    });
    expect(theirs.body.data).toEqual([
      expect.objectContaining({ id: identityId, microchip: null }),
    ]);
  });

  it('answers a null pedigree for a horse without identity, 404 for another school’s horse', async () => {
    const { schoolId, otherId } = await world();
    const horse = await fixtures.horse(schoolId);
    const theirs = await fixtures.horse(otherId);
    const path = (id: string) => `/api/schools/${schoolId}/horses/${id}/pedigree`;
    const none = await app.request('GET', path(horse.id), { token: await token(OWNER) });
    expect(none.body).toEqual({ data: null });
    expect((await app.request('GET', path(theirs.id), { token: await token(OWNER) })).status).toBe(
      404,
    );
    expect((await app.request('GET', path(horse.id))).status).toBe(401);
    const deep = await app.request('GET', `${path(horse.id)}?generations=8`, {
      token: await token(OWNER),
    });
    expect(deep.status).toBe(422);
  });

  it('refuses a number already recorded, naming the identity to link, and links it instead', async () => {
    const { schoolId, otherId } = await world();
    const known = await adminIdentity({
      name: 'Quidam',
      sex: 'male',
      birth_year: 2005,
      ueln: '276431310005401',
      microchip: '276098100012345',
      studbook: 'Holsteiner',
      registration_number: 'DE 431310005401',
    });
    const dup = await schoolHorse(
      otherId,
      {
        name: 'Quidam II',
        identity: {
          birth_year: 2005,
          ueln: '276431310005401',
          microchip: '276098100012345',
          studbook: 'Holsteiner',
          registration_number: 'DE 431310005401',
        },
      },
      OTHER,
    );
    expect(dup.status).toBe(422);
    const naming = (label: string) => [
      `The ${label} is already recorded for the horse ${known.id}: link that identity (horse_identity_id) instead.`,
    ];
    expect(dup.body.errors).toEqual({
      'identity.ueln': naming('ueln'),
      'identity.microchip': naming('microchip'),
      'identity.registration_number': naming('studbook registration number'),
    });
    expect(await app.db.$count(horses)).toBe(0);

    const linked = await schoolHorse(
      otherId,
      { name: 'Quidam', horse_identity_id: known.id },
      OTHER,
    );
    expect(linked.status).toBe(201);
    expect(linked.body.data.horse_identity_id).toBe(known.id);
    const unknown = await schoolHorse(schoolId, {
      name: 'Ghost',
      horse_identity_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      horse_identity_id: ['The horse identity was not found.'],
    });
    const both = await schoolHorse(schoolId, {
      name: 'Both',
      horse_identity_id: known.id,
      identity: { birth_year: 2010 },
    });
    expect(both.status).toBe(422);
    expect(both.body.errors.identity).toBeDefined();
  });

  it('lets the school edit its identity until it is verified or shared; then a correction', async () => {
    const { schoolId, otherId } = await world();
    const made = await schoolHorse(schoolId, { name: 'Nube', birth_year: 2012, identity: {} });
    const horseId = made.body.data.id;
    const identityId = made.body.data.horse_identity_id;
    const put = async (colour: string) =>
      app.request('PUT', `/api/schools/${schoolId}/horses/${horseId}`, {
        token: await token(OWNER),
        body: { identity: { colour } },
      });
    expect((await put('grey')).status).toBe(200);

    // Another school links the same animal: from now on the school files corrections.
    expect(
      (await schoolHorse(otherId, { name: 'Nube', horse_identity_id: identityId }, OTHER)).status,
    ).toBe(201);
    const shared = await put('bay');
    expect(shared.status).toBe(403);
    expect(shared.body.error.message).toContain('file a correction');

    const correction = await app.request('POST', `/api/pedigree/horses/${identityId}/corrections`, {
      token: await token(OWNER),
      body: { changes: { colour: 'bay' }, reason: 'Her passport says bay.' },
    });
    expect(correction.status, correction.text).toBe(201);
    expect(correction.body.data).toMatchObject({
      horse_identity_id: identityId,
      horse_name: 'Nube',
      changes: { colour: 'bay' },
      status: 'pending',
    });
    const [row] = await app.db
      .select()
      .from(horseIdentities)
      .where(eq(horseIdentities.id, identityId));
    expect(row!.colour).toBe('grey');
  });
});

describe('fields the server owns', () => {
  it('ignores status, ids and the creating organization in an identity sent by a school or an admin', async () => {
    const { schoolId, otherId } = await world();
    const sneaky = {
      status: 'verified',
      merged_into_id: '0badc0de-0000-4000-8000-000000000001',
      created_by_org_id: otherId,
      id: '0badc0de-0000-4000-8000-000000000002',
    };
    const res = await schoolHorse(schoolId, {
      name: 'Sneaky',
      birth_year: 2015,
      identity: { ...sneaky, sex: 'male' },
    });
    expect(res.status, res.text).toBe(201);
    const [row] = await app.db
      .select()
      .from(horseIdentities)
      .where(eq(horseIdentities.id, res.body.data.horse_identity_id));
    expect(row).toMatchObject({
      status: 'unverified',
      mergedIntoId: null,
      createdByOrgId: schoolId,
    });
    expect(row!.id).not.toBe(sneaky.id);
    const admin = await adminIdentity({
      name: 'Plain',
      birth_year: 2010,
      ...sneaky,
      status: 'merged',
    });
    expect(admin).toMatchObject({
      status: 'verified',
      merged_into_id: null,
      created_by_org_id: null,
    });
  });
});

describe('parentage rules', () => {
  it('refuses a female sire, a male dam and parents born less than two years before', async () => {
    const mare = await adminIdentity({ name: 'Mare', sex: 'female', birth_year: 2010 });
    const stallion = await adminIdentity({ name: 'Stallion', sex: 'male', birth_year: 2013 });
    const res = await app.request('POST', '/api/admin/pedigree/horses', {
      token: await token(ADMIN_EMAIL),
      body: { name: 'Foal', birth_year: 2014, sire_id: mare.id, dam_id: stallion.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      sire_id: ['The sire must be a male horse.'],
      dam_id: ['The dam must be a female horse.'],
    });
    const young = await app.request('POST', '/api/admin/pedigree/horses', {
      token: await token(ADMIN_EMAIL),
      body: { name: 'Foal', birth_year: 2014, sire_id: stallion.id },
    });
    expect(young.body.errors).toEqual({
      sire_id: ['The sire must be born at least two years before the horse (in 2012 or earlier).'],
    });
  });

  it('refuses a cycle of three on a parent write, checked through the ancestry', async () => {
    const a = await adminIdentity({ name: 'Alpha', sex: 'male', birth_year: 2000 });
    const b = await adminIdentity({ name: 'Beta', sex: 'male', birth_year: 2003, sire_id: a.id });
    const c = await adminIdentity({ name: 'Gamma', sex: 'male', birth_year: 2006, sire_id: b.id });
    // Ages would refuse it first; an administrator's wrong birth year is how cycles arise.
    await app.db
      .update(horseIdentities)
      .set({ birthYear: 2009 })
      .where(eq(horseIdentities.id, a.id));
    const res = await app.request('PUT', `/api/admin/pedigree/horses/${a.id}`, {
      token: await token(ADMIN_EMAIL),
      body: { sire_id: c.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      sire_id: ['The sire cannot be a descendant of the horse itself.'],
    });
  });

  it('keeps foals valid: a sire stays male and born two years before its first foal', async () => {
    const sire = await adminIdentity({ name: 'Dad', sex: 'male', birth_year: 2000 });
    await adminIdentity({ name: 'Kid', birth_year: 2008, sire_id: sire.id });
    const res = await app.request('PUT', `/api/admin/pedigree/horses/${sire.id}`, {
      token: await token(ADMIN_EMAIL),
      body: { sex: 'female', birth_year: 2007 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      sex: ['The horse is the sire of 1 recorded foals: it must stay male.'],
      birth_year: ['The horse has a foal born in 2008: it must be born in 2006 or earlier.'],
    });
  });

  it('validates the fields: birth, gelding, codes and the registration pair', async () => {
    const res = await app.request('POST', '/api/admin/pedigree/horses', {
      token: await token(ADMIN_EMAIL),
      body: {
        name: 'X',
        sex: 'female',
        gelded: true,
        studbook: 'SBS',
        ueln: 'short',
        microchip: '12ab',
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['microchip', 'ueln']);
    const whole = await app.request('POST', '/api/admin/pedigree/horses', {
      token: await token(ADMIN_EMAIL),
      body: {
        name: 'X',
        sex: 'female',
        gelded: true,
        studbook: 'SBS',
        birth_date: '2015-04-02',
        birth_year: 2014,
      },
    });
    expect(whole.body.errors).toEqual({
      birth_year: ['The birth year field must match the birth date.'],
      gelded: ['Only a male horse can be gelded.'],
      registration_number: ['The registration number field is required with studbook.'],
    });
    const noBirth = await app.request('POST', '/api/admin/pedigree/horses', {
      token: await token(ADMIN_EMAIL),
      body: { name: 'X' },
    });
    expect(noBirth.body.errors).toEqual({
      birth_year: ['The birth year field is required when birth date is not present.'],
    });
  });
});

describe('reads for any signed-in user', () => {
  it('searches by a name prefix of 3 characters or more, paginated, without merged records', async () => {
    await world();
    for (const name of ['Luna', 'Lunática', 'Lunar Eclipse', 'Sol'])
      await adminIdentity({ name, birth_year: 2010 });
    const res = await app.request('GET', '/api/pedigree/horses?search=lun&per_page=2', {
      token: await token(OTHER),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { name: string }) => h.name)).toEqual(['Luna', 'Lunar Eclipse']);
    expect(res.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    const short = await app.request('GET', '/api/pedigree/horses?search=lu', {
      token: await token(OTHER),
    });
    expect(short.status).toBe(422);
    expect((await app.request('GET', '/api/pedigree/horses?search=luna')).status).toBe(401);
    const wildcard = await app.request('GET', '/api/pedigree/horses?search=%25%25%25', {
      token: await token(OTHER),
    });
    expect(wildcard.body.data).toEqual([]);
  });

  it('reads seven generations in the same number of statements as one', async () => {
    await world();
    // A line of 8 sires, oldest first, written directly: the rules are tested above.
    let parent: string | null = null;
    const ids: string[] = [];
    for (let g = 0; g < 8; g++) {
      const rows: { id: string }[] = await app.db
        .insert(horseIdentities)
        .values({ name: `Gen ${g}`, sex: 'male', birthYear: 1950 + g * 5, sireId: parent })
        .returning({ id: horseIdentities.id });
      const id = rows[0]!.id;
      ids.push(id);
      parent = id;
    }
    const reader = await token(OTHER);
    await app.request('GET', '/api/auth/me', { token: reader });
    const read = async (generations: number) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `/api/pedigree/horses/${ids[7]}?generations=${generations}`, {
          token: reader,
        }),
      );
      return { res, statements: counter.count };
    };
    const one = await read(1);
    const seven = await read(7);
    expect(one.res.body.data.sire).toMatchObject({ name: 'Gen 6', sire: null });
    let node = seven.res.body.data;
    const names: string[] = [];
    while (node) {
      names.push(node.name);
      node = node.sire;
    }
    expect(names).toEqual(['Gen 7', 'Gen 6', 'Gen 5', 'Gen 4', 'Gen 3', 'Gen 2', 'Gen 1', 'Gen 0']);
    expect(seven.statements).toBe(one.statements);
    const unknown = await app.request(
      'GET',
      '/api/pedigree/horses/00000000-0000-4000-8000-000000000000',
      {
        token: reader,
      },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('administration of the pedigree', () => {
  it('is for platform administrators only', async () => {
    await world();
    const res = await app.request('GET', '/api/admin/pedigree/horses', {
      token: await token(OWNER),
    });
    expect(res.status).toBe(403);
    expect((await app.request('GET', '/api/admin/pedigree/corrections')).status).toBe(401);
  });

  it('merges a duplicate: school horses and foals follow, the old id names the survivor', async () => {
    const { schoolId } = await world();
    const made = await schoolHorse(schoolId, {
      name: 'Cometa',
      identity: { sex: 'male', birth_year: 2008, microchip: '724098100000001' },
    });
    const duplicate = made.body.data.horse_identity_id;
    const foal = await adminIdentity({ name: 'Cometa jr', birth_year: 2015, sire_id: duplicate });
    const survivor = await adminIdentity({
      name: 'Cometa',
      sex: 'male',
      birth_year: 2008,
      ueln: '724001000000011',
    });

    const preview = await app.request('GET', `/api/admin/pedigree/horses/${duplicate}/references`, {
      token: await token(ADMIN_EMAIL),
    });
    expect(preview.body.data).toEqual({
      organization_records: 1,
      foals: 1,
      pending_corrections: 0,
    });
    const filed = await app.request('POST', `/api/pedigree/horses/${duplicate}/corrections`, {
      token: await token(OWNER),
      body: { changes: { colour: 'chestnut' }, reason: 'Photo of the passport' },
    });
    const res = await app.request('POST', `/api/admin/pedigree/horses/${duplicate}/merge`, {
      token: await token(ADMIN_EMAIL),
      body: { into_id: survivor.id },
    });
    expect(res.status, res.text).toBe(200);
    const queue = await app.request('GET', '/api/admin/pedigree/corrections', {
      token: await token(ADMIN_EMAIL),
    });
    expect(queue.body.data).toEqual([
      expect.objectContaining({ id: filed.body.data.id, horse_identity_id: survivor.id }),
    ]);
    expect(res.body.data).toMatchObject({
      status: 'merged',
      merged_into_id: survivor.id,
      microchip: null,
    });
    const [horse] = await app.db.select().from(horses).where(eq(horses.id, made.body.data.id));
    expect(horse!.horseIdentityId).toBe(survivor.id);
    const rows = await app.db.select().from(horseIdentities);
    expect(rows.find((r) => r.id === foal.id)!.sireId).toBe(survivor.id);
    expect(rows.find((r) => r.id === survivor.id)!.microchip).toBe('724098100000001');

    const tree = await app.request('GET', `/api/pedigree/horses/${duplicate}`, {
      token: await token(OWNER),
    });
    expect(tree.body.data).toMatchObject({ status: 'merged', merged_into_id: survivor.id });
    const relink = await schoolHorse(schoolId, { name: 'Again', horse_identity_id: duplicate });
    expect(relink.status).toBe(422);
    expect(relink.body.errors.horse_identity_id[0]).toContain(survivor.id);
    const again = await app.request('POST', `/api/admin/pedigree/horses/${duplicate}/merge`, {
      token: await token(ADMIN_EMAIL),
      body: { into_id: survivor.id },
    });
    expect(again.status).toBe(409);
  });

  it('refuses a merge the foals could not survive', async () => {
    const sire = await adminIdentity({ name: 'Sire', sex: 'male', birth_year: 2000 });
    await adminIdentity({ name: 'Foal', birth_year: 2010, sire_id: sire.id });
    const mare = await adminIdentity({ name: 'Mare', sex: 'female', birth_year: 2000 });
    const res = await app.request('POST', `/api/admin/pedigree/horses/${sire.id}/merge`, {
      token: await token(ADMIN_EMAIL),
      body: { into_id: mare.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.into_id[0]).toContain('not male');
  });

  it('verifies, then approves and rejects corrections once each, under the rules', async () => {
    const { schoolId } = await world();
    const made = await schoolHorse(schoolId, {
      name: 'Brisa',
      identity: { birth_year: 2009, sex: 'female' },
    });
    const id = made.body.data.horse_identity_id;
    const admin = await token(ADMIN_EMAIL);
    const verified = await app.request('POST', `/api/admin/pedigree/horses/${id}/verify`, {
      token: admin,
    });
    expect(verified.body.data.status).toBe('verified');
    const locked = await app.request(
      'PUT',
      `/api/schools/${schoolId}/horses/${made.body.data.id}`,
      {
        token: await token(OWNER),
        body: { identity: { colour: 'grey' } },
      },
    );
    expect(locked.status).toBe(403);

    const file = async (changes: Record<string, unknown>) =>
      (
        await app.request('POST', `/api/pedigree/horses/${id}/corrections`, {
          token: await token(OWNER),
          body: { changes, reason: 'Passport' },
        })
      ).body.data.id as string;
    const good = await file({ colour: 'grey' });
    const bad = await file({ gelded: true });
    const wrong = await file({ colour: 'pink' });

    const queue = await app.request('GET', '/api/admin/pedigree/corrections', { token: admin });
    expect(queue.body.data.map((c: { id: string }) => c.id)).toEqual([good, bad, wrong]);

    const approve = (cid: string) =>
      app.request('POST', `/api/admin/pedigree/corrections/${cid}/approve`, { token: admin });
    expect((await approve(good)).body.data.status).toBe('approved');
    expect((await approve(good)).status).toBe(409);
    const [row] = await app.db.select().from(horseIdentities).where(eq(horseIdentities.id, id));
    expect(row!.colour).toBe('grey');

    const rejected = await app.request('POST', `/api/admin/pedigree/corrections/${wrong}/reject`, {
      token: admin,
      body: { reason: 'No such colour.' },
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      decision_reason: 'No such colour.',
    });
    // A mare cannot be gelded: the rules refuse the approval, and the correction waits.
    const refused = await approve(bad);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ gelded: ['Only a male horse can be gelded.'] });
    const missingReason = await app.request(
      'POST',
      `/api/admin/pedigree/corrections/${bad}/reject`,
      {
        token: admin,
        body: {},
      },
    );
    expect(missingReason.status).toBe(422);
    const later = await app.request('GET', '/api/admin/pedigree/corrections', { token: admin });
    expect(later.body.data.map((c: { status: string }) => c.status)).toEqual([
      'pending',
      'approved',
      'rejected',
    ]);
    expect((await approve('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('the demo data', () => {
  it("gives the demo school's Canela three generations", async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const owner = await token(DEMO_OWNER_EMAIL);
    const [school] = (await app.request('GET', '/api/schools', { token: owner })).body.data;
    const horsesOf = await app.request('GET', `/api/schools/${school.id}/horses`, { token: owner });
    const canela = horsesOf.body.data.find((h: { name: string }) => h.name === 'Canela');
    const tree = await app.request(
      'GET',
      `/api/schools/${school.id}/horses/${canela.id}/pedigree`,
      {
        token: owner,
      },
    );
    expect(tree.body.data).toMatchObject({
      name: 'Canela',
      sire: { name: 'Rhosyn Storm', sire: { name: 'Dyfed Rhys' }, dam: { name: 'Gwen' } },
      dam: { name: 'Mair', sire: { name: 'Brynhir' }, dam: { name: 'Seren' } },
    });
  });
});
