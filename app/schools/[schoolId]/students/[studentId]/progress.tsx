'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { awardFields } from '@/server/progression/badge-schema';
import { levelChangeFields } from '@/server/progression/level-schema';
import {
  Badge,
  blankAs,
  Card,
  CardTitle,
  ConfirmButton,
  Dialog,
  FormActions,
  FormErrorSummary,
  formatDate,
  humanize,
  plural,
  QueryState,
  RowActions,
  SelectInputField,
  Stat,
  StatGrid,
  TextareaField,
  TextInputField,
  useErrorToast,
  useRecordForm,
  type RowAction,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { CertificateTable } from '../../progression/certificate-list';
import { IssueCertificateForm } from '../../progression/certificate-forms';
import { useAfterWrite } from '../../record-list';
import { todayIn, useSchool } from '../../school-context';

type Dialogs = 'level' | 'badge' | 'certificate' | null;

/**
 * Where the rider stands: level and next level with what it asks, the last 90 days, badges
 * and certificates; assess, award and certify as the role allows.
 */
export function StudentProgress({
  studentId,
  studentName,
}: {
  studentId: string;
  studentName: string;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const [open, setOpen] = useState<Dialogs>(null);
  const close = () => setOpen(null);
  const progress = useQuery(trpc.progress.progress.queryOptions({ schoolId, studentId }));
  const badges = useQuery(trpc.progress.badges.queryOptions({ schoolId, studentId }));
  const certificates = useQuery({
    ...trpc.certificates.list.queryOptions({ schoolId, student_id: studentId, per_page: 50 }),
    enabled: may('certificates.view'),
  });
  const revoke = useMutation(trpc.progress.revokeBadge.mutationOptions({ onError: showError }));
  const p = progress.data?.data;
  const actions: RowAction[] = [
    ...(may('progress.create')
      ? [
          { label: 'Change level', onSelect: () => setOpen('level') },
          { label: 'Award badge', onSelect: () => setOpen('badge') },
        ]
      : []),
    ...(may('certificates.create')
      ? [{ label: 'Issue certificate', onSelect: () => setOpen('certificate') }]
      : []),
  ];

  return (
    <Card aria-labelledby="progress-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="progress-heading">Progress</CardTitle>
        <RowActions what={studentName} actions={actions} />
      </div>
      {!p && <QueryState what="the progress" query={progress} />}
      {p && (
        <>
          <StatGrid>
            <Stat
              label="Level"
              value={p.current_level?.name ?? 'None yet'}
              note={
                p.current_level
                  ? `sets ${humanize(p.current_level.base_level)}`
                  : 'not on the ladder'
              }
            />
            <Stat
              label="Next level"
              value={p.next_level?.name ?? '—'}
              note={
                !p.next_level
                  ? 'top of the ladder'
                  : p.classes_remaining
                    ? `${plural(p.classes_remaining, 'class', 'classes')} to go (${p.attended_since_change} attended)`
                    : 'ready to assess'
              }
            />
            <Stat
              label="Attendance"
              value={p.attendance_rate_90d === null ? '—' : `${p.attendance_rate_90d} %`}
              note="last 90 days"
            />
            <Stat
              label="Average rating"
              value={p.avg_performance_90d === null ? '—' : `${p.avg_performance_90d} / 5`}
              note="last 90 days"
            />
          </StatGrid>
          {p.next_level && p.next_level.requirements.length > 0 && (
            <details className="my-2">
              <summary className="cursor-pointer">What {p.next_level.name} asks</summary>
              <ul>
                {p.next_level.requirements.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      <h3 className="mt-3 text-base font-bold">Badges</h3>
      {!badges.data && <QueryState what="the badges" query={badges} />}
      {badges.data?.data.length === 0 && <p className="text-muted-foreground">No badges yet.</p>}
      <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
        {badges.data?.data.map((award) => (
          <li
            key={award.id}
            className="flex items-center gap-1 rounded-full border border-border px-3 py-1"
          >
            <Badge tone="ok">{award.badge.name}</Badge>
            <span className="text-sm text-muted-foreground">
              {formatDate(award.awarded_on)}
              {award.source === 'rule' && ' · earned'}
            </span>
            {may('progress.create') && (
              <ConfirmButton
                label="Revoke"
                what={award.badge.name}
                question={`Take the badge ${award.badge.name} back from ${studentName}?`}
                disabled={revoke.isPending}
                onConfirm={() =>
                  revoke.mutate(
                    { schoolId, studentId, awardId: award.id },
                    {
                      onSuccess: afterWrite(
                        trpc.progress.pathKey(),
                        `${award.badge.name} was revoked.`,
                      ),
                    },
                  )
                }
              />
            )}
          </li>
        ))}
      </ul>
      {may('certificates.view') && (
        <>
          <h3 className="mt-3 text-base font-bold">Certificates</h3>
          {!certificates.data && <QueryState what="the certificates" query={certificates} />}
          {certificates.data && (
            <CertificateTable certificates={certificates.data.data} showHolder={false} />
          )}
        </>
      )}
      <Dialog title="Change level" open={open === 'level'} onClose={close}>
        <LevelChangeForm studentId={studentId} onDone={close} />
      </Dialog>
      <Dialog title="Award a badge" open={open === 'badge'} onClose={close}>
        <AwardForm studentId={studentId} onDone={close} />
      </Dialog>
      <Dialog title="Issue a certificate" open={open === 'certificate'} onClose={close}>
        <IssueCertificateForm studentId={studentId} studentName={studentName} onDone={close} />
      </Dialog>
    </Card>
  );
}

const levelChangeForm = levelChangeFields.extend({
  level_id: blankAs(levelChangeFields.shape.level_id),
  override: z.boolean(),
});

function LevelChangeForm({ studentId, onDone }: { studentId: string; onDone: () => void }) {
  const { schoolId, school } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const levels = useQuery(trpc.levels.list.queryOptions({ schoolId }));
  const { form, onSubmit, pending } = useRecordForm(levelChangeForm, {
    defaultValues: {
      level_id: '',
      achieved_on: todayIn(school.timezone),
      notes: '',
      override: false,
    },
    save: (input) => client.progress.changeLevel.mutate({ schoolId, studentId, ...input }),
    onSaved: (_, result) =>
      afterWrite(trpc.pathKey(), `Moved to ${result.data.level.name}.`, onDone)(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <SelectInputField
        form={form}
        name="level_id"
        label="Level"
        options={[
          { value: '', label: 'Choose a level' },
          ...(levels.data?.data ?? [])
            .filter((l) => l.active)
            .map((l) => ({
              value: l.id,
              label: `${l.name}${l.min_attended_classes ? ` (${l.min_attended_classes} classes first)` : ''}`,
            })),
        ]}
      />
      <TextInputField
        form={form}
        name="achieved_on"
        label="Assessed on"
        noun="Assessment date"
        type="date"
      />
      <label className="my-2 flex items-center gap-2">
        <input type="checkbox" {...form.register('override')} />
        Move the rider even without the classes the level asks for
      </label>
      <TextareaField
        form={form}
        name="notes"
        label="Notes"
        hint="Required when moving a rider without the classes."
        rows={3}
      />
      <FormErrorSummary form={form} />
      <FormActions label="Save level change" pending={pending} onCancel={onDone} />
    </form>
  );
}

const awardForm = awardFields.extend({ badge_id: blankAs(awardFields.shape.badge_id) });

function AwardForm({ studentId, onDone }: { studentId: string; onDone: () => void }) {
  const { schoolId, school } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const badges = useQuery(trpc.badges.list.queryOptions({ schoolId }));
  const { form, onSubmit, pending } = useRecordForm(awardForm, {
    defaultValues: { badge_id: '', awarded_on: todayIn(school.timezone), notes: '' },
    save: (input) => client.progress.awardBadge.mutate({ schoolId, studentId, ...input }),
    onSaved: (_, result) =>
      afterWrite(trpc.pathKey(), `${result.data.badge.name} was awarded.`, onDone)(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <SelectInputField
        form={form}
        name="badge_id"
        label="Badge"
        options={[
          { value: '', label: 'Choose a badge' },
          ...(badges.data?.data ?? [])
            .filter((b) => b.active)
            .map((b) => ({ value: b.id, label: b.name })),
        ]}
      />
      <TextInputField
        form={form}
        name="awarded_on"
        label="Awarded on"
        noun="Award date"
        type="date"
      />
      <TextareaField form={form} name="notes" label="Notes" rows={2} />
      <FormErrorSummary form={form} />
      <FormActions label="Award badge" pending={pending} onCancel={onDone} />
    </form>
  );
}
