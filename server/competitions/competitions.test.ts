import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  competitionEntries,
  competitionPayments,
  competitionResults,
  competitions,
} from '@/db/schema';
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

async function setup() {
  const schoolId = await app.createSchool({ members: { ...MEMBERS } });
  const token = await app.tokenFor('owner@a.test');
  return { schoolId, token, base: `/api/schools/${schoolId}/competitions` };
}

const tokenOf = (role: 'owner' | 'manager' | 'instructor' | 'viewer') =>
  app.tokenFor(`${role}@a.test`);

function expect422(res: { status: number; body: any }, field: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    message: expect.any(String),
    errors: expect.objectContaining({ [field]: [message ?? expect.any(String)] }),
  });
}

const FULL_BODY = {
  name: 'Spring Cup',
  description: 'Jumping for all levels',
  date: '2026-05-10',
  location: 'North arena',
  type: 'regional',
  categories: ['Juniors', 'Seniors'],
  fees: [
    { concept: 'inscription', name: 'Entry fee', amount: 25.5, description: 'Per category' },
    { concept: 'stable', name: 'Box', amount: 40, is_required: false, applies_to: 'horse' },
    { concept: 'school_fee', name: 'Coaching', amount: 15, applies_to: 'student' },
  ],
  status: 'ongoing',
};

const STORED_FEES = [
  {
    concept: 'inscription',
    name: 'Entry fee',
    amount: 25.5,
    is_required: true,
    applies_to: 'entry',
    description: 'Per category',
  },
  {
    concept: 'stable',
    name: 'Box',
    amount: 40,
    is_required: false,
    applies_to: 'horse',
    description: null,
  },
  {
    concept: 'school_fee',
    name: 'Coaching',
    amount: 15,
    is_required: true,
    applies_to: 'student',
    description: null,
  },
];

