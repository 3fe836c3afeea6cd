import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { statementCounter } from '@/db/client';
import { studExpenses, studTasks } from '@/db/schema';
import { png } from '../test/media-fixtures';
import { useTestApp } from '../test/harness';
import { studWorld } from './herd-fixtures';

const app = useTestApp();

const vaccination = (horseId: string, extra: object = {}) => ({
  horse_id: horseId,
  date: '2026-03-01',
  type: 'vaccination',
  title: 'Influenza booster',
  vet_name: 'Dr. Vega',
  product: 'Equip FT',
  dose: '1 ml',
  ...extra,
});

async function recordTask(studId: string, recordId: string) {
  const [task] = await app.db
    .select()
    .from(studTasks)
    .where(and(eq(studTasks.studId, studId), eq(studTasks.medicalRecordId, recordId)));
  return task;
}

describe('medical records', () => {
  it('records a vaccination whose next due date opens a task for the default assignee', async () => {
    const { studId, call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const staffId = (
      await app.request('GET', '/api/auth/me', { token: await app.tokenFor('staff@hill.test') })
    ).body.id as string;
    await call('PUT', '/settings', { default_assignee_id: staffId });

    const res = await call(
      'POST',
      '/medical-records',
      vaccination(bella.id, { next_due_on: '2026-09-01', cost: 45.5, record_expense: true }),
      'staff',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      horse_id: bella.id,
      horse_name: 'Bella',
      type: 'vaccination',
      next_due_on: '2026-09-01',
      cost: 45.5,
      record_expense: true,
      expense_id: expect.any(String),
      attachments: [],
      task: { status: 'open' },
    });
    const task = await recordTask(studId, res.body.data.id);
    expect(task).toMatchObject({
      id: res.body.data.task.id,
      source: 'medical',
      dueOn: '2026-09-01',
      horseId: bella.id,
      assignedTo: staffId,
      title: 'Due: Influenza booster',
    });
  });

  it('moves the task with the due date, reopens a done one on a new date, cancels it when cleared', async () => {
    const { studId, call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const created = await call(
      'POST',
      '/medical-records',
      vaccination(bella.id, { next_due_on: '2026-09-01' }),
    );
    const id = created.body.data.id;
    const moved = await call('PUT', `/medical-records/${id}`, { next_due_on: '2026-10-01' });
    expect(moved.status, moved.text).toBe(200);
    expect(await recordTask(studId, id)).toMatchObject({ dueOn: '2026-10-01', status: 'open' });

    await app.db
      .update(studTasks)
      .set({ status: 'done', completedAt: new Date() })
      .where(eq(studTasks.medicalRecordId, id));
    await call('PUT', `/medical-records/${id}`, { next_due_on: '2027-03-01' });
    expect(await recordTask(studId, id)).toMatchObject({
      dueOn: '2027-03-01',
      status: 'open',
      completedAt: null,
    });

    const cleared = await call('PUT', `/medical-records/${id}`, { next_due_on: null });
    expect(cleared.body.data).toMatchObject({ next_due_on: null, task: { status: 'cancelled' } });
  });

  it('books its cost as an expense that follows the record, once, and outlives it', async () => {
    const { studId, call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const dora = await mare('Dora');
    const expenses = async () =>
      app.db.select().from(studExpenses).where(eq(studExpenses.studId, studId));
    const created = await call('POST', '/medical-records', {
      horse_id: dora.id,
      date: '2026-02-05',
      type: 'farrier',
      title: 'Shoes',
      vet_name: 'J. Smith',
      cost: 80,
      record_expense: true,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const expenseId = created.body.data.expense_id;
    expect(expenseId).toEqual(expect.any(String));
    const expense = async () => (await call('GET', `/expenses/${expenseId}`)).body.data;
    expect(await expense()).toMatchObject({
      date: '2026-02-05',
      category: 'farrier',
      amount: 80,
      horse: { id: dora.id, name: 'Dora' },
      description: 'Shoes',
      supplier: 'J. Smith',
      payment_method: null,
      medical_record_id: id,
    });

    // Finance's corrections stay while the record changes other things.
    await call('PUT', `/expenses/${expenseId}`, {
      supplier: 'Smith Farriery',
      payment_method: 'cash',
    });
    await call('PUT', `/medical-records/${id}`, { next_due_on: '2026-04-01' });
    expect(await expense()).toMatchObject({ supplier: 'Smith Farriery', amount: 80 });
    const moved = await call('PUT', `/medical-records/${id}`, {
      cost: 95.5,
      date: '2026-02-07',
      title: 'Front shoes',
      horse_id: bella.id,
    });
    expect(moved.body.data.expense_id).toBe(expenseId);
    expect(await expense()).toMatchObject({
      date: '2026-02-07',
      category: 'farrier',
      amount: 95.5,
      horse_id: bella.id,
      description: 'Front shoes',
      supplier: 'Smith Farriery',
      payment_method: 'cash',
    });
    await call('PUT', `/medical-records/${id}`, { type: 'vet_visit', vet_name: 'Dr. Vega' });
    expect(await expense()).toMatchObject({ category: 'veterinary', supplier: 'Dr. Vega' });
    expect(await expenses()).toHaveLength(1);

    // Turned off, the expense goes; on again, a new one is booked.
    const off = await call('PUT', `/medical-records/${id}`, { record_expense: false });
    expect(off.body.data).toMatchObject({ record_expense: false, expense_id: null });
    expect((await call('GET', `/expenses/${expenseId}`)).status).toBe(404);
    expect(await expenses()).toEqual([]);
    const on = await call('PUT', `/medical-records/${id}`, { record_expense: true });
    const again = on.body.data.expense_id;
    expect(again).not.toBe(expenseId);
    expect(await expenses()).toMatchObject([
      { id: again, amount: '95.50', category: 'veterinary' },
    ]);

    // The money was spent: deleting the record keeps its expense.
    expect((await call('DELETE', `/medical-records/${id}`)).status).toBe(200);
    expect((await call('GET', `/expenses/${again}`)).body.data).toMatchObject({
      amount: 95.5,
      medical_record_id: null,
    });
  });

  it('books no expense of 0; an expense deleted in finance is not booked again', async () => {
    const { studId, call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const zero = await call(
      'POST',
      '/medical-records',
      vaccination(bella.id, { cost: 0, record_expense: true }),
    );
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({
      cost: ['The cost must be greater than 0 to book an expense.'],
    });
    expect((await call('GET', '/medical-records')).body.data).toEqual([]);

    const record = (
      await call(
        'POST',
        '/medical-records',
        vaccination(bella.id, { cost: 45, record_expense: true }),
      )
    ).body.data;
    expect((await call('DELETE', `/expenses/${record.expense_id}`)).status).toBe(200);
    const read = await call('GET', `/medical-records/${record.id}`);
    expect(read.body.data).toMatchObject({ record_expense: false, expense_id: null, cost: 45 });
    await call('PUT', `/medical-records/${record.id}`, { cost: 50 });
    expect(await app.db.select().from(studExpenses).where(eq(studExpenses.studId, studId))).toEqual(
      [],
    );
  });

  it('refuses a due date before the record, an expense without cost, another stud’s horse', async () => {
    const hill = await studWorld(app, 'Hill');
    const vale = await studWorld(app, 'Vale');
    const bella = await hill.mare('Bella');
    const theirs = await vale.mare('Dora');
    const early = await hill.call(
      'POST',
      '/medical-records',
      vaccination(bella.id, { next_due_on: '2026-02-01', record_expense: true }),
    );
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors).sort()).toEqual(['next_due_on', 'record_expense']);
    const foreign = await hill.call('POST', '/medical-records', vaccination(theirs.id));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.horse_id).toEqual(['The selected horse id is invalid.']);
    const shapes = await hill.call('POST', '/medical-records', {
      horse_id: bella.id,
      date: '2026-02-30',
      type: 'massage',
      title: '',
      cost: 10.005,
    });
    expect(shapes.status).toBe(422);
    expect(Object.keys(shapes.body.errors).sort()).toEqual(['cost', 'date', 'title', 'type']);

    const ok = await hill.call('POST', '/medical-records', vaccination(bella.id, { cost: 20 }));
    const later = await hill.call('PUT', `/medical-records/${ok.body.data.id}`, {
      next_due_on: '2026-01-01',
    });
    expect(later.status).toBe(422);
    expect(Object.keys(later.body.errors)).toEqual(['next_due_on']);
  });

  it('lists newest first with horse, type and due filters, paginated, in constant statements', async () => {
    const { call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const dora = await mare('Dora');
    await call('POST', '/medical-records', vaccination(bella.id, { date: '2026-01-05' }));
    await call(
      'POST',
      '/medical-records',
      vaccination(dora.id, {
        date: '2026-02-05',
        type: 'farrier',
        title: 'Shoes',
        next_due_on: '2026-03-05',
      }),
    );
    const all = await call('GET', '/medical-records', undefined, 'viewer');
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { title: string }) => r.title)).toEqual([
      'Shoes',
      'Influenza booster',
    ]);
    expect(all.body.meta).toMatchObject({ total: 2, per_page: 50 });
    const titles = async (query: string) =>
      (await call('GET', `/medical-records?${query}`)).body.data.map(
        (r: { title: string }) => r.title,
      );
    expect(await titles(`horse_id=${bella.id}`)).toEqual(['Influenza booster']);
    expect(await titles('type=farrier')).toEqual(['Shoes']);
    expect(await titles('due_before=2026-03-31')).toEqual(['Shoes']);
    expect(await titles('due_before=2026-03-01')).toEqual([]);
    expect(await titles('per_page=1&page=2')).toEqual(['Influenza booster']);

    const count = async () => {
      const counter = { count: 0 };
      await statementCounter.run(counter, () => call('GET', '/medical-records'));
      return counter.count;
    };
    const small = await count();
    for (let i = 0; i < 20; i++)
      await call('POST', '/medical-records', vaccination(bella.id, { next_due_on: '2027-01-01' }));
    expect(await count()).toBe(small);
  });

  it('attaches files to a record and photos to a horse through the stud’s media routes', async () => {
    const { studId, call, mare } = await studWorld(app);
    const bella = await mare('Bella');
    const record = await call('POST', '/medical-records', vaccination(bella.id));
    const upload = async (subjectType: string, subjectId: string) => {
      const body = new FormData();
      body.append('file', new Blob([await png()], { type: 'image/png' }), 'scan.png');
      body.append('subject_type', subjectType);
      body.append('subject_id', subjectId);
      return app.request('POST', `/api/studs/${studId}/media`, {
        token: await app.tokenFor('staff@hill.test'),
        rawBody: body,
      });
    };
    const file = await upload('medical_record', record.body.data.id);
    expect(file.status, file.text).toBe(201);
    const read = await call('GET', `/medical-records/${record.body.data.id}`);
    expect(read.body.data.attachments).toEqual([
      { id: file.body.data.id, filename: 'scan.png', content_type: 'image/png' },
    ]);
    const photo = await upload('horse', bella.id);
    expect(photo.status, photo.text).toBe(201);
    expect((await call('GET', `/horses/${bella.id}`)).body.data.photo_id).toBe(photo.body.data.id);
    expect((await upload('horse', record.body.data.id)).status).toBe(422);
  });

  it('deletes a record with its task; 404s another stud’s; viewers only read', async () => {
    const hill = await studWorld(app, 'Hill');
    const vale = await studWorld(app, 'Vale');
    const bella = await hill.mare('Bella');
    const record = await hill.call(
      'POST',
      '/medical-records',
      vaccination(bella.id, { next_due_on: '2026-09-01' }),
    );
    const id = record.body.data.id;
    expect(
      (await hill.call('POST', '/medical-records', vaccination(bella.id), 'viewer')).status,
    ).toBe(403);
    expect((await vale.call('GET', `/medical-records/${id}`)).status).toBe(404);
    expect((await vale.call('DELETE', `/medical-records/${id}`)).status).toBe(404);
    expect((await hill.call('DELETE', `/medical-records/${id}`, undefined, 'staff')).status).toBe(
      403,
    );
    expect((await hill.call('DELETE', `/medical-records/${id}`)).status).toBe(200);
    expect(await recordTask(hill.studId, id)).toBeUndefined();
    // The horse has no history left and may go.
    expect((await hill.call('DELETE', `/horses/${bella.id}`)).status).toBe(200);
  });
});
