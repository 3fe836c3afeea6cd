'use client';

import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import type { AppRouter } from '@/server/router';
import {
  CERTIFICATE_KINDS,
  certificateFields,
  revokeFields,
} from '@/server/progression/certificate-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { todayIn, useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';

export type Certificate = inferRouterOutputs<AppRouter>['certificates']['get']['data'];

const certificateForm = certificateFields.omit({ student_id: true }).extend({
  level_id: blankAs(certificateFields.shape.level_id, null),
  badge_id: blankAs(certificateFields.shape.badge_id, null),
  valid_until: blankAs(certificateFields.shape.valid_until, null),
});

/** Issues a certificate to a student: what it certifies, when, until when, signed by whom. */
export function IssueCertificateForm({
  studentId,
  studentName,
  onDone,
}: {
  studentId: string;
  studentName: string;
  onDone: () => void;
}) {
  const { schoolId, school } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const levels = useQuery(trpc.levels.list.queryOptions({ schoolId }));
  const badges = useQuery(trpc.badges.list.queryOptions({ schoolId }));
  const { form, onSubmit, pending } = useRecordForm(certificateForm, {
    defaultValues: {
      title: '',
      kind: 'level',
      level_id: '',
      badge_id: '',
      description: '',
      issued_on: todayIn(school.timezone),
      valid_until: '',
      signed_by_name: '',
    },
    save: (input) =>
      client.certificates.issue.mutate({ schoolId, student_id: studentId, ...input }),
    onSaved: () =>
      afterWrite(trpc.pathKey(), `The certificate was issued to ${studentName}.`, onDone)(),
  });
  const kind = form.watch('kind');
  return (
    <form noValidate onSubmit={onSubmit}>
      <p>
        For <strong>{studentName}</strong>. A certificate cannot be edited once issued: a mistake is
        revoked and issued again.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="title" label="Title" required autoComplete="off" />
        <SelectInputField
          form={form}
          name="kind"
          label="Kind"
          options={wordOptions(CERTIFICATE_KINDS)}
        />
        {kind === 'level' && (
          <SelectInputField
            form={form}
            name="level_id"
            label="Level"
            options={[
              { value: '', label: 'None' },
              ...(levels.data?.data ?? []).map((l) => ({ value: l.id, label: l.name })),
            ]}
          />
        )}
        {kind === 'badge' && (
          <SelectInputField
            form={form}
            name="badge_id"
            label="Badge"
            options={[
              { value: '', label: 'None' },
              ...(badges.data?.data ?? []).map((b) => ({ value: b.id, label: b.name })),
            ]}
          />
        )}
        <TextInputField
          form={form}
          name="issued_on"
          label="Issued on"
          noun="Issue date"
          type="date"
        />
        <TextInputField
          form={form}
          name="valid_until"
          label="Valid until"
          noun="Expiry date"
          type="date"
          hint="Empty: it does not expire."
        />
        <TextInputField form={form} name="signed_by_name" label="Signed by" noun="Signer's name" />
      </div>
      <TextareaField form={form} name="description" label="Description" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Issue certificate" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** Revokes a certificate, with the reason the public check will not show but staff will. */
export function RevokeCertificateForm({
  certificate,
  onDone,
}: {
  certificate: Certificate;
  onDone: () => void;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const { form, onSubmit, pending } = useRecordForm(revokeFields, {
    defaultValues: { reason: '' },
    save: (input: z.output<typeof revokeFields>) =>
      client.certificates.revoke.mutate({ schoolId, certificateId: certificate.id, ...input }),
    onSaved: () =>
      afterWrite(trpc.pathKey(), `Certificate ${certificate.code} was revoked.`, onDone)(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <p>
        <strong>{certificate.title}</strong> for {certificate.holder_name} ({certificate.code}). Its
        code will verify as revoked from now on.
      </p>
      <TextareaField form={form} name="reason" label="Reason" required rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Revoke certificate" pending={pending} onCancel={onDone} />
    </form>
  );
}