describe('POST /api/schools/{schoolId}/competitions', () => {
  it('creates a competition with every field, fee defaults applied, and no entries or results yet', async () => {
    const s = await setup();

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: { ...FULL_BODY, unknown_field: 'ignored' },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        name: 'Spring Cup',
        description: 'Jumping for all levels',
        date: '2026-05-10',
        location: 'North arena',
        type: 'regional',
        status: 'ongoing',
        categories: ['Juniors', 'Seniors'],
        fees: STORED_FEES,
        entries: [],
        results: [],
        ...stamps,
      },
    });
    const [row] = await app.db
      .select()
      .from(competitions)
      .where(eq(competitions.id, res.body.data.id));
    expect(row).toMatchObject({
      schoolId: s.schoolId,
      fees: STORED_FEES,
      categories: ['Juniors', 'Seniors'],
    });
  });

  it('defaults type to internal, status to upcoming, and categories and fees to none', async () => {
    const s = await setup();
    const manager = await tokenOf('manager');

    const res = await app.request('POST', s.base, {
      token: manager,
      body: { name: ' Club day ', date: '2026-06-01' },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Club day',
      description: null,
      date: '2026-06-01',
      location: null,
      type: 'internal',
      status: 'upcoming',
      categories: [],
      fees: [],
      entries: [],
      results: [],
      ...stamps,
    });
  });

  it('answers 401 without a token and 403 to viewers and instructors', async () => {
    const s = await setup();
    expect((await app.request('POST', s.base, { body: FULL_BODY })).status).toBe(401);
    for (const role of ['viewer', 'instructor'] as const) {
      const res = await app.request('POST', s.base, {
        token: await tokenOf(role),
        body: FULL_BODY,
      });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect(await app.db.select().from(competitions)).toHaveLength(0);
  });

  it('requires a name and a valid date', async () => {
    const s = await setup();
    const res = await app.request('POST', s.base, { token: s.token, body: {} });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The name field is required. (and 1 more error)',
      errors: { name: ['The name field is required.'], date: ['The date field is required.'] },
    });
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { name: 'X', date: '2026-02-30' },
      }),
      'date',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { name: '  ', date: '2026-02-01' },
      }),
      'name',
      'The name field is required.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { name: 'X', date: '2026-02-01', status: 'open' },
      }),
      'status',
      'The selected status is invalid.',
    );
  });

  it('requires categories to be distinct non-empty names', async () => {
    const s = await setup();
    const body = (categories: unknown) => ({ name: 'X', date: '2026-02-01', categories });

    expect422(
      await app.request('POST', s.base, { token: s.token, body: body(['A', 'B', 'A']) }),
      'categories.2',
      'The categories.2 field has a duplicate value.',
    );
    expect422(
      await app.request('POST', s.base, { token: s.token, body: body(['A', ' ']) }),
      'categories.1',
      'The categories.1 field is required.',
    );
    expect422(
      await app.request('POST', s.base, { token: s.token, body: body('A') }),
      'categories',
      'The categories field must be an array.',
    );
    expect422(
      await app.request('POST', s.base, { token: s.token, body: body([1]) }),
      'categories.0',
    );
  });

  it('refuses a NUL character in a field stored as text or in the fees (jsonb) with 422 by its path', async () => {
    const s = await setup();
    const named = await app.request('POST', s.base, {
      token: s.token,
      body: { name: 'Cup\u0000', date: '2026-05-10' },
    });
    expect(named.status).toBe(422);
    expect(named.body.errors).toEqual({
      name: ['The name field must not contain NUL characters.'],
    });

    const fees = [{ concept: 'other', name: 'Box', amount: 5, description: 'a\u0000b' }];
    const described = await app.request('POST', s.base, {
      token: s.token,
      body: { name: 'Cup', date: '2026-05-10', fees },
    });
    expect(described.status).toBe(422);
    expect(described.body.errors).toEqual({
      'fees.0.description': ['The fees.0.description field must not contain NUL characters.'],
    });
    expect(await app.db.$count(competitions)).toBe(0);
  });

  it('validates each fee by its dot path', async () => {
    const s = await setup();
    const fee = { concept: 'inscription', name: 'Entry', amount: 10 };
    const body = (fees: unknown) => ({ name: 'X', date: '2026-02-01', fees });

    const missing = await app.request('POST', s.base, {
      token: s.token,
      body: body([fee, { concept: 'stable' }]),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      'fees.1.name': ['The fees.1.name field is required.'],
      'fees.1.amount': ['The fees.1.amount field is required.'],
    });
    expect422(
      await app.request('POST', s.base, { token: s.token, body: body([{ ...fee, amount: -1 }]) }),
      'fees.0.amount',
      'The fees.0.amount field must be at least 0.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: body([{ ...fee, amount: 10.005 }]),
      }),
      'fees.0.amount',
      'The fees.0.amount field must have 0-2 decimal places.',
    );
    expect422(
      await app.request('POST', s.base, { token: s.token, body: body([{ ...fee, amount: '10' }]) }),
      'fees.0.amount',
      'The fees.0.amount field must be a number.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: body([{ ...fee, concept: 'food' }]),
      }),
      'fees.0.concept',
      'The selected fees.0.concept is invalid.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: body([{ ...fee, applies_to: 'school' }]),
      }),
      'fees.0.applies_to',
      'The selected fees.0.applies to is invalid.',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: body([{ ...fee, is_required: 'yes' }]),
      }),
      'fees.0.is_required',
    );
    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: body([fee, { ...fee, amount: 12 }]),
      }),
      'fees.1.name',
      'The fees.1.name field has a duplicate value (another fee has the same concept and name).',
    );
    expect(await app.db.select().from(competitions)).toHaveLength(0);
  });
});

