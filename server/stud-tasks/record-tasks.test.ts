import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { medicalRecords, studTasks } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { closeRecordTask, openRecordTask } from './record-tasks';
import { taskFixtures, userIdOf } from './task-fixtures';

const app = useTestApp();
const f = taskFixtures(() => app.db);

async function world() {
  const stud = await app.createSchool({
    type: 'stud',
    name: 'Hill Stud',
    members: { 'owner@hill.test': 'owner', 'staff@hill.test': 'staff' },
  });
  const owner = await userIdOf(app, 'owner@hill.test');
  const staff = await userIdOf(app, 'staff@hill.test');
  const horse = await f.horse(stud, 'Bella');
  const record = await f.medicalRecord(stud, horse);
  const task = async () => {
    const rows = await app.db.select().from(studTasks).where(eq(studTasks.studId, stud));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const open = (dueOn: string, title = 'Due: Flu jab', horseId = horse) =>
    openRecordTask(app.db, stud, { medicalRecordId: record, horseId, title, dueOn });
  const close = () => closeRecordTask(app.db, stud, record);
  const complete = (id: string) =>
    app.db
      .update(studTasks)
      .set({ status: 'done', completedAt: new Date(), completedBy: owner })
      .where(eq(studTasks.id, id));
  return { stud, owner, staff, horse, record, task, open, close, complete };
}

describe('the task of a medical record', () => {
  it('is opened once per record: source medical, on its horse, unassigned without settings', async () => {
    const { stud, horse, record, task, open } = await world();
    const id = await open('2026-04-01');
    expect(await task()).toMatchObject({
      id,
      title: 'Due: Flu jab',
      dueOn: '2026-04-01',
      horseId: horse,
      medicalRecordId: record,
      source: 'medical',
      status: 'open',
      assignedTo: null,
      priority: 'normal',
      completedAt: null,
      completedBy: null,
    });
    // Saved again: the same task, following the record's title and horse.
    const other = await f.horse(stud, 'Dora');
    expect(await open('2026-04-01', 'Due: Flu booster', other)).toBe(id);
    expect(await task()).toMatchObject({
      id,
      title: 'Due: Flu booster',
      horseId: other,
      status: 'open',
    });
  });

  it('goes to the stud’s default assignee when opened, and keeps a later reassignment', async () => {
    const { stud, owner, staff, task, open } = await world();
    await f.settings(stud, { defaultAssigneeId: staff });
    await open('2026-04-01');
    expect((await task()).assignedTo).toBe(staff);
    await app.db.update(studTasks).set({ assignedTo: owner }).where(eq(studTasks.studId, stud));
    await open('2026-05-01');
    expect((await task()).assignedTo).toBe(owner);
  });

  it('stays done while its date stands; a new date reopens it and clears the completion', async () => {
    const { owner, task, open, complete } = await world();
    const id = await open('2026-04-01');
    await complete(id);
    await open('2026-04-01', 'Due: Flu jab (renamed)');
    expect(await task()).toMatchObject({ status: 'done', completedBy: owner });
    expect(await open('2026-10-01')).toBe(id);
    expect(await task()).toMatchObject({
      status: 'open',
      dueOn: '2026-10-01',
      completedAt: null,
      completedBy: null,
    });
  });

  it('is cancelled when the record’s next due date is cleared, and reopened when one is set', async () => {
    const { task, open, close, complete } = await world();
    await close(); // No task yet: nothing happens.
    const id = await open('2026-04-01');
    await close();
    expect(await task()).toMatchObject({ status: 'cancelled', dueOn: null, completedAt: null });
    // The same date again reopens it.
    expect(await open('2026-04-01')).toBe(id);
    expect(await task()).toMatchObject({ status: 'open', dueOn: '2026-04-01' });
    // A done task stays done.
    await complete(id);
    await close();
    expect(await task()).toMatchObject({ status: 'done', dueOn: '2026-04-01' });
  });

  it('is one per record and stud, and goes with its record', async () => {
    const { stud, horse, record, open } = await world();
    const second = await f.medicalRecord(stud, horse, '2026-03-05');
    const first = await open('2026-04-01');
    const other = await openRecordTask(app.db, stud, {
      medicalRecordId: second,
      horseId: horse,
      title: 'Due: Deworming',
      dueOn: '2026-04-02',
    });
    expect(other).not.toBe(first);
    await app.db.delete(medicalRecords).where(eq(medicalRecords.id, record));
    const left = await app.db.select({ id: studTasks.id }).from(studTasks);
    expect(left).toEqual([{ id: other }]);
  });

  it('is shown over HTTP with its source and record, completed, and keeps both through a PUT', async () => {
    const { stud, record, open } = await world();
    const id = await open('2026-04-01');
    const token = await app.tokenFor('staff@hill.test');
    const read = await app.request('GET', `/api/studs/${stud}/tasks/${id}`, { token });
    expect(read.body.data).toMatchObject({
      source: 'medical',
      medical_record_id: record,
      horse: { name: 'Bella' },
    });
    const done = await app.request('POST', `/api/studs/${stud}/tasks/${id}/complete`, { token });
    expect(done.body.data.status).toBe('done');
    // A PUT never changes the source or the record.
    const put = await app.request('PUT', `/api/studs/${stud}/tasks/${id}`, {
      token,
      body: { source: 'manual', medical_record_id: null, status: 'open' },
    });
    expect(put.body.data).toMatchObject({ source: 'medical', medical_record_id: record });
  });
});
