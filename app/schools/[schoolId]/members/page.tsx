'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ROLES, type Role } from '@/server/schools/member-schema';
import { useTRPC } from '../../../trpc';
import {
  ConfirmButton,
  fieldErrorsOf,
  FormErrorSummary,
  QueryState,
  SelectField,
  TableWrap,
  TextField,
  useErrorToast,
  useToast,
} from '../../../ui';
import { NotAllowed, useSchool } from '../school-context';

/** The school's members: invite by e-mail, change a role, remove. */
export default function MembersPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const members = useQuery({
    ...trpc.members.list.queryOptions({ schoolId }),
    enabled: may('members.view'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
  const update = useMutation(
    trpc.members.update.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast('success', `${result.data.email} is now ${result.data.role}.`);
      },
      onError: showError,
    }),
  );
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast('success', result.message);
      },
      onError: showError,
    }),
  );

  if (!may('members.view')) return <NotAllowed />;
  return (
    <>
      <h1>Members</h1>
      {may('members.create') && <InviteForm />}
      <section className="card" aria-labelledby="members-heading">
        <h2 id="members-heading" className="visually-hidden">
          Members
        </h2>
        <QueryState what="members" query={members} />
        {members.data && (
          <TableWrap>
            <table>
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.data.map((member) => (
                  <tr key={member.id}>
                    <td>{member.email}</td>
                    <td>
                      {may('members.edit') ? (
                        <select
                          aria-label={`Role of ${member.email}`}
                          value={member.role}
                          disabled={update.isPending}
                          onChange={(e) =>
                            update.mutate({
                              schoolId,
                              memberId: member.id,
                              role: e.target.value as Role,
                            })
                          }
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {role}
                            </option>
                          ))}
                        </select>
                      ) : (
                        member.role
                      )}
                    </td>
                    <td>{member.status}</td>
                    <td>
                      {may('members.delete') && (
                        <ConfirmButton
                          label="Remove"
                          question={`Remove ${member.email} from the school?`}
                          disabled={remove.isPending}
                          onConfirm={() => remove.mutate({ schoolId, memberId: member.id })}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </section>
    </>
  );
}

function InviteForm() {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const invite = useMutation(
    trpc.members.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
        toast('success', `${result.data.email} was invited.`);
        setEmail('');
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(invite.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate({ schoolId, email, role });
  }
  return (
    <form className="card" onSubmit={submit} aria-label="Invite a member" noValidate>
      <div className="form-grid">
        <TextField
          label="E-mail"
          name="email"
          type="email"
          required
          value={email}
          errors={errors}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          label="Role"
          name="role"
          options={ROLES}
          value={role}
          errors={errors}
          onChange={(e) => setRole(e.target.value as Role)}
        />
      </div>
      <FormErrorSummary error={invite.error} />
      <button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting…' : 'Invite'}
      </button>
    </form>
  );
}
