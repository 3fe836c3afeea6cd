import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competitionEntries, competitionResults } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { competitionFixtures } from '../test/competition-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);
const c = competitionFixtures(() => app.db);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const stamps = {
  created_at: expect.stringMatching(ISO_TIMESTAMP),
  updated_at: expect.stringMatching(ISO_TIMESTAMP),
};

const MEMBERS = {
  'owner@a.test': 'owner',
  'manager@a.test': 'manager',
  'instructor@a.test': 'instructor',
  'viewer@a.test': 'viewer',
} as const;

const tokenOf = (role: 'owner' | 'manager' | 'instructor' | 'viewer') =>
  app.tokenFor(`${role}@a.test`);

async function setup() {
  const schoolId = await app.createSchool({ members: { ...MEMBERS } });
  const token = await tokenOf('owner');
  const competition = await c.competition(schoolId);
  const student = await f.student(schoolId, { firstName: 'Ana', lastName: 'García' });
  const horse = await f.horse(schoolId, { name: 'Canela' });
  const entry = await c.entry(schoolId, {
    competitionId: competition.id,
    studentId: student.id,
    horseId: horse.id,
    category: 'Seniors',
    orderNumber: 4,
    status: 'confirmed',
  });
  const base = `/api/schools/${schoolId}/competitions/${competition.id}/results`;
  return { schoolId, token, competition, student, horse, entry, base };
}

function expect422(res: { status: number; body: any }, field: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    message: expect.any(String),
    errors: expect.objectContaining({ [field]: [message ?? expect.any(String)] }),
  });
}

