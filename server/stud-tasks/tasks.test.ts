import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { studTasks } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { openRecordTask } from './record-tasks';
import { taskFixtures, userIdOf } from './task-fixtures';

const app = useTestApp();
const f = taskFixtures(() => app.db);

/** Far east of UTC, so that the stud's today is often not the server's. */
const TZ = 'Pacific/Kiritimati';
const OWNER = 'owner@hill.test';
const MANAGER = 'manager@hill.test';
const STAFF = 'staff@hill.test';
const VIEWER = 'viewer@hill.test';
const STRANGER = 'owner@vale.test';

async function world() {
  const stud = await app.createSchool({
    type: 'stud',
    name: 'Hill Stud',
    timezone: TZ,
    members: { [OWNER]: 'owner', [MANAGER]: 'manager', [STAFF]: 'staff', [VIEWER]: 'viewer' },
  });
  const otherStud = await app.createSchool({
    type: 'stud',
    name: 'Vale Stud',
    members: { [STRANGER]: 'owner' },
  });
  const school = await app.createSchool({ name: 'Riding School', members: { [OWNER]: 'owner' } });
  const ids = {
    owner: await userIdOf(app, OWNER),
    manager: await userIdOf(app, MANAGER),
    staff: await userIdOf(app, STAFF),
    viewer: await userIdOf(app, VIEWER),
    stranger: await userIdOf(app, STRANGER),
  };
  const call = async (
    method: string,
    path: string,
    options: { as?: string; body?: unknown; stud?: string } = {},
  ) =>
    app.request(method, `/api/studs/${options.stud ?? stud}${path}`, {
      token: await app.tokenFor(options.as ?? OWNER),
      body: method === 'GET' ? undefined : options.body,
    });
  const create = async (body: Record<string, unknown>, as = OWNER) => {
    const res = await call('POST', '/tasks', { as, body });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string } & Record<string, unknown>;
  };
  return { stud, otherStud, school, ids, call, create, today: todayIn(TZ) };
}

