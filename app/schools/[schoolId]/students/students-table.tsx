'use client';

import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import type { AppRouter } from '@/server/router';
import { cardClass, DataTable, humanize, type ColumnDef } from '../../../components/ui';
import { useSchool } from '../school-context';

type Student = inferRouterOutputs<AppRouter>['students']['list']['data'][number];

/** A page of students, each name a link to the student. */
export function StudentsTable({ students, busy }: { students: Student[]; busy: boolean }) {
  const { schoolId } = useSchool();
  const columns: ColumnDef<Student>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: s } }) => (
        <Link href={`/schools/${schoolId}/students/${s.id}`}>{s.full_name}</Link>
      ),
    },
    { id: 'age', header: 'Age', cell: ({ row }) => row.original.age ?? '—' },
    { id: 'level', header: 'Level', cell: ({ row }) => humanize(row.original.level) },
    { id: 'status', header: 'Status', cell: ({ row }) => humanize(row.original.status) },
    {
      id: 'phone',
      header: 'Phone',
      cell: ({ row }) => row.original.phone ?? '—',
      meta: { className: 'max-sm:hidden' },
    },
  ];
  return (
    <DataTable
      className={cardClass}
      columns={columns}
      data={students}
      getRowId={(s) => s.id}
      busy={busy}
    />
  );
}
