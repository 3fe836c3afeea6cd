import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { classes } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stamps = {
  created_at: expect.stringMatching(ISO_TIMESTAMP),
  updated_at: expect.stringMatching(ISO_TIMESTAMP),
};

async function setup() {
  const school = await app.createSchool({
    members: {
      'owner@a.test': 'owner',
      'manager@a.test': 'manager',
      'instructor@a.test': 'instructor',
      'viewer@a.test': 'viewer',
    },
  });
  const other = await app.createSchool({ name: 'Other', members: { 'owner@b.test': 'owner' } });
  return {
    school,
    other,
    owner: await app.tokenFor('owner@a.test'),
    manager: await app.tokenFor('manager@a.test'),
    instructor: await app.tokenFor('instructor@a.test'),
    viewer: await app.tokenFor('viewer@a.test'),
    stranger: await app.tokenFor('owner@b.test'),
  };
}

const base = (school: string) => `/api/schools/${school}/classes`;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((c) => c.id);

describe('POST /api/schools/{schoolId}/classes', () => {
  it('creates a class with every field', async () => {
    const { school, manager } = await setup();

    const res = await app.request('POST', base(school), {
      token: manager,
      body: {
        name: ' Jumping for teens ',
        description: 'Course work over small fences.',
        type: 'group',
        level: 'intermediate',
        discipline: 'Show jumping',
        max_students: 8,
        duration_minutes: 90,
        price: 120.5,
        price_type: 'per_class',
        status: 'inactive',
        school_id: 'ignored',
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        name: 'Jumping for teens',
        description: 'Course work over small fences.',
        type: 'group',
        level: 'intermediate',
        discipline: 'Show jumping',
        max_students: 8,
        duration_minutes: 90,
        price: 120.5,
        price_type: 'per_class',
        status: 'inactive',
        ...stamps,
      },
    });
    const [row] = await app.db.select().from(classes).where(eq(classes.id, res.body.data.id));
    expect(row).toMatchObject({ schoolId: school, price: '120.50' });
  });

  it('defaults: 10 places for a group class, 1 for an individual one, 60 minutes, free, monthly, active', async () => {
    const { school, owner } = await setup();

    const group = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Group', type: 'group', level: 'beginner' },
    });
    const single = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Private', type: 'individual', level: 'advanced' },
    });

    expect(group.status).toBe(201);
    expect(group.body.data).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Group',
      description: null,
      type: 'group',
      level: 'beginner',
      discipline: null,
      max_students: 10,
      duration_minutes: 60,
      price: 0,
      price_type: 'monthly',
      status: 'active',
      ...stamps,
    });
    expect(single.status).toBe(201);
    expect(single.body.data).toMatchObject({
      type: 'individual',
      max_students: 1,
      duration_minutes: 60,
      price: 0,
    });
  });

  it('refuses an individual class with more than one place (422 max_students)', async () => {
    const { school, owner } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Private', type: 'individual', level: 'beginner', max_students: 2 },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      max_students: ['The max students field must be 1 for an individual class.'],
    });
    expect(await app.db.select().from(classes)).toHaveLength(0);
  });

  it.each([
    ['name', { name: '' }, 'The name field is required.'],
    ['name', { name: 'x'.repeat(256) }, 'The name field must not be greater than 255 characters.'],
    ['type', { type: undefined }, 'The type field is required.'],
    ['type', { type: 'pair' }, 'The selected type is invalid.'],
    ['level', { level: undefined }, 'The level field is required.'],
    ['level', { level: 'expert' }, 'The selected level is invalid.'],
    [
      'discipline',
      { discipline: 'x'.repeat(101) },
      'The discipline field must not be greater than 100 characters.',
    ],
    ['max_students', { max_students: 0 }, 'The max students field must be at least 1.'],
    ['max_students', { max_students: 1.5 }, 'The max students field must be an integer.'],
    ['duration_minutes', { duration_minutes: 0 }, 'The duration minutes field must be at least 1.'],
    [
      'duration_minutes',
      { duration_minutes: 601 },
      'The duration minutes field must not be greater than 600.',
    ],
    ['price', { price: -1 }, 'The price field must be at least 0.'],
    ['price', { price: 9.999 }, 'The price field must have 0-2 decimal places.'],
    ['price_type', { price_type: 'yearly' }, 'The selected price type is invalid.'],
    ['status', { status: 'archived' }, 'The selected status is invalid.'],
  ])('rejects an invalid %s with 422', async (field, change, message) => {
    const { school, owner } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Class', type: 'group', level: 'beginner', ...change },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
  });

  it('answers 401 without a token and 403 to viewers, instructors and strangers', async () => {
    const { school, viewer, instructor, stranger } = await setup();
    const body = { name: 'Class', type: 'group', level: 'beginner' };

    expect((await app.request('POST', base(school), { body })).status).toBe(401);
    for (const token of [viewer, instructor, stranger]) {
      expect((await app.request('POST', base(school), { token, body })).status).toBe(403);
    }
    expect(await app.db.select().from(classes)).toHaveLength(0);
  });
});

