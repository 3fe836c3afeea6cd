'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../trpc';
import { DAY_NAMES, Empty, QueryState } from '../../../ui';
import { NotAllowed, todayIn, useSchool } from '../school-context';

/** Instructors and, for one of them, the week's busy and free times. */
export default function InstructorsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const [selected, setSelected] = useState<string | null>(null);
  const instructors = useQuery({
    ...trpc.instructors.list.queryOptions({ schoolId }),
    enabled: may('instructors.view'),
  });
  if (!may('instructors.view')) return <NotAllowed />;
  return (
    <>
      <h1>Instructors</h1>
      <QueryState what="instructors" query={instructors} />
      {instructors.data && instructors.data.data.length === 0 && <Empty>No instructors yet.</Empty>}
      {instructors.data && instructors.data.data.length > 0 && (
        <div className="card table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Specialties</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Availability</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {instructors.data.data.map((i) => (
                <tr key={i.id}>
                  <td>{i.full_name}</td>
                  <td>{i.specialties.join(', ') || '—'}</td>
                  <td>{i.status}</td>
                  <td>
                    <button
                      type="button"
                      className="plain-button small"
                      aria-pressed={selected === i.id}
                      onClick={() => setSelected(selected === i.id ? null : i.id)}
                    >
                      Week<span className="visually-hidden"> of {i.full_name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected && <Availability instructorId={selected} />}
    </>
  );
}

function Availability({ instructorId }: { instructorId: string }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const availability = useQuery(
    trpc.instructors.availability.queryOptions({
      schoolId,
      instructorId,
      week: todayIn(school.timezone),
    }),
  );
  if (!availability.data) return <QueryState what="the availability" query={availability} />;
  const a = availability.data.data;
  return (
    <section className="card" aria-labelledby="availability-heading">
      <h2 id="availability-heading">
        Week {a.start_date} – {a.end_date}
      </h2>
      <ul className="plain week-list">
        {a.days.map((day) => (
          <li key={day.date}>
            <strong>
              {DAY_NAMES[day.day_of_week]} {day.date.slice(5)}
            </strong>
            {day.busy.length === 0 ? (
              <span className="muted">Free all day</span>
            ) : (
              day.busy.map((b) => (
                <span key={b.schedule_id} className="badge">
                  {b.start_time}–{b.end_time} {b.class_name}
                </span>
              ))
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