describe('stud tasks: create, read, update, delete', () => {
  it('creates a task with every field, and answers it with its names and overdue', async () => {
    const { stud, ids, call, create, today } = await world();
    const horse = await f.horse(stud, 'Bella');
    const client = await f.client(stud);
    const company = await f.client(stud, {
      kind: 'company',
      firstName: null,
      lastName: null,
      companyName: 'Ruiz Horses S.L.',
    });
    const task = await create({
      title: '  Call the vet  ',
      description: 'About the scan',
      due_on: addDaysTo(today, -1),
      due_time: '09:30',
      assigned_to: ids.staff,
      priority: 'high',
      client_id: client,
      horse_id: horse,
      reservation_id: null,
      pregnancy_id: null,
      source: 'contract',
      medical_record_id: crypto.randomUUID(),
      completed_at: '2020-01-01T00:00:00Z',
    });
    expect(task).toEqual({
      id: expect.any(String),
      title: 'Call the vet',
      description: 'About the scan',
      due_on: addDaysTo(today, -1),
      due_time: '09:30',
      assigned_to: ids.staff,
      assignee: { id: ids.staff, name: 'staff' },
      priority: 'high',
      status: 'open',
      overdue: true,
      source: 'manual',
      client_id: client,
      client: { id: client, display_name: 'Ana Ruiz' },
      horse_id: horse,
      horse: { id: horse, name: 'Bella' },
      reservation_id: null,
      pregnancy_id: null,
      medical_record_id: null,
      completed_at: null,
      completed_by: null,
      created_by: ids.owner,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.any(String),
    });
    const read = await call('GET', `/tasks/${task.id}`, { as: VIEWER });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(task);

    const minimal = await create({ title: 'Muck out', client_id: company, due_on: today });
    expect(minimal).toMatchObject({
      description: null,
      due_on: today,
      due_time: null,
      assigned_to: null,
      assignee: null,
      priority: 'normal',
      status: 'open',
      overdue: false,
      client: { id: company, display_name: 'Ruiz Horses S.L.' },
      horse: null,
    });
  });

  it('assigns to the stud’s default assignee only when the body leaves assigned_to out', async () => {
    const { stud, ids, create } = await world();
    expect((await create({ title: 'No settings' })).assigned_to).toBeNull();
    await f.settings(stud, { defaultAssigneeId: ids.manager });
    expect(await create({ title: 'Defaulted' })).toMatchObject({
      assigned_to: ids.manager,
      assignee: { id: ids.manager, name: 'manager' },
    });
    expect((await create({ title: 'Unassigned', assigned_to: null })).assigned_to).toBeNull();
    expect((await create({ title: 'Given', assigned_to: ids.staff })).assigned_to).toBe(ids.staff);
  });

  it('updates the fields given; done records the completion, leaving done clears it', async () => {
    const { ids, call, create, today } = await world();
    const task = await create({ title: 'Trim hooves', due_on: today, due_time: '08:00' });
    const put = (body: Record<string, unknown>, as = STAFF) =>
      call('PUT', `/tasks/${task.id}`, { as, body });

    const edited = await put({ title: 'Trim all hooves', priority: 'low', assigned_to: ids.staff });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: 'Trim all hooves',
      priority: 'low',
      due_on: today,
      due_time: '08:00',
      assigned_to: ids.staff,
      status: 'open',
    });

    const done = await put({ status: 'done' });
    expect(done.body.data).toMatchObject({
      status: 'done',
      completed_at: expect.any(String),
      completed_by: ids.staff,
    });
    // Done again keeps the first completion.
    const again = await put({ status: 'done', description: 'All four' }, OWNER);
    expect(again.body.data).toMatchObject({
      completed_at: done.body.data.completed_at,
      completed_by: ids.staff,
      description: 'All four',
    });
    for (const status of ['open', 'cancelled']) {
      const res = await put({ status: 'done' });
      expect(res.body.data.status).toBe('done');
      const left = await put({ status });
      expect(left.body.data).toMatchObject({ status, completed_at: null, completed_by: null });
    }

    // Clearing the date clears its time; unassigning and clearing text.
    const cleared = await put({ due_on: null, assigned_to: null, description: '' });
    expect(cleared.body.data).toMatchObject({
      due_on: null,
      due_time: null,
      assigned_to: null,
      assignee: null,
      description: null,
    });
  });

  it('completes an open task once; a done or cancelled one is a 409', async () => {
    const { ids, call, create, today } = await world();
    const task = await create({ title: 'Check the fence', due_on: addDaysTo(today, -3) });
    expect(task.overdue).toBe(true);
    const done = await call('POST', `/tasks/${task.id}/complete`, { as: STAFF });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'done',
      overdue: false,
      completed_by: ids.staff,
      completed_at: expect.any(String),
    });
    const twice = await call('POST', `/tasks/${task.id}/complete`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      error: { code: 'CONFLICT', message: 'The task is already done.' },
    });

    const cancelled = await create({ title: 'Old plan', status: 'cancelled' });
    const refused = await call('POST', `/tasks/${cancelled.id}/complete`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/cancelled/);
  });

  it('deletes a task, a medical record’s too; then it is not found', async () => {
    const { stud, call, create } = await world();
    const task = await create({ title: 'Order hay' });
    const res = await call('DELETE', `/tasks/${task.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Task deleted.' });
    expect((await call('GET', `/tasks/${task.id}`)).status).toBe(404);
    expect((await call('DELETE', `/tasks/${task.id}`)).status).toBe(404);

    const horse = await f.horse(stud);
    const record = await f.medicalRecord(stud, horse);
    const medical = await openRecordTask(app.db, stud, {
      medicalRecordId: record,
      horseId: horse,
      title: 'Flu booster',
      dueOn: '2026-09-01',
    });
    const read = await call('GET', `/tasks/${medical}`);
    expect(read.body.data).toMatchObject({ source: 'medical', medical_record_id: record });
    expect((await call('DELETE', `/tasks/${medical}`, { as: MANAGER })).status).toBe(200);
    expect(await app.db.select().from(studTasks)).toEqual([]);
  });
});

describe('stud tasks: who may', () => {
  it('answers 401 without a token, or with a bad one', async () => {
    const { stud, create } = await world();
    const task = await create({ title: 'Feed' });
    for (const [method, path] of [
      ['GET', '/tasks'],
      ['POST', '/tasks'],
      ['GET', `/tasks/${task.id}`],
      ['PUT', `/tasks/${task.id}`],
      ['POST', `/tasks/${task.id}/complete`],
      ['DELETE', `/tasks/${task.id}`],
    ] as const) {
      const body = method === 'GET' ? undefined : { title: 'x' };
      for (const token of [undefined, 'not-a-jwt']) {
        const res = await app.request(method, `/api/studs/${stud}${path}`, { token, body });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHORIZED');
      }
    }
    expect((await app.db.select().from(studTasks))[0]).toMatchObject({ title: 'Feed' });
  });

  it('lets viewers read only, staff create and edit but not delete, owners and managers all', async () => {
    const { call, create } = await world();
    const task = await create({ title: 'Feed' });
    const cases: [string, string, string, Record<string, unknown> | undefined][] = [
      ['POST', '/tasks', 'create', { title: 'New' }],
      ['PUT', `/tasks/${task.id}`, 'edit', { title: 'Edited' }],
      ['POST', `/tasks/${task.id}/complete`, 'edit', undefined],
      ['DELETE', `/tasks/${task.id}`, 'delete', undefined],
    ];
    for (const [method, path, action, body] of cases) {
      const viewer = await call(method, path, { as: VIEWER, body });
      expect(viewer.status, `viewer ${method} ${path}`).toBe(403);
      expect(viewer.body.error.code).toBe('FORBIDDEN');
      const staff = await call(method, path, { as: STAFF, body });
      expect(staff.status, `staff ${method} ${path}`).toBe(
        action === 'delete' ? 403 : method === 'POST' && action === 'create' ? 201 : 200,
      );
    }
    expect((await call('GET', '/tasks', { as: VIEWER })).status).toBe(200);
    expect((await call('GET', `/tasks/${task.id}`, { as: VIEWER })).status).toBe(200);
    expect((await call('DELETE', `/tasks/${task.id}`, { as: MANAGER })).status).toBe(200);
  });

  it('answers 403 to a non-member and to a school id under /studs, before validating', async () => {
    const { stud, school, call, create } = await world();
    const task = await create({ title: 'Feed' });
    for (const [method, path] of [
      ['GET', '/tasks'],
      ['POST', '/tasks'],
      ['GET', `/tasks/${task.id}`],
      ['PUT', `/tasks/${task.id}`],
      ['POST', `/tasks/${task.id}/complete`],
      ['DELETE', `/tasks/${task.id}`],
    ] as const) {
      const stranger = await call(method, path, { as: STRANGER, body: {} });
      expect(stranger.status, `${method} ${path}`).toBe(403);
      const schoolOwner = await call(method, path, { stud: school, body: {} });
      expect(schoolOwner.status, `school ${method} ${path}`).toBe(403);
    }
    expect((await call('GET', '/tasks', { stud: 'not-a-uuid' })).status).toBe(403);
    expect((await call('GET', '/tasks', { as: STRANGER, stud })).status).toBe(403);
  });

  it('answers 404 for an unknown, malformed or other stud’s task', async () => {
    const { otherStud, call } = await world();
    const [theirs] = await app.db
      .insert(studTasks)
      .values({ studId: otherStud, title: 'Theirs' })
      .returning({ id: studTasks.id });
    for (const id of [crypto.randomUUID(), 'nope', theirs!.id]) {
      for (const [method, path, body] of [
        ['GET', `/tasks/${id}`, undefined],
        ['PUT', `/tasks/${id}`, { title: 'Mine now' }],
        ['POST', `/tasks/${id}/complete`, undefined],
        ['DELETE', `/tasks/${id}`, undefined],
      ] as const) {
        const res = await call(method, path, { body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Task not found.' } });
      }
    }
    const [row] = await app.db.select().from(studTasks);
    expect(row).toMatchObject({ title: 'Theirs', status: 'open' });
  });
});

describe('stud tasks: validation (422)', () => {
  it('refuses each invalid field with its message', async () => {
    const { otherStud, ids, call } = await world();
    const theirHorse = await f.horse(otherStud, 'Theirs');
    const theirClient = await f.client(otherStud);
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{}, 'title', 'The title field is required.'],
      [{ title: '   ' }, 'title', 'The title field is required.'],
      [{ title: 'x'.repeat(201) }, 'title', /not be greater than 200/],
      [{ title: 'T', description: 'x'.repeat(5001) }, 'description', /5000/],
      [{ title: 'T', due_on: '2026-02-30' }, 'due_on', /valid date/],
      [{ title: 'T', due_on: '2026-03-02', due_time: '25:00' }, 'due_time', /HH:MM/],
      [{ title: 'T', due_time: '09:00' }, 'due_time', /requires a due date/],
      [{ title: 'T', due_on: null, due_time: '09:00' }, 'due_time', /requires a due date/],
      [{ title: 'T', priority: 'urgent' }, 'priority', 'The selected priority is invalid.'],
      [{ title: 'T', status: 'waiting' }, 'status', 'The selected status is invalid.'],
      [
        { title: 'T', assigned_to: crypto.randomUUID() },
        'assigned_to',
        'The selected assigned to is not a member.',
      ],
      [{ title: 'T', assigned_to: ids.stranger }, 'assigned_to', /not a member/],
      [{ title: 'T', assigned_to: 'me' }, 'assigned_to', /valid UUID/],
      [{ title: 'T', client_id: theirClient }, 'client_id', 'The selected client id is invalid.'],
      [{ title: 'T', horse_id: theirHorse }, 'horse_id', 'The selected horse id is invalid.'],
      [
        { title: 'T', reservation_id: crypto.randomUUID() },
        'reservation_id',
        'The selected reservation id is invalid.',
      ],
      [
        { title: 'T', pregnancy_id: crypto.randomUUID() },
        'pregnancy_id',
        'The selected pregnancy id is invalid.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/tasks', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
      expect(res.body.errors[field][0]).toMatch(message);
      expect(res.body.message).toBe(res.body.errors[field][0]);
    }
    expect(await app.db.select().from(studTasks)).toEqual([]);
  });

  it('reports every rule broken at once, and checks an update against the stored task', async () => {
    const { otherStud, call, create } = await world();
    const theirHorse = await f.horse(otherStud, 'Theirs');
    const all = await call('POST', '/tasks', {
      body: {
        title: 'T',
        due_time: '10:00',
        horse_id: theirHorse,
        assigned_to: crypto.randomUUID(),
      },
    });
    expect(all.status).toBe(422);
    expect(Object.keys(all.body.errors).sort()).toEqual(['assigned_to', 'due_time', 'horse_id']);
    expect(all.body.message).toMatch(/\(and 2 more errors\)$/);

    const undated = await create({ title: 'Undated' });
    const timed = await call('PUT', `/tasks/${undated.id}`, { body: { due_time: '10:00' } });
    expect(timed.status).toBe(422);
    expect(Object.keys(timed.body.errors)).toEqual(['due_time']);
    const blank = await call('PUT', `/tasks/${undated.id}`, { body: { title: '' } });
    expect(blank.body.errors).toEqual({ title: ['The title field is required.'] });
    const foreign = await call('PUT', `/tasks/${undated.id}`, { body: { horse_id: theirHorse } });
    expect(foreign.body.errors).toEqual({ horse_id: ['The selected horse id is invalid.'] });
    const read = await call('GET', `/tasks/${undated.id}`);
    expect(read.body.data).toMatchObject({ title: 'Undated', due_time: null, horse_id: null });
  });

  it('refuses malformed list filters and pages', async () => {
    const { call } = await world();
    for (const [query, field] of [
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
      ['status=late', 'status'],
      ['assigned_to=you', 'assigned_to'],
      ['overdue=yes', 'overdue'],
      ['due_from=2026-13-01', 'due_from'],
      ['horse_id=nope', 'horse_id'],
    ]) {
      const res = await call('GET', `/tasks?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual([field]);
    }
  });
});

