import { describe, expect, it } from 'vitest';
import { horseIdentities } from '@/db/schema';
import { useTestApp } from '../test/harness';

const app = useTestApp();

async function world() {
  const studId = await app.createSchool({
    type: 'stud',
    name: 'Hill Stud',
    members: { 'viewer@stud.test': 'viewer', 'owner@stud.test': 'owner' },
  });
  const horse = async (
    name: string,
    sex: 'male' | 'female',
    parents: { sireId?: string; damId?: string } = {},
  ) => {
    const [row] = await app.db
      .insert(horseIdentities)
      .values({ name, sex, birthYear: 2000, ...parents })
      .returning({ id: horseIdentities.id });
    return row!.id;
  };
  const mate = async (body: Record<string, unknown>, email = 'viewer@stud.test', id = studId) =>
    app.request('POST', `/api/studs/${id}/pedigree/test-mating`, {
      token: await app.tokenFor(email),
      body,
    });
  return { studId, horse, mate };
}

describe('POST /api/studs/{studId}/pedigree/test-mating', () => {
  it('answers 25 % for full siblings with both parents as common ancestors, and the foal’s pedigree', async () => {
    const { horse, mate } = await world();
    const sire = await horse('Apollo', 'male');
    const dam = await horse('Bella', 'female');
    const son = await horse('Castor', 'male', { sireId: sire, damId: dam });
    const daughter = await horse('Dora', 'female', { sireId: sire, damId: dam });

    const res = await mate({ sire_id: son, dam_id: daughter });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      generations: 6,
      coi_percent: 25,
      common_ancestors: [
        { id: sire, name: 'Apollo', contribution_percent: 12.5 },
        { id: dam, name: 'Bella', contribution_percent: 12.5 },
      ],
      pedigree: {
        sire: { id: son, name: 'Castor', sire: { id: sire }, dam: { id: dam } },
        dam: { id: daughter, name: 'Dora', sire: { id: sire }, dam: { id: dam } },
      },
    });
  });

  it('answers 12.5 % for half-siblings, 0 beyond the generations asked', async () => {
    const { horse, mate } = await world();
    const common = await horse('Zeus', 'male');
    const sire = await horse('Ares', 'male', { sireId: common });
    const dam = await horse('Hera', 'female', { sireId: common });
    const half = await mate({ sire_id: sire, dam_id: dam });
    expect(half.body.data.coi_percent).toBe(12.5);
    expect(half.body.data.common_ancestors).toEqual([
      { id: common, name: 'Zeus', contribution_percent: 12.5 },
    ]);
    const parentsOnly = await mate({ sire_id: sire, dam_id: dam, generations: 1 });
    expect(parentsOnly.body.data).toMatchObject({ coi_percent: 0, common_ancestors: [] });
    expect(parentsOnly.body.data.pedigree.sire).toMatchObject({ id: sire, sire: null });
  });

  it('refuses unknown horses, a mare as sire, the same horse twice and more than 10 generations', async () => {
    const { horse, mate } = await world();
    const stallion = await horse('Apollo', 'male');
    const mare = await horse('Bella', 'female');
    const cases: [Record<string, unknown>, string][] = [
      [{ sire_id: crypto.randomUUID(), dam_id: mare }, 'sire_id'],
      [{ sire_id: mare, dam_id: mare }, 'dam_id'],
      [{ sire_id: mare, dam_id: stallion }, 'sire_id'],
      [{ sire_id: stallion, dam_id: mare, generations: 11 }, 'generations'],
      [{ sire_id: 'nope', dam_id: mare }, 'sire_id'],
    ];
    for (const [body, field] of cases) {
      const res = await mate(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toHaveProperty([field]);
    }
  });

  it('is for the stud’s members, with horses.view', async () => {
    const { horse, mate } = await world();
    const other = await app.createSchool({ type: 'stud', name: 'Other Stud' });
    const body = { sire_id: await horse('A', 'male'), dam_id: await horse('B', 'female') };
    expect((await mate(body)).status).toBe(200);
    expect((await mate(body, 'owner@stud.test')).status).toBe(200);
    expect((await mate(body, 'viewer@stud.test', other)).status).toBe(403);
    expect(
      (await app.request('POST', `/api/studs/${other}/pedigree/test-mating`, { body })).status,
    ).toBe(401);
  });
});
