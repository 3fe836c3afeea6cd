'use client';

import { useQuery } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { can } from '@/server/auth/permissions';
import { AccountBar } from '../../account-bar';
import { useTRPC } from '../../trpc';
import { useRedirectOnUnauthorized } from '../../use-signed-in';

/** A school's home: its profile and, for those who may see them, its members. */
export default function SchoolPage() {
  const { schoolId } = useParams<{ schoolId: string }>();
  const trpc = useTRPC();
  const schools = useQuery(trpc.schools.list.queryOptions({}));
  useRedirectOnUnauthorized(schools.error);
  const school = schools.data?.data.find((candidate) => candidate.id === schoolId);
  const mayViewMembers = school ? can(school.role, 'members.view') : false;
  const members = useQuery({
    ...trpc.members.list.queryOptions({ schoolId }),
    enabled: mayViewMembers,
  });

  return (
    <>
      <AccountBar />
      <main>
        {schools.isPending && <p aria-busy="true">Loading…</p>}
        {schools.data && !school && (
          <p className="card error" role="alert">
            This school does not exist or you are not one of its members.
          </p>
        )}
        {school && (
          <>
            <h1>{school.name}</h1>
            <section className="card" aria-label="School profile">
              <p>
                Your role: <strong>{school.role}</strong>
              </p>
              <p className="muted">
                Time zone {school.timezone} · Currency {school.currency}
              </p>
            </section>
            {mayViewMembers && (
              <section className="card" aria-labelledby="members-heading">
                <h2 id="members-heading">Members</h2>
                {members.isPending && <p aria-busy="true">Loading members…</p>}
                {members.error && (
                  <p className="error" role="alert">
                    Could not load members: {members.error.message}
                  </p>
                )}
                {members.data && (
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">E-mail</th>
                        <th scope="col">Role</th>
                        <th scope="col">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {members.data.data.map((member) => (
                        <tr key={member.id}>
                          <td>{member.email}</td>
                          <td>{member.role}</td>
                          <td>{member.status}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            )}
          </>
        )}
      </main>
    </>
  );
}