describe('POST /api/schools/{schoolId}/competitions/{competitionId}/results', () => {
  it('records a result: position from the ribbon, category and horse copied, the entry completed', async () => {
    const s = await setup();

    const res = await app.request('POST', s.base, {
      token: await tokenOf('manager'),
      body: {
        entry_id: s.entry.id,
        ribbon: 'yellow',
        notes: 'One refusal',
        position: 1,
        category: 'Juniors',
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        competition_id: s.competition.id,
        entry_id: s.entry.id,
        student_id: s.student.id,
        student: { id: s.student.id, full_name: 'Ana García' },
        category: 'Seniors',
        horse_id: s.horse.id,
        horse: { id: s.horse.id, name: 'Canela' },
        ribbon: 'yellow',
        ribbon_label: '3rd place (yellow)',
        position: 3,
        notes: 'One refusal',
        ...stamps,
      },
    });
    const [entry] = await app.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, s.entry.id));
    expect(entry).toMatchObject({ status: 'completed', orderNumber: 4 });
  });

  it.each([
    ['blue', 1, '1st place (blue)'],
    ['red', 2, '2nd place (red)'],
    ['yellow', 3, '3rd place (yellow)'],
    ['white', 4, '4th place (white)'],
    ['pink', 5, '5th place (pink)'],
    ['green', 6, '6th place (green)'],
    ['purple', 7, '7th place (purple)'],
    ['brown', 8, '8th place (brown)'],
    ['participation', null, 'Participation'],
  ] as const)('gives the %s ribbon position %s', async (ribbon, position, label) => {
    const s = await setup();
    const res = await app.request('POST', s.base, {
      token: s.token,
      body: { entry_id: s.entry.id, ribbon },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ribbon, position, ribbon_label: label, notes: null });
  });

  it.each(['pending', 'cancelled', 'completed'] as const)(
    'records a result for a %s entry without a horse',
    async (status) => {
      const s = await setup();
      const entry = await c.entry(s.schoolId, {
        competitionId: s.competition.id,
        studentId: s.student.id,
        status,
      });

      const res = await app.request('POST', s.base, {
        token: s.token,
        body: { entry_id: entry.id, ribbon: 'blue' },
      });

      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        entry_id: entry.id,
        category: 'Juniors',
        horse_id: null,
        horse: null,
      });
      const [row] = await app.db
        .select()
        .from(competitionEntries)
        .where(eq(competitionEntries.id, entry.id));
      expect(row!.status).toBe('completed');
    },
  );

  it("refuses an unknown entry, another school's entry, another competition's entry and an entry with a result (422 entry_id)", async () => {
    const s = await setup();
    const otherCompetition = await c.competition(s.schoolId, { name: 'Other cup' });
    const elsewhere = await c.entry(s.schoolId, {
      competitionId: otherCompetition.id,
      studentId: s.student.id,
    });
    const otherSchool = await app.createSchool({ name: 'Other' });
    const foreign = await c.entry(otherSchool, {
      competitionId: (await c.competition(otherSchool)).id,
      studentId: (await f.student(otherSchool)).id,
    });

    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { entry_id: MISSING_UUID, ribbon: 'blue' },
      }),
      'entry_id',
      'The selected entry id is invalid.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { entry_id: foreign.id, ribbon: 'blue' },
      }),
      'entry_id',
      'The selected entry id is invalid.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { entry_id: elsewhere.id, ribbon: 'blue' },
      }),
      'entry_id',
      'The selected entry belongs to another competition.',
    );
    expect(
      (
        await app.request('POST', s.base, {
          token: s.token,
          body: { entry_id: s.entry.id, ribbon: 'blue' },
        })
      ).status,
    ).toBe(201);
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { entry_id: s.entry.id, ribbon: 'red' },
      }),
      'entry_id',
      'The entry already has a result.',
    );
    expect(await app.db.select().from(competitionResults)).toHaveLength(1);
    const [untouched] = await app.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, elsewhere.id));
    expect(untouched!.status).toBe('pending');
  });

  it('validates the body', async () => {
    const s = await setup();
    const res = await app.request('POST', s.base, { token: s.token, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      entry_id: ['The entry id field is required.'],
      ribbon: ['The ribbon field is required.'],
    });
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { entry_id: 'x', ribbon: 'blue' },
      }),
      'entry_id',
      'The entry id field must be a valid UUID.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { entry_id: s.entry.id, ribbon: 'gold' },
      }),
      'ribbon',
      'The selected ribbon is invalid.',
    );
  });

  it("answers 401, 403 to viewers and instructors, 404 for another school's competition", async () => {
    const s = await setup();
    const body = { entry_id: s.entry.id, ribbon: 'blue' };
    expect((await app.request('POST', s.base, { body })).status).toBe(401);
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('POST', s.base, { token: await tokenOf(role), body })).status,
        role,
      ).toBe(403);
    }
    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    for (const id of [foreign.id, 'nope']) {
      const res = await app.request(
        'POST',
        `/api/schools/${s.schoolId}/competitions/${id}/results`,
        { token: s.token, body },
      );
      expect(res.status, id).toBe(404);
    }
    expect(await app.db.select().from(competitionResults)).toHaveLength(0);
  });
});

