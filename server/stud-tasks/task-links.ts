import type { Database } from '@/db/client';
import { pregnancies, studClients, studHorses, studReservations } from '@/db/schema';
import { AppError, validationError } from '../kernel/errors';
import { referenceInStud } from '../kernel/records';
import type { FieldErrors } from '../kernel/validation';
import { memberReference } from '../organizations/member-reference';
import type { TaskFields } from './task-schema';

/*
 * What a task's body ids must name in the stud (DESIGN 4: 422 on the field), one lookup per
 * link.
 */

const clientLink = (db: Database, studId: string, id: string) =>
  referenceInStud(db, studClients, studId, id, 'client_id');

const horseLink = (db: Database, studId: string, id: string) =>
  referenceInStud(db, studHorses, studId, id, 'horse_id');

const reservationLink = (db: Database, studId: string, id: string) =>
  referenceInStud(db, studReservations, studId, id, 'reservation_id');

const pregnancyLink = (db: Database, studId: string, id: string) =>
  referenceInStud(db, pregnancies, studId, id, 'pregnancy_id');

/**
 * Every rule about the task's fields as they will be stored, all reported at once: the time
 * needs a date, the assignee a membership, each link a record of the stud. Runs in the
 * writing transaction (the membership is held by `memberReference`'s key-share lock).
 */
export async function checkTaskFields(
  tx: Database,
  studId: string,
  input: Partial<TaskFields>,
  stored: { dueOn: string | null; dueTime: string | null },
): Promise<void> {
  const errors: FieldErrors = {};
  if (stored.dueTime !== null && stored.dueOn === null)
    errors.due_time = ['The due time field requires a due date (due on).'];
  const checks: [value: string | null | undefined, check: (id: string) => Promise<unknown>][] = [
    [input.assigned_to, (id) => memberReference(tx, studId, id, 'assigned_to')],
    [input.client_id, (id) => clientLink(tx, studId, id)],
    [input.horse_id, (id) => horseLink(tx, studId, id)],
    [input.reservation_id, (id) => reservationLink(tx, studId, id)],
    [input.pregnancy_id, (id) => pregnancyLink(tx, studId, id)],
  ];
  for (const [value, check] of checks) {
    if (value === null || value === undefined) continue;
    try {
      await check(value);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fieldErrors) throw error;
      Object.assign(errors, error.fieldErrors);
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