describe('GET /api/schools/{schoolId}/competitions', () => {
  it('lists by date, newest first, with results_count and the page meta (20 per page by default)', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const older = await c.competition(s.schoolId, {
      name: 'Autumn Show',
      date: '2025-10-01',
      location: 'Home',
    });
    const newer = await c.competition(s.schoolId, {
      name: 'Spring Cup',
      date: '2026-05-10',
      status: 'completed',
      type: 'regional',
    });
    const first = await c.entry(s.schoolId, {
      competitionId: newer.id,
      studentId: student.id,
      status: 'completed',
    });
    const second = await c.entry(s.schoolId, {
      competitionId: newer.id,
      studentId: student.id,
      category: 'Seniors',
      status: 'completed',
    });
    await app.db.insert(competitionResults).values([
      {
        schoolId: s.schoolId,
        competitionId: newer.id,
        entryId: first.id,
        studentId: student.id,
        category: 'Juniors',
        ribbon: 'blue',
        position: 1,
      },
      {
        schoolId: s.schoolId,
        competitionId: newer.id,
        entryId: second.id,
        studentId: student.id,
        category: 'Seniors',
        ribbon: 'participation',
      },
    ]);
    const other = await app.createSchool({ name: 'Other' });
    await c.competition(other, { name: 'Not ours' });

    const res = await app.request('GET', s.base, { token: await tokenOf('viewer') });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: newer.id,
        name: 'Spring Cup',
        description: null,
        date: '2026-05-10',
        location: null,
        type: 'regional',
        status: 'completed',
        categories: ['Juniors', 'Seniors'],
        fees: [],
        results_count: 2,
        ...stamps,
      },
      {
        id: older.id,
        name: 'Autumn Show',
        description: null,
        date: '2025-10-01',
        location: 'Home',
        type: 'internal',
        status: 'upcoming',
        categories: ['Juniors', 'Seniors'],
        fees: [],
        results_count: 0,
        ...stamps,
      },
    ]);
    expect(res.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      path: `http://localhost:3000${s.base}`,
      per_page: 20,
      to: 2,
      total: 2,
    });
    expect(res.body.links).toEqual({
      first: `http://localhost:3000${s.base}?page=1`,
      last: `http://localhost:3000${s.base}?page=1`,
      prev: null,
      next: null,
    });
  });

  it('filters by status, type and search (name or location, case-insensitive)', async () => {
    const s = await setup();
    const cup = await c.competition(s.schoolId, {
      name: 'Spring Cup',
      date: '2026-05-10',
      location: 'North arena',
      type: 'regional',
    });
    const show = await c.competition(s.schoolId, {
      name: 'Autumn Show',
      date: '2025-10-01',
      location: 'Cup Valley',
      status: 'completed',
    });
    const fair = await c.competition(s.schoolId, {
      name: 'Horse fair',
      date: '2025-09-01',
      location: 'Town 100%',
    });
    const ids = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status, query).toBe(200);
      return res.body.data.map((row: { id: string }) => row.id);
    };

    expect(await ids('status=completed')).toEqual([show.id]);
    expect(await ids('status=upcoming')).toEqual([cup.id, fair.id]);
    expect(await ids('type=regional')).toEqual([cup.id]);
    expect(await ids('type=internal')).toEqual([show.id, fair.id]);
    expect(await ids('search=cup')).toEqual([cup.id, show.id]);
    expect(await ids('search=NORTH')).toEqual([cup.id]);
    expect(await ids('search=100%25')).toEqual([fair.id]);
    expect(await ids('search=%25')).toEqual([fair.id]);
    expect(await ids('search=cup&status=upcoming')).toEqual([cup.id]);
  });

  it('pages with per_page and refuses bad filters and page sizes', async () => {
    const s = await setup();
    for (let i = 1; i <= 3; i++)
      await c.competition(s.schoolId, { name: `C${i}`, date: `2026-0${i}-01` });

    const page = await app.request('GET', `${s.base}?per_page=2&page=2`, { token: s.token });
    expect(page.status).toBe(200);
    expect(page.body.data.map((row: { name: string }) => row.name)).toEqual(['C1']);
    expect(page.body.meta).toMatchObject({
      current_page: 2,
      from: 3,
      to: 3,
      last_page: 2,
      per_page: 2,
      total: 3,
    });

    expect422(await app.request('GET', `${s.base}?status=open`, { token: s.token }), 'status');
    expect422(await app.request('GET', `${s.base}?per_page=101`, { token: s.token }), 'per_page');
    expect422(await app.request('GET', `${s.base}?page=0`, { token: s.token }), 'page');
  });

  it('refuses a filter with a NUL character (which Postgres cannot compare) with 422, not 500', async () => {
    const s = await setup();
    const res = await app.request('GET', `${s.base}?type=a%00b&search=x%00`, { token: s.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The type field must not contain NUL characters. (and 1 more error)',
      errors: {
        type: ['The type field must not contain NUL characters.'],
        search: ['The search field must not contain NUL characters.'],
      },
    });
  });

  it('runs the same number of statements for 2 and 20 competitions', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const count = async () => {
      const counter = { count: 0 };
      await statementCounter.run(counter, async () => {
        expect((await app.request('GET', s.base, { token: s.token })).status).toBe(200);
      });
      return counter.count;
    };
    const addCompetitions = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const competition = await c.competition(s.schoolId, { name: `C${i}` });
        const entry = await c.entry(s.schoolId, {
          competitionId: competition.id,
          studentId: student.id,
        });
        await app.db.insert(competitionResults).values({
          schoolId: s.schoolId,
          competitionId: competition.id,
          entryId: entry.id,
          studentId: student.id,
          category: 'Juniors',
          ribbon: 'red',
          position: 2,
        });
      }
    };

    await addCompetitions(2);
    await count(); // the first request signs the user in
    const few = await count();
    await addCompetitions(18);
    expect(await count()).toBe(few);
  });

  it('answers 401 without a token and 403 to a stranger', async () => {
    const s = await setup();
    expect((await app.request('GET', s.base)).status).toBe(401);
    expect(
      (await app.request('GET', s.base, { token: await app.tokenFor('stranger@x.test') })).status,
    ).toBe(403);
  });
});

