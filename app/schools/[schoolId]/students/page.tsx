'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useDeferredValue } from 'react';
import { STUDENT_LEVELS, STUDENT_STATUSES } from '@/server/schools/student-schema';
import {
  Button,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  useListFilters,
  Pager,
  QueryState,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';
import { StudentsTable } from './students-table';

type Status = (typeof STUDENT_STATUSES)[number];
type Level = (typeof STUDENT_LEVELS)[number];

/** Students: search by name, document or e-mail; filter by status and level; 20 a page. */
export default function StudentsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({
    search: '',
    status: '' as Status | '',
    level: '' as Level | '',
  });
  const { search, status, level } = filters;
  const deferredSearch = useDeferredValue(search.trim());
  const students = useQuery({
    ...trpc.students.list.queryOptions({
      schoolId,
      page,
      per_page: 20,
      ...(deferredSearch ? { search: deferredSearch } : {}),
      ...(status ? { status } : {}),
      ...(level ? { level } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: may('students.view'),
  });
  if (!may('students.view')) return <NotAllowed />;
  const meta = students.data?.meta;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Students</h1>
        {may('students.create') && (
          <div className="flex flex-wrap items-center gap-2">
            <Button asChild size="sm">
              <Link href={`/schools/${schoolId}/students/new`}>New student</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href={`/schools/${schoolId}/students/import`}>Import CSV</Link>
            </Button>
          </div>
        )}
      </div>
      <FilterBar>
        <FilterSearch
          id="student-search"
          label="Search"
          placeholder="Name, document or e-mail"
          {...bind('search')}
        />
        <FilterSelect
          id="student-status"
          label="Status"
          options={wordOptions(STUDENT_STATUSES)}
          {...bind('status')}
        />
        <FilterSelect
          id="student-level"
          label="Level"
          options={wordOptions(STUDENT_LEVELS)}
          {...bind('level')}
        />
      </FilterBar>
      <QueryState what="students" query={students} />
      {students.data && students.data.data.length === 0 && (
        <Empty>
          {search || status || level ? 'No student matches these filters.' : 'No students yet.'}
        </Empty>
      )}
      {students.data && students.data.data.length > 0 && (
        <StudentsTable students={students.data.data} busy={students.isFetching} />
      )}
      {meta && <Pager meta={meta} onPage={setPage} noun="students" />}
    </>
  );
}
