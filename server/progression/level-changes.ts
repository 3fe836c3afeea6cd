import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { levelChanges, levels, students } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { findInSchool, isoTimestampSql, referenceInSchool } from '../kernel/records';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { queueBadgeRulesFor } from './badge-rules';
import { noticeFollowers } from './notices';
import type { LevelChange, LevelChangeFields } from './level-schema';
import { ATTENDED } from './progress-queries';

const selectChanges = (school: School, where: ReturnType<typeof sql>) => sql`
  select lc.id, lc.student_id,
         json_build_object('id', l.id, 'name', l.name) as level,
         case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end
           as previous_level,
         to_char(lc.achieved_on, 'YYYY-MM-DD') as achieved_on,
         case when lc.assessed_by is null then null
              else json_build_object('id', lc.assessed_by, 'name', u.display_name) end as assessed_by,
         lc.notes, lc.override,
         ${isoTimestampSql(sql`lc.created_at`)} as created_at
    from level_changes lc
    join levels l on l.school_id = lc.school_id and l.id = lc.level_id
    left join levels p on p.school_id = lc.school_id and p.id = lc.previous_level_id
    left join users u on u.id = lc.assessed_by
   where lc.school_id = ${school.id} and ${where}
   order by lc.achieved_on desc, lc.created_at desc`;

/** A student's level changes, newest first. */
export async function listLevelChanges(
  db: Database,
  school: School,
  studentId: string,
): Promise<LevelChange[]> {
  const student = await findInSchool(db, students, school.id, studentId, 'Student');
  return queryRows<LevelChange>(db, selectChanges(school, sql`lc.student_id = ${student.id}`));
}

type StudentStanding = { last_change_on: string | null; attended: number };

/**
 * Moves a student to a level (DESIGN-MODULES A.1): they must have attended (present or late)
 * the level's `min_attended_classes` since their last change, unless the assessor overrides
 * with notes. The student row is locked first, so two assessments of one rider queue up and
 * the second counts from the first. The change sets `current_level_id` and the spec's `level`
 * to the level's base level, and queues the badge rules (`level_reached`).
 */
export async function changeLevel(
  db: Database,
  school: School,
  studentId: string,
  input: LevelChangeFields,
  assessorId: string,
): Promise<LevelChange> {
  const today = todayIn(school.timezone);
  const achievedOn = input.achieved_on ?? today;
  if (achievedOn > today)
    throw invalidField(
      'achieved_on',
      'The achieved on field must be a date before or equal to today.',
    );
  const changeId = await db.transaction(async (tx) => {
    // The lock first, the count after it: a count in the locking statement would read the
    // snapshot taken before the wait, missing the change that the other assessment just made.
    const [locked] = isUuid(studentId)
      ? await tx
          .select({
            id: students.id,
            currentLevelId: students.currentLevelId,
            firstName: students.firstName,
            lastName: students.lastName,
          })
          .from(students)
          .where(and(eq(students.schoolId, school.id), eq(students.id, studentId)))
          .for('update')
      : [];
    if (!locked) throw notFound('Student');
    // An aggregate: always one row.
    const [{ last_change_on: lastChangeOn, attended }] = (await queryRows<StudentStanding>(
      tx,
      sql`select to_char(max(lc.achieved_on), 'YYYY-MM-DD') as last_change_on,
                 (select count(*)::int from attendance a
                   where a.school_id = ${school.id} and a.student_id = ${locked.id}
                     and a.status in ${ATTENDED}
                     and a.date > coalesce(max(lc.achieved_on), '-infinity')) as attended
            from level_changes lc
           where lc.school_id = ${school.id} and lc.student_id = ${locked.id}`,
    )) as [StudentStanding];
    const level = await referenceInSchool(tx, levels, school.id, input.level_id, 'level_id');
    if (!level.active) throw invalidField('level_id', 'The selected level is not active.');
    if (level.id === locked.currentLevelId)
      throw invalidField('level_id', 'The student is already on this level.');
    if (lastChangeOn && achievedOn < lastChangeOn)
      throw invalidField(
        'achieved_on',
        `The achieved on field must be on or after the last level change (${lastChangeOn}).`,
      );
    if (attended < level.minAttendedClasses) {
      if (!input.override)
        throw invalidField(
          'level_id',
          `The student attended ${attended} classes since the last level change; ${level.name} asks for ${level.minAttendedClasses}. Send override with notes to move them anyway.`,
        );
      if (!input.notes)
        throw invalidField('notes', 'The notes field is required when override is true.');
    }
    const [change] = await tx
      .insert(levelChanges)
      .values({
        schoolId: school.id,
        studentId: locked.id,
        levelId: level.id,
        previousLevelId: locked.currentLevelId,
        achievedOn,
        assessedBy: assessorId,
        notes: input.notes,
        override: input.override ?? false,
      })
      .returning({ id: levelChanges.id });
    await tx.execute(
      sql`update ${students} set current_level_id = ${level.id}, level = ${level.baseLevel}, updated_at = now()
           where ${students.schoolId} = ${school.id} and ${students.id} = ${locked.id}`,
    );
    await queueBadgeRulesFor(tx, school.id, [locked.id], 'level_reached');
    await noticeFollowers(tx, school.id, [
      {
        studentId: locked.id,
        type: 'portal.level_changed',
        title: `${locked.firstName} reached ${level.name}`,
        body: `${school.name}: ${locked.firstName} ${locked.lastName} moved to the level ${level.name} on ${achievedOn}.`,
        data: { level_change_id: change!.id, level_id: level.id },
      },
    ]);
    return change!.id;
  });
  const [change] = await queryRows<LevelChange>(
    db,
    selectChanges(school, sql`lc.id = ${changeId}`),
  );
  return change!;
}
