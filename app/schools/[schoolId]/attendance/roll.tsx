'use client';

import { useQuery } from '@tanstack/react-query';
import { Empty, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';
import { RollForm, type Mark, type Student } from './roll-form';

/** A class's roll, filled with what was recorded, else each student's usual horse. */
export function Roll({
  scheduleId,
  date,
  when,
  students,
}: {
  scheduleId: string;
  date: string;
  /** The day in words for its notes: `today`, `on Fri 27 Nov`. */
  when: string;
  students: Student[];
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const recorded = useQuery(
    trpc.attendance.show.queryOptions({ schoolId, schedule_id: scheduleId, date }),
  );
  const horses = useQuery(trpc.horses.list.queryOptions({ schoolId, status: 'active' }));
  if (!recorded.data || !horses.data)
    return <QueryState what="the class" query={recorded.error ? recorded : horses} />;
  if (students.length === 0) return <Empty>No students are enrolled in this class.</Empty>;
  const records = recorded.data.data.records;
  const byEnrollment = new Map(records.map((r) => [r.enrollment_id, r]));
  const initial = students.map((s): Mark => {
    const r = byEnrollment.get(s.enrollment_id);
    return {
      status: r?.status ?? 'present',
      horse_id: (r ? r.horse_id : s.horse_id) ?? '',
      rating: r?.performance_rating ? String(r.performance_rating) : '',
    };
  });
  return (
    <RollForm
      scheduleId={scheduleId}
      date={date}
      when={when}
      students={students}
      initial={initial}
      alreadyRecorded={records.length > 0}
      horses={horses.data.data}
      editable={may(records.length > 0 ? 'attendance.edit' : 'attendance.create')}
    />
  );
}