describe('GET /studs/{studId}/tasks', () => {
  it('orders by due date and time (undated last), high priority first, then title', async () => {
    const { call, create, today } = await world();
    const tomorrow = addDaysTo(today, 1);
    const made = [
      await create({ title: 'Undated B' }),
      await create({ title: 'Undated A' }),
      await create({ title: 'Tomorrow', due_on: tomorrow }),
      await create({ title: 'Today untimed low', due_on: today, priority: 'low' }),
      await create({ title: 'Today untimed high', due_on: today, priority: 'high' }),
      await create({ title: 'Today 10:00', due_on: today, due_time: '10:00' }),
      await create({ title: 'Today 08:00 normal b', due_on: today, due_time: '08:00' }),
      await create({ title: 'Today 08:00 normal a', due_on: today, due_time: '08:00' }),
      await create({ title: 'Yesterday', due_on: addDaysTo(today, -1) }),
    ];
    const res = await call('GET', '/tasks');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((t: { title: string }) => t.title)).toEqual([
      'Yesterday',
      'Today 08:00 normal a',
      'Today 08:00 normal b',
      'Today 10:00',
      'Today untimed high',
      'Today untimed low',
      'Tomorrow',
      'Undated A',
      'Undated B',
    ]);
    expect(res.body.meta).toMatchObject({ total: made.length, per_page: 25, from: 1, to: 9 });
  });

  it('filters by status, assignee (me), dates, overdue, horse, client and priority', async () => {
    const { stud, ids, call, create, today } = await world();
    const horse = await f.horse(stud);
    const client = await f.client(stud);
    const yesterday = addDaysTo(today, -1);
    const late = await create({ title: 'Late', due_on: yesterday, assigned_to: ids.staff });
    const lateDone = await create({ title: 'Late done', due_on: yesterday, status: 'done' });
    const mine = await create({
      title: 'Mine',
      due_on: today,
      assigned_to: ids.owner,
      horse_id: horse,
      priority: 'high',
    });
    const later = await create({ title: 'Later', due_on: addDaysTo(today, 5), client_id: client });
    const undated = await create({ title: 'Undated', status: 'cancelled', priority: 'low' });

    const titles = async (query: string, as = OWNER) => {
      const res = await call('GET', `/tasks?${query}`, { as });
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      return res.body.data.map((t: { id: string }) => t.id);
    };
    expect(await titles('status=open')).toEqual([late.id, mine.id, later.id]);
    expect(await titles('status=done')).toEqual([lateDone.id]);
    expect(await titles('assigned_to=me')).toEqual([mine.id]);
    expect(await titles('assigned_to=me', STAFF)).toEqual([late.id]);
    expect(await titles('assigned_to=me', VIEWER)).toEqual([]);
    expect(await titles(`assigned_to=${ids.staff}`)).toEqual([late.id]);
    expect(await titles(`due_from=${today}`)).toEqual([mine.id, later.id]);
    expect(await titles(`due_to=${today}`)).toEqual([late.id, lateDone.id, mine.id]);
    expect(await titles(`due_from=${today}&due_to=${today}`)).toEqual([mine.id]);
    expect(await titles('overdue=true')).toEqual([late.id]);
    expect(await titles('overdue=false')).toEqual([lateDone.id, mine.id, later.id, undated.id]);
    expect(await titles(`horse_id=${horse}`)).toEqual([mine.id]);
    expect(await titles(`client_id=${client}`)).toEqual([later.id]);
    expect(await titles('priority=high')).toEqual([mine.id]);
    expect(await titles('priority=low')).toEqual([undated.id]);
    expect(await titles(`status=open&overdue=false&priority=normal`)).toEqual([later.id]);
    expect(await titles(`horse_id=${crypto.randomUUID()}`)).toEqual([]);
    // Unknown parameters are ignored.
    expect(await titles('colour=red')).toHaveLength(5);
  });

  it('pages with the Laravel shape, keeping the filters in the links', async () => {
    const { call, create, today } = await world();
    for (let i = 0; i < 7; i++)
      await create({ title: `Task ${i}`, due_on: addDaysTo(today, i), priority: 'normal' });
    const res = await call('GET', '/tasks?per_page=3&page=2&priority=normal');
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { title: string }) => t.title)).toEqual([
      'Task 3',
      'Task 4',
      'Task 5',
    ]);
    expect(res.body.meta).toMatchObject({
      current_page: 2,
      from: 4,
      to: 6,
      last_page: 3,
      per_page: 3,
      total: 7,
      path: expect.stringMatching(/\/api\/studs\/[^/]+\/tasks$/),
    });
    expect(res.body.links.next).toMatch(/priority=normal/);
    expect(res.body.links.next).toMatch(/page=3/);
    const past = await call('GET', '/tasks?per_page=3&page=9');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ from: null, to: null, total: 7, last_page: 3 });
  });

  it('lists only the stud’s own tasks', async () => {
    const { otherStud, call, create } = await world();
    await app.db.insert(studTasks).values({ studId: otherStud, title: 'Theirs' });
    const mine = await create({ title: 'Mine' });
    const res = await call('GET', '/tasks');
    expect(res.body.data.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    const theirs = await call('GET', '/tasks', { as: STRANGER, stud: otherStud });
    expect(theirs.body.data.map((t: { title: string }) => t.title)).toEqual(['Theirs']);
  });
});

