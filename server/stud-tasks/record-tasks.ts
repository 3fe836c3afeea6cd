import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

/*
 * The task a medical record's `next_due_on` opens (DESIGN-MODULES B.1 → B.8), one per record
 * (unique index stud_tasks_medical_record_key). The herd calls these in the record's
 * transaction; each is one statement.
 */

export type RecordTask = {
  medicalRecordId: string;
  horseId: string;
  title: string;
  dueOn: string;
};

/**
 * Opens or updates THE task of a medical record: source medical, on the record's horse, the
 * stud's default assignee when first opened (unassigned without settings); it follows the
 * record's title and date, and a new date reopens it (status open, completion cleared).
 * Answers the task's id.
 */
export async function openRecordTask(
  tx: Database,
  studId: string,
  task: RecordTask,
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into stud_tasks (stud_id, title, due_on, horse_id, medical_record_id, source,
                                assigned_to)
        values (${studId}, ${task.title}, ${task.dueOn}, ${task.horseId}, ${task.medicalRecordId},
                'medical',
                (select s.default_assignee_id from stud_settings s where s.stud_id = ${studId}))
        on conflict (stud_id, medical_record_id) where medical_record_id is not null do update
          set title = excluded.title,
              horse_id = excluded.horse_id,
              due_on = excluded.due_on,
              status = case when stud_tasks.due_on is distinct from excluded.due_on
                            then 'open' else stud_tasks.status end,
              completed_at = case when stud_tasks.due_on is distinct from excluded.due_on
                                  then null else stud_tasks.completed_at end,
              completed_by = case when stud_tasks.due_on is distinct from excluded.due_on
                                  then null else stud_tasks.completed_by end,
              updated_at = now()
        returning id`,
  );
  return row!.id;
}

/**
 * The record's next due date was cleared: its open task is cancelled, and loses its date so
 * that setting one again (the same one included) reopens it. A done task stays done.
 */
export async function closeRecordTask(
  tx: Database,
  studId: string,
  medicalRecordId: string,
): Promise<void> {
  await tx.execute(
    sql`update stud_tasks
           set status = 'cancelled', due_on = null, due_time = null, updated_at = now()
         where stud_id = ${studId} and medical_record_id = ${medicalRecordId}
           and status = 'open'`,
  );
}
