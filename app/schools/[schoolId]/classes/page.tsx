'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../trpc';
import { Empty, money, QueryState } from '../../../ui';
import { NotAllowed, useSchool } from '../school-context';

/** The school's classes with their level, size and price. */
export default function ClassesPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const classes = useQuery({
    ...trpc.classes.list.queryOptions({ schoolId }),
    enabled: may('classes.view'),
  });
  if (!may('classes.view')) return <NotAllowed />;
  return (
    <>
      <h1>Classes</h1>
      <QueryState what="classes" query={classes} />
      {classes.data && classes.data.data.length === 0 && <Empty>No classes yet.</Empty>}
      {classes.data && classes.data.data.length > 0 && (
        <div className="card table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Level</th>
                <th scope="col">Places</th>
                <th scope="col">Price</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {classes.data.data.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.name}
                    {c.discipline && <span className="muted"> · {c.discipline}</span>}
                  </td>
                  <td>{c.type}</td>
                  <td>{c.level}</td>
                  <td>{c.max_students}</td>
                  <td>
                    {money(c.price, school.currency)}{' '}
                    <span className="muted">{c.price_type.replace('_', ' ')}</span>
                  </td>
                  <td>{c.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