describe('SQL statements of the task reads', () => {
  async function counts(n: number) {
    const { stud, ids, call, today } = await world();
    const horse = await f.horse(stud);
    const client = await f.client(stud);
    const rows = await app.db
      .insert(studTasks)
      .values(
        Array.from({ length: n }, (_, i) => ({
          studId: stud,
          title: `Task ${i}`,
          dueOn: addDaysTo(today, i - 1),
          assignedTo: i % 2 ? ids.staff : ids.owner,
          horseId: horse,
          clientId: client,
        })),
      )
      .returning({ id: studTasks.id });
    const result: Record<string, number> = {};
    for (const path of ['/tasks', '/tasks?assigned_to=me&overdue=false', `/tasks/${rows[0]!.id}`]) {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => call('GET', path));
      expect(res.status, path).toBe(200);
      result[path.replace(rows[0]!.id, '{id}')] = counter.count;
    }
    return result;
  }

  it('are the same with 2 and with 25 tasks', async () => {
    const small = await counts(2);
    const large = await counts(25);
    expect(large).toEqual(small);
  });
});

describe('GET /studs/{studId}/tasks/assignees', () => {
  it('lists the members with an account, by name, to anyone who reads tasks', async () => {
    const { call, ids } = await world();
    await call('POST', '/members', { body: { email: 'invited@hill.test', role: 'staff' } });
    const res = await call('GET', '/tasks/assignees', { as: VIEWER });
    expect(res.status, res.text).toBe(200);
    const listed = res.body.data.map((a: { id: string }) => a.id).sort();
    expect(listed).toEqual([ids.manager, ids.owner, ids.staff, ids.viewer].sort());
    expect(res.body.data[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect((await call('GET', '/tasks/assignees', { as: STRANGER })).status).toBe(403);
  });
});