/** A competition with one entry (with a horse) and its result, made through the API. */
async function competitionWithEntry(s: Awaited<ReturnType<typeof setup>>) {
  const student = await f.student(s.schoolId, {
    firstName: 'Ana',
    lastName: 'García',
    birthDate: '2012-03-04',
  });
  const horse = await f.horse(s.schoolId, { name: 'Canela' });
  const created = await app.request('POST', s.base, {
    token: s.token,
    body: {
      name: 'Spring Cup',
      date: '2026-05-10',
      categories: ['Juniors', 'Seniors'],
      fees: [{ concept: 'inscription', name: 'Entry fee', amount: 25 }],
    },
  });
  const competition = created.body.data;
  const entry = await app.request('POST', `${s.base}/${competition.id}/entries`, {
    token: s.token,
    body: { student_id: student.id, category: 'Juniors', horse_id: horse.id },
  });
  expect(entry.status).toBe(201);
  return { competition, student, horse, entry: entry.body.data };
}

describe('GET /api/schools/{schoolId}/competitions/{competitionId}', () => {
  it('shows the competition with its entries and results', async () => {
    const s = await setup();
    const { competition, student, horse, entry } = await competitionWithEntry(s);
    const result = await app.request('POST', `${s.base}/${competition.id}/results`, {
      token: s.token,
      body: { entry_id: entry.id, ribbon: 'blue', notes: 'Clear round' },
    });
    expect(result.status).toBe(201);

    const res = await app.request('GET', `${s.base}/${competition.id}`, {
      token: await tokenOf('instructor'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: competition.id,
        name: 'Spring Cup',
        description: null,
        date: '2026-05-10',
        location: null,
        type: 'internal',
        status: 'upcoming',
        categories: ['Juniors', 'Seniors'],
        fees: [
          {
            concept: 'inscription',
            name: 'Entry fee',
            amount: 25,
            is_required: true,
            applies_to: 'entry',
            description: null,
          },
        ],
        entries: [
          {
            id: entry.id,
            competition_id: competition.id,
            student_id: student.id,
            student: { id: student.id, full_name: 'Ana García' },
            horse_id: horse.id,
            horse: { id: horse.id, name: 'Canela' },
            category: 'Juniors',
            order_number: 1,
            status: 'completed',
            notes: null,
            ...stamps,
          },
        ],
        results: [
          {
            id: result.body.data.id,
            competition_id: competition.id,
            entry_id: entry.id,
            student_id: student.id,
            student: { id: student.id, full_name: 'Ana García' },
            category: 'Juniors',
            horse_id: horse.id,
            horse: { id: horse.id, name: 'Canela' },
            ribbon: 'blue',
            ribbon_label: '1st place (blue)',
            position: 1,
            notes: 'Clear round',
            ...stamps,
          },
        ],
        ...stamps,
      },
    });
  });

  it("answers 404 for another school's competition, an unknown id and a malformed id, 401 without a token", async () => {
    const s = await setup();
    const other = await app.createSchool({ name: 'Other' });
    const foreign = await c.competition(other);
    for (const id of [foreign.id, MISSING_UUID, 'not-a-uuid']) {
      const res = await app.request('GET', `${s.base}/${id}`, { token: s.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Competition not found.' } });
    }
    expect((await app.request('GET', `${s.base}/${foreign.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/competitions/{competitionId}', () => {
  it('changes the fields sent and replaces the fees', async () => {
    const s = await setup();
    const competition = await c.competition(s.schoolId, {
      description: 'Kept',
      fees: [
        {
          concept: 'inscription',
          name: 'Entry',
          amount: 10,
          is_required: true,
          applies_to: 'entry',
          description: null,
        },
      ],
    });

    const res = await app.request('PUT', `${s.base}/${competition.id}`, {
      token: await tokenOf('manager'),
      body: {
        name: 'Spring Cup II',
        location: 'South arena',
        status: 'ongoing',
        categories: ['Juniors', 'Seniors', 'Ponies'],
        fees: [
          {
            concept: 'transport',
            name: 'Trailer',
            amount: 30.25,
            applies_to: 'horse',
            is_required: false,
          },
        ],
      },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: competition.id,
      name: 'Spring Cup II',
      description: 'Kept',
      date: '2026-05-10',
      location: 'South arena',
      type: 'internal',
      status: 'ongoing',
      categories: ['Juniors', 'Seniors', 'Ponies'],
      fees: [
        {
          concept: 'transport',
          name: 'Trailer',
          amount: 30.25,
          is_required: false,
          applies_to: 'horse',
          description: null,
        },
      ],
      entries: [],
      results: [],
      ...stamps,
    });
  });

  it('keeps the fees when none are sent and removes them all with an empty array', async () => {
    const s = await setup();
    const fees = [
      {
        concept: 'inscription' as const,
        name: 'Entry',
        amount: 10,
        is_required: true,
        applies_to: 'entry' as const,
        description: null,
      },
    ];
    const competition = await c.competition(s.schoolId, { fees });

    const kept = await app.request('PUT', `${s.base}/${competition.id}`, {
      token: s.token,
      body: { name: 'Renamed' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.fees).toEqual(fees);

    const emptied = await app.request('PUT', `${s.base}/${competition.id}`, {
      token: s.token,
      body: { fees: [] },
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.data.fees).toEqual([]);
    const [row] = await app.db
      .select()
      .from(competitions)
      .where(eq(competitions.id, competition.id));
    expect(row!.fees).toEqual([]);
  });

  it('validates sent fees by dot path and changes nothing then', async () => {
    const s = await setup();
    const competition = await c.competition(s.schoolId);

    const res = await app.request('PUT', `${s.base}/${competition.id}`, {
      token: s.token,
      body: {
        name: 'Renamed',
        fees: [
          { concept: 'inscription', name: 'Entry', amount: 10 },
          { concept: 'other', name: 'Extra', amount: -5 },
        ],
      },
    });

    expect422(res, 'fees.1.amount', 'The fees.1.amount field must be at least 0.');
    expect422(
      await app.request('PUT', `${s.base}/${competition.id}`, {
        token: s.token,
        body: { fees: null },
      }),
      'fees',
      'The fees field is required.',
    );
    expect422(
      await app.request('PUT', `${s.base}/${competition.id}`, {
        token: s.token,
        body: { name: '' },
      }),
      'name',
    );
    const [row] = await app.db
      .select()
      .from(competitions)
      .where(eq(competitions.id, competition.id));
    expect(row!.name).toBe('Spring Cup');
  });

  it('refuses to remove a category that has entries, unless they are all cancelled', async () => {
    const s = await setup();
    const competition = await c.competition(s.schoolId, {
      categories: ['Juniors', 'Seniors', 'Ponies'],
    });
    const student = await f.student(s.schoolId);
    await c.entry(s.schoolId, {
      competitionId: competition.id,
      studentId: student.id,
      category: 'Juniors',
      status: 'completed',
    });
    await c.entry(s.schoolId, {
      competitionId: competition.id,
      studentId: student.id,
      category: 'Ponies',
      status: 'cancelled',
    });

    expect422(
      await app.request('PUT', `${s.base}/${competition.id}`, {
        token: s.token,
        body: { categories: ['Seniors'] },
      }),
      'categories',
      'The category Juniors has entries and cannot be removed.',
    );
    const res = await app.request('PUT', `${s.base}/${competition.id}`, {
      token: s.token,
      body: { categories: ['Juniors', 'Seniors'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.categories).toEqual(['Juniors', 'Seniors']);
  });

  it('answers 403 to viewers and instructors, 404 for foreign and malformed ids, 401 without a token', async () => {
    const s = await setup();
    const competition = await c.competition(s.schoolId);
    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (
          await app.request('PUT', `${s.base}/${competition.id}`, {
            token: await tokenOf(role),
            body: { name: 'X' },
          })
        ).status,
        role,
      ).toBe(403);
    }
    for (const id of [foreign.id, 'nope']) {
      expect(
        (await app.request('PUT', `${s.base}/${id}`, { token: s.token, body: { name: 'X' } }))
          .status,
        id,
      ).toBe(404);
    }
    expect(
      (await app.request('PUT', `${s.base}/${competition.id}`, { body: { name: 'X' } })).status,
    ).toBe(401);
    const [row] = await app.db.select().from(competitions).where(eq(competitions.id, foreign.id));
    expect(row!.name).toBe('Spring Cup');
  });
});

describe('DELETE /api/schools/{schoolId}/competitions/{competitionId}', () => {
  it('deletes the competition with its entries, results and unpaid payments', async () => {
    const s = await setup();
    const { competition, entry } = await competitionWithEntry(s);
    await app.request('POST', `${s.base}/${competition.id}/results`, {
      token: s.token,
      body: { entry_id: entry.id, ribbon: 'red' },
    });
    const [payment] = await app.db.select().from(competitionPayments);
    await app.db
      .update(competitionPayments)
      .set({ status: 'cancelled' })
      .where(eq(competitionPayments.id, payment!.id));

    const res = await app.request('DELETE', `${s.base}/${competition.id}`, { token: s.token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Competition deleted.' });
    expect(await app.db.select().from(competitions)).toHaveLength(0);
    expect(await app.db.select().from(competitionEntries)).toHaveLength(0);
    expect(await app.db.select().from(competitionResults)).toHaveLength(0);
    expect(await app.db.select().from(competitionPayments)).toHaveLength(0);
  });

  it('refuses (409) while any payment of it is paid', async () => {
    const s = await setup();
    const { competition } = await competitionWithEntry(s);
    const [payment] = await app.db.select().from(competitionPayments);
    const paid = await app.request(
      'POST',
      `${s.base}/${competition.id}/payments/${payment!.id}/pay`,
      { token: s.token, body: { payment_method: 'cash' } },
    );
    expect(paid.status).toBe(200);

    const res = await app.request('DELETE', `${s.base}/${competition.id}`, { token: s.token });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: { code: 'CONFLICT', message: expect.stringContaining('paid payments') },
    });
    expect(await app.db.select().from(competitions)).toHaveLength(1);
    expect(await app.db.select().from(competitionEntries)).toHaveLength(1);
  });

  it('answers 403 to viewers and instructors, 404 for foreign and malformed ids, 401 without a token', async () => {
    const s = await setup();
    const competition = await c.competition(s.schoolId);
    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('DELETE', `${s.base}/${competition.id}`, { token: await tokenOf(role) }))
          .status,
        role,
      ).toBe(403);
    }
    for (const id of [foreign.id, MISSING_UUID, 'nope']) {
      expect((await app.request('DELETE', `${s.base}/${id}`, { token: s.token })).status, id).toBe(
        404,
      );
    }
    expect((await app.request('DELETE', `${s.base}/${competition.id}`)).status).toBe(401);
    expect(await app.db.select().from(competitions)).toHaveLength(2);
  });
});
