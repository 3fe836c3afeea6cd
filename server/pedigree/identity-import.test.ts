import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { horseIdentities } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();

async function upload(csv: string, fields: Record<string, string> = {}, email = ADMIN_EMAIL) {
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'pedigree.csv');
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return app.request('POST', '/api/admin/pedigree/import', {
    token: await app.tokenFor(email),
    rawBody: body,
  });
}

const HEADER = 'name,sex,birth_year,ueln,studbook,registration_number,sire,dam';

describe('POST /api/admin/pedigree/import', () => {
  it('imports foals before their parents, links both, and marks them verified', async () => {
    const csv = [
      HEADER,
      'Foal,female,2015,,SBS,F-1,724001000000001,M-1',
      'Father,male,2005,724001000000001,,,,',
      'Mother,female,2006,,SBS,M-1,,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ total_rows: 3, imported: 3, skipped: 0, errors: [] });
    const rows = await app.db.select().from(horseIdentities).orderBy(asc(horseIdentities.name));
    const [father, foal, mother] = rows;
    expect(foal).toMatchObject({
      name: 'Foal',
      sireId: father!.id,
      damId: mother!.id,
      status: 'verified',
      studbook: 'SBS',
      registrationNumber: 'F-1',
    });
  });

  it('reports each refused line, and its foals, without writing them; dry_run writes nothing', async () => {
    const existing = await app.request('POST', '/api/admin/pedigree/horses', {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { name: 'Known', sex: 'male', birth_year: 2000, ueln: '724001000000009' },
    });
    const known = existing.body.data.id;
    const csv = [
      HEADER,
      'Taken,male,2001,724001000000009,,,,', // line 2: the UELN is recorded
      'Twin,male,2001,724001000000010,,,,', // line 3: fine
      'Twin again,male,2002,724001000000010,,,,', // line 4: same UELN as line 3
      'Young sire,male,2014,724001000000011,,,,', // line 5: fine, too young below
      'Foal,female,2015,,,,724001000000011,', // line 6: sire born less than 2 years before
      'Mare sire,female,2000,724001000000012,,,,', // line 7: fine
      'Foal 2,male,2010,,,,724001000000012,', // line 8: a mare as sire
      'Orphan,male,2010,,,,724009999999999,', // line 9: unknown sire
      ',male,2010,,,,,', // line 10: no name
      'Child of 10,male,2016,,,,724001000000002,', // line 11: unknown (line 10 has no UELN)
      'Son of Known,male,2010,,,,724001000000009,', // line 12: fine, parent on the platform
      'Grandchild,male,2016,,,,724001000000013,', // line 13: its sire (line 14) is refused
      'Bad sire,male,1800,724001000000013,,,,', // line 14: birth year out of range
    ].join('\n');
    const dry = await upload(csv, { dry_run: 'true' });
    expect(dry.status).toBe(200);
    expect(await app.db.$count(horseIdentities)).toBe(1);

    const res = await upload(csv);
    expect(res.body.data).toMatchObject({ total_rows: 13, imported: 4, skipped: 9 });
    expect(res.body.data).toEqual({ ...dry.body.data });
    const byLine = Object.fromEntries(
      res.body.data.errors.map((e: { row: number; errors: object }) => [e.row, e.errors]),
    );
    expect(byLine).toEqual({
      2: { ueln: [`The ueln is already recorded for the horse ${known}.`] },
      4: { ueln: ['The ueln is already used on line 3.'] },
      6: {
        sire: ['The sire must be born at least two years before the horse (in 2013 or earlier).'],
      },
      8: { sire: ['The sire must be a male horse.'] },
      9: { sire: ['The sire 724009999999999 was not found in the file or on the platform.'] },
      10: { name: [expect.stringMatching(/name/)] },
      11: { sire: ['The sire 724001000000002 was not found in the file or on the platform.'] },
      13: { sire: ['The sire on line 14 is not imported.'] },
      14: { birth_year: [expect.stringMatching(/1900/)] },
    });
    const names = (await app.db.select().from(horseIdentities)).map((r) => r.name).sort();
    expect(names).toEqual(['Known', 'Mare sire', 'Son of Known', 'Twin', 'Young sire']);
  });

  it('refuses every line of a cycle inside the file (two years per generation cannot loop)', async () => {
    const csv = [
      HEADER,
      'A,male,2000,724001000000021,,,724001000000023,',
      'B,male,2004,724001000000022,,,724001000000021,',
      'C,male,2008,724001000000023,,,724001000000022,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.body.data).toMatchObject({ imported: 0, skipped: 3 });
    expect(res.body.data.errors).toEqual([
      {
        row: 2,
        errors: {
          sire: ['The sire must be born at least two years before the horse (in 1998 or earlier).'],
        },
      },
      { row: 3, errors: { sire: ['The sire on line 2 is not imported.'] } },
      { row: 4, errors: { sire: ['The sire on line 3 is not imported.'] } },
    ]);
    expect(await app.db.$count(horseIdentities)).toBe(0);
  });

  it('refuses a file without the name column, and is for administrators only', async () => {
    const res = await upload('sex,birth_year\nmale,2000\n');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      file: ['The file is missing the required columns: name.'],
    });
    await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    expect((await upload(`${HEADER}\nX,male,2000,,,,,`, {}, 'owner@x.test')).status).toBe(403);
  });
});