describe('GET /api/schools/{schoolId}/classes', () => {
  async function catalogue() {
    const ctx = await setup();
    const jumping = await f.class(ctx.school, {
      name: 'Jumping',
      type: 'group',
      level: 'intermediate',
      discipline: 'Show jumping',
      maxStudents: 6,
    });
    const dressage = await f.class(ctx.school, {
      name: 'Dressage',
      type: 'individual',
      level: 'advanced',
      discipline: 'Dressage',
      maxStudents: 1,
    });
    const basics = await f.class(ctx.school, {
      name: 'Basics',
      type: 'group',
      level: 'beginner',
      discipline: 'dressage',
      status: 'inactive',
    });
    const pony = await f.class(ctx.school, {
      name: 'Pony club',
      type: 'group',
      level: 'beginner',
      discipline: null,
    });
    await f.class(ctx.other, { name: 'Aardvark', discipline: 'Dressage' });
    return { ...ctx, jumping, dressage, basics, pony };
  }

  it("lists this school's classes by name with every field", async () => {
    const { school, viewer, jumping, dressage, basics, pony } = await catalogue();

    const res = await app.request('GET', base(school), { token: viewer });

    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([basics.id, dressage.id, jumping.id, pony.id]);
    expect(res.body.data[2]).toEqual({
      id: jumping.id,
      name: 'Jumping',
      description: null,
      type: 'group',
      level: 'intermediate',
      discipline: 'Show jumping',
      max_students: 6,
      duration_minutes: 60,
      price: 80,
      price_type: 'monthly',
      status: 'active',
      ...stamps,
    });
  });

  it('filters by type, level, discipline (any case) and status, together', async () => {
    const { school, instructor, jumping, dressage, basics, pony } = await catalogue();
    const list = (query: string) =>
      app.request('GET', `${base(school)}?${query}`, { token: instructor });

    expect(ids(await list('type=individual'))).toEqual([dressage.id]);
    expect(ids(await list('level=beginner'))).toEqual([basics.id, pony.id]);
    expect(ids(await list('discipline=DRESSAGE'))).toEqual([basics.id, dressage.id]);
    expect(ids(await list('status=active'))).toEqual([dressage.id, jumping.id, pony.id]);
    expect(ids(await list('type=group&level=beginner&status=active'))).toEqual([pony.id]);
    expect(ids(await list('discipline=Polo'))).toEqual([]);
  });

  it.each(['type=pair', 'level=expert', 'status=archived'])(
    'rejects the filter %s with 422',
    async (query) => {
      const { school, viewer } = await setup();
      const res = await app.request('GET', `${base(school)}?${query}`, { token: viewer });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([query.split('=')[0]]);
    },
  );

  it('answers 401 without a token and 403 to a stranger', async () => {
    const { school, stranger } = await setup();
    expect((await app.request('GET', base(school))).status).toBe(401);
    expect((await app.request('GET', base(school), { token: stranger })).status).toBe(403);
  });

  it('runs the same number of statements for 2 and for 20 classes', async () => {
    const { school, viewer } = await setup();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${base(school)}?type=group`, { token: viewer }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, rows: res.body.data.length };
    };
    await count();
    for (let i = 0; i < 2; i++) await f.class(school, { name: `C${i}` });
    const two = await count();
    for (let i = 2; i < 20; i++) await f.class(school, { name: `C${i}` });
    const twenty = await count();

    expect([two.rows, twenty.rows]).toEqual([2, 20]);
    expect(twenty.statements).toBe(two.statements);
  });
});

describe('GET /api/schools/{schoolId}/classes/{classId}', () => {
  it('returns one class', async () => {
    const { school, viewer } = await setup();
    const row = await f.class(school, { name: 'Polo', price: '99.99' });

    const res = await app.request('GET', `${base(school)}/${row.id}`, { token: viewer });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, name: 'Polo', price: 99.99 });
  });

  it("answers 404 for another school's class and a malformed id, 401 without a token", async () => {
    const { school, other, owner } = await setup();
    const foreign = await f.class(other);

    for (const id of [foreign.id, 'xyz']) {
      const res = await app.request('GET', `${base(school)}/${id}`, { token: owner });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Class not found.' } });
    }
    expect((await app.request('GET', `${base(school)}/${foreign.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/classes/{classId}', () => {
  it('changes the given fields only', async () => {
    const { school, manager } = await setup();
    const row = await f.class(school, { name: 'Polo', description: 'Mallets', maxStudents: 6 });

    const res = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: manager,
      body: { price: 100, duration_minutes: 45, description: null, status: 'inactive' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: row.id,
      name: 'Polo',
      description: null,
      type: 'group',
      level: 'beginner',
      discipline: null,
      max_students: 6,
      duration_minutes: 45,
      price: 100,
      price_type: 'monthly',
      status: 'inactive',
      ...stamps,
    });
  });

  it('checks the resulting class: an individual class keeps one place', async () => {
    const { school, owner } = await setup();
    const row = await f.class(school, { type: 'group', maxStudents: 6 });

    const toIndividual = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { type: 'individual' },
    });
    expect(toIndividual.status).toBe(422);
    expect(toIndividual.body.errors).toEqual({
      max_students: ['The max students field must be 1 for an individual class.'],
    });

    const ok = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { type: 'individual', max_students: 1 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ type: 'individual', max_students: 1 });

    const more = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { max_students: 3 },
    });
    expect(more.status).toBe(422);
    expect(Object.keys(more.body.errors)).toEqual(['max_students']);
  });

  it('validates input (422), refuses viewers and instructors (403), 404s foreign and malformed ids', async () => {
    const { school, other, owner, viewer, instructor } = await setup();
    const row = await f.class(school);
    const foreign = await f.class(other, { name: 'Theirs' });

    const invalid = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { level: 'expert', name: null },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['level', 'name']);
    for (const token of [viewer, instructor]) {
      expect(
        (await app.request('PUT', `${base(school)}/${row.id}`, { token, body: { name: 'X' } }))
          .status,
      ).toBe(403);
    }
    for (const id of [foreign.id, 'nope']) {
      expect(
        (await app.request('PUT', `${base(school)}/${id}`, { token: owner, body: { name: 'X' } }))
          .status,
      ).toBe(404);
    }
    const [untouched] = await app.db.select().from(classes).where(eq(classes.id, foreign.id));
    expect(untouched!.name).toBe('Theirs');
    expect(
      (await app.request('PUT', `${base(school)}/${row.id}`, { body: { name: 'X' } })).status,
    ).toBe(401);
  });
});