describe('GET /api/schools/{schoolId}/competitions/{competitionId}/results', () => {
  it('lists results by position, participation last, ties by creation', async () => {
    const s = await setup();
    const ribbons = [
      ['participation', 0],
      ['red', 1],
      ['blue', 2],
      ['red', 3],
      ['participation', 4],
      ['brown', 5],
    ] as const;
    const ids: string[] = [];
    for (const [ribbon, minute] of ribbons) {
      const student = await f.student(s.schoolId, { firstName: `S${minute}` });
      const entry = await c.entry(s.schoolId, {
        competitionId: s.competition.id,
        studentId: student.id,
        status: 'completed',
      });
      const [row] = await app.db
        .insert(competitionResults)
        .values({
          schoolId: s.schoolId,
          competitionId: s.competition.id,
          entryId: entry.id,
          studentId: student.id,
          category: 'Juniors',
          ribbon,
          position:
            ribbon === 'participation' ? null : ribbon === 'blue' ? 1 : ribbon === 'red' ? 2 : 8,
          createdAt: new Date(Date.UTC(2026, 4, 10, 12, minute)),
        })
        .returning();
      ids.push(row!.id);
    }

    const res = await app.request('GET', s.base, { token: await tokenOf('instructor') });

    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([
      ids[2],
      ids[1],
      ids[3],
      ids[5],
      ids[0],
      ids[4],
    ]);
    expect(res.body.data[0]).toEqual({
      id: ids[2],
      competition_id: s.competition.id,
      entry_id: expect.stringMatching(UUID),
      student_id: expect.stringMatching(UUID),
      student: { id: expect.stringMatching(UUID), full_name: 'S2 García' },
      category: 'Juniors',
      horse_id: null,
      horse: null,
      ribbon: 'blue',
      ribbon_label: '1st place (blue)',
      position: 1,
      notes: null,
      ...stamps,
    });
  });

  it("answers 404 for another school's competition and a malformed id, 401 without a token, and lists nothing from other competitions", async () => {
    const s = await setup();
    const other = await c.competition(s.schoolId, { name: 'Other cup' });
    const entry = await c.entry(s.schoolId, { competitionId: other.id, studentId: s.student.id });
    await app.db.insert(competitionResults).values({
      schoolId: s.schoolId,
      competitionId: other.id,
      entryId: entry.id,
      studentId: s.student.id,
      category: 'Juniors',
      ribbon: 'blue',
      position: 1,
    });
    const empty = await app.request('GET', s.base, { token: await tokenOf('viewer') });
    expect(empty.body).toEqual({ data: [] });

    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    for (const id of [foreign.id, 'nope']) {
      expect(
        (
          await app.request('GET', `/api/schools/${s.schoolId}/competitions/${id}/results`, {
            token: s.token,
          })
        ).status,
        id,
      ).toBe(404);
    }
    expect((await app.request('GET', s.base)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/competitions/{competitionId}/results/{resultId}', () => {
  async function recorded() {
    const s = await setup();
    const created = await app.request('POST', s.base, {
      token: s.token,
      body: { entry_id: s.entry.id, ribbon: 'red', notes: 'Clear round' },
    });
    return { ...s, result: created.body.data, url: `${s.base}/${created.body.data.id}` };
  }

  it('corrects the ribbon, the position following it, and keeps what was not sent', async () => {
    const s = await recorded();

    const res = await app.request('PUT', s.url, {
      token: await tokenOf('manager'),
      body: { ribbon: 'participation' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...s.result,
      ribbon: 'participation',
      ribbon_label: 'Participation',
      position: null,
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    const notes = await app.request('PUT', s.url, {
      token: s.token,
      body: { ribbon: 'blue', notes: null },
    });
    expect(notes.body.data).toMatchObject({
      ribbon: 'blue',
      position: 1,
      notes: null,
      category: 'Seniors',
      entry_id: s.entry.id,
    });
  });

  it('validates the ribbon; 403 to viewers and instructors; 404 for a result of another competition or a malformed id', async () => {
    const s = await recorded();
    expect422(
      await app.request('PUT', s.url, { token: s.token, body: { ribbon: 'gold' } }),
      'ribbon',
      'The selected ribbon is invalid.',
    );
    expect((await app.request('PUT', s.url, { body: { ribbon: 'blue' } })).status).toBe(401);
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('PUT', s.url, { token: await tokenOf(role), body: { ribbon: 'blue' } }))
          .status,
        role,
      ).toBe(403);
    }
    const other = await c.competition(s.schoolId, { name: 'Other cup' });
    const elsewhere = `/api/schools/${s.schoolId}/competitions/${other.id}/results/${s.result.id}`;
    for (const url of [elsewhere, `${s.base}/nope`, `${s.base}/${MISSING_UUID}`]) {
      expect(
        (await app.request('PUT', url, { token: s.token, body: { ribbon: 'blue' } })).status,
        url,
      ).toBe(404);
    }
    const [row] = await app.db
      .select()
      .from(competitionResults)
      .where(eq(competitionResults.id, s.result.id));
    expect(row).toMatchObject({ ribbon: 'red', position: 2 });
  });
});
