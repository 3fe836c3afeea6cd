'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { PORTAL_RELATIONSHIPS, portalAccessFields } from '@/server/portal/link-schema';
import {
  Badge,
  Card,
  CardTitle,
  ConfirmButton,
  FormActions,
  FormErrorSummary,
  QueryState,
  SelectInputField,
  TextInputField,
  useErrorToast,
  useRecordForm,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { useAfterWrite } from '../../record-list';
import { useSchool } from '../../school-context';

const RELATIONSHIP_LABELS = { guardian: 'Parent or guardian', self: 'The rider (14 or older)' };

/**
 * Who follows the rider in the family portal (DESIGN-MODULES A.5): invite an e-mail (the
 * invitation is bound when that address signs in) and revoke access, as students.edit allows.
 */
export function PortalAccess({ studentId }: { studentId: string }) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const links = useQuery(trpc.portalAccess.list.queryOptions({ schoolId, studentId }));
  const revoke = useMutation(trpc.portalAccess.revoke.mutationOptions({ onError: showError }));
  const { form, onSubmit, pending } = useRecordForm(portalAccessFields, {
    defaultValues: { email: '', relationship: 'guardian' },
    save: (input) => client.portalAccess.invite.mutate({ schoolId, studentId, ...input }),
    onSaved: (input) =>
      afterWrite(trpc.portalAccess.pathKey(), `${input.email} was invited to the portal.`, () =>
        form.reset({ email: '', relationship: 'guardian' }),
      )(),
  });
  const live = links.data?.data.filter((link) => link.status !== 'revoked') ?? [];
  return (
    <Card aria-labelledby="portal-heading">
      <CardTitle id="portal-heading">Family portal</CardTitle>
      {!links.data && <QueryState what="the portal access" query={links} />}
      {links.data && live.length === 0 && (
        <p className="text-muted-foreground">Nobody follows this rider in the portal yet.</p>
      )}
      <ul className="m-0 list-none p-0">
        {live.map((link) => (
          <li
            key={link.id}
            className="flex flex-wrap items-center justify-between gap-2 border-b border-border py-1.5"
          >
            <span>
              {link.email} · {RELATIONSHIP_LABELS[link.relationship]}{' '}
              <Badge status={link.status === 'active' ? 'active' : undefined}>
                {link.status === 'active' ? 'Signed in' : 'Invited'}
              </Badge>
            </span>
            {may('students.edit') && (
              <ConfirmButton
                label="Revoke"
                what={link.email}
                question={`Revoke the portal access of ${link.email}?`}
                disabled={revoke.isPending}
                onConfirm={() =>
                  revoke.mutate(
                    { schoolId, studentId, linkId: link.id },
                    {
                      onSuccess: afterWrite(
                        trpc.portalAccess.pathKey(),
                        `${link.email} no longer has access.`,
                      ),
                    },
                  )
                }
              />
            )}
          </li>
        ))}
      </ul>
      {may('students.edit') && (
        <form noValidate onSubmit={onSubmit} className="mt-2" aria-label="Invite to the portal">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextInputField
              form={form}
              name="email"
              label="E-mail"
              type="email"
              autoComplete="off"
            />
            <SelectInputField
              form={form}
              name="relationship"
              label="Who"
              noun="Relationship"
              options={PORTAL_RELATIONSHIPS.map((value) => ({
                value,
                label: RELATIONSHIP_LABELS[value],
              }))}
            />
          </div>
          <FormErrorSummary form={form} />
          <FormActions label="Invite" pending={pending} />
        </form>
      )}
    </Card>
  );
}