describe('DELETE /api/schools/{schoolId}/classes/{classId}', () => {
  it('deletes a class without history', async () => {
    const { school, manager } = await setup();
    const row = await f.class(school);

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: manager });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Class deleted.' });
    expect(await app.db.select().from(classes)).toHaveLength(0);
  });

  it('keeps a class with schedules (409)', async () => {
    const { school, owner } = await setup();
    const row = await f.class(school);
    const teacher = await f.instructor(school);
    await f.schedule(school, { classId: row.id, instructorId: teacher.id });

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: owner });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
    expect(await app.db.select().from(classes)).toHaveLength(1);
  });

  it('answers 401, 403 to viewers and instructors, 404 for foreign and malformed ids', async () => {
    const { school, other, owner, viewer, instructor } = await setup();
    const row = await f.class(school);
    const foreign = await f.class(other);

    expect((await app.request('DELETE', `${base(school)}/${row.id}`)).status).toBe(401);
    for (const token of [viewer, instructor]) {
      expect((await app.request('DELETE', `${base(school)}/${row.id}`, { token })).status).toBe(
        403,
      );
    }
    for (const id of [foreign.id, 'nope']) {
      expect((await app.request('DELETE', `${base(school)}/${id}`, { token: owner })).status).toBe(
        404,
      );
    }
    expect(await app.db.select().from(classes)).toHaveLength(2);
  });
});
