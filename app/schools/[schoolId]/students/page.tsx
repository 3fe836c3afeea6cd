'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { STUDENT_LEVELS, STUDENT_STATUSES } from '@/server/schools/student-schema';
import { useTRPC } from '../../../trpc';
import { Empty, Pager, QueryState, SelectField, TableWrap, TextField } from '../../../ui';
import { NotAllowed, useSchool } from '../school-context';

type Status = (typeof STUDENT_STATUSES)[number];
type Level = (typeof STUDENT_LEVELS)[number];

/** Students: search by name, document or e-mail; filter by status and level; 20 a page. */
export default function StudentsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const [level, setLevel] = useState<Level | ''>('');
  const [page, setPage] = useState(1);
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
      <div className="page-head">
        <h1>Students</h1>
        {may('students.create') && (
          <div className="actions">
            <Link className="button" href={`/schools/${schoolId}/students/new`}>
              New student
            </Link>
            <Link className="button plain-button" href={`/schools/${schoolId}/students/import`}>
              Import CSV
            </Link>
          </div>
        )}
      </div>
      <form className="toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search"
          name="search"
          type="search"
          placeholder="Name, document or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Status"
          name="status"
          options={[{ value: '', label: 'all' }, ...STUDENT_STATUSES]}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status | '');
            setPage(1);
          }}
        />
        <SelectField
          label="Level"
          name="level"
          options={[{ value: '', label: 'all' }, ...STUDENT_LEVELS]}
          value={level}
          onChange={(event) => {
            setLevel(event.target.value as Level | '');
            setPage(1);
          }}
        />
      </form>
      <QueryState what="students" query={students} />
      {students.data && students.data.data.length === 0 && (
        <Empty>
          {search || status || level ? 'No student matches these filters.' : 'No students yet.'}
        </Empty>
      )}
      {students.data && students.data.data.length > 0 && (
        <TableWrap className="card">
          <table aria-busy={students.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Age</th>
                <th scope="col">Level</th>
                <th scope="col">Status</th>
                <th scope="col" className="hide-narrow">
                  Phone
                </th>
              </tr>
            </thead>
            <tbody>
              {students.data.data.map((student) => (
                <tr key={student.id}>
                  <td>
                    <Link href={`/schools/${schoolId}/students/${student.id}`}>
                      {student.full_name}
                    </Link>
                  </td>
                  <td>{student.age ?? '—'}</td>
                  <td>{student.level}</td>
                  <td>{student.status}</td>
                  <td className="hide-narrow">{student.phone ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {meta && <Pager meta={meta} onPage={setPage} noun="students" />}
    </>
  );
}
