'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '@/server/router';
import { INSTRUCTOR_STATUSES, instructorFields } from '@/server/schools/instructor-schema';
import { useTRPC } from '../../../trpc';
import {
  DAY_NAMES,
  FormActions,
  FormErrorSummary,
  numberOr,
  QueryState,
  SelectField,
  TextAreaField,
  TextField,
  useErrorToast,
  useSchemaForm,
} from '../../../ui';
import { RecordList, useAfterWrite } from '../record-list';
import { NotAllowed, todayIn, useSchool } from '../school-context';

type Instructor = inferRouterOutputs<AppRouter>['instructors']['list']['data'][number];

/** Instructors, their create/edit/delete as the role allows, and one's week of busy and free times. */
export default function InstructorsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const [selected, setSelected] = useState<Instructor | null>(null);
  const instructors = useQuery({
    ...trpc.instructors.list.queryOptions({ schoolId }),
    enabled: may('instructors.view'),
  });
  const remove = useMutation(trpc.instructors.remove.mutationOptions({ onError: showError }));
  if (!may('instructors.view')) return <NotAllowed />;
  return (
    <RecordList
      title="Instructors"
      noun="instructor"
      resource="instructors"
      query={instructors}
      nameOf={(i) => i.full_name}
      columns={[
        { header: 'Name', cell: (i) => i.full_name },
        { header: 'Specialties', cell: (i) => i.specialties.join(', ') || '—', wide: true },
        { header: 'Status', cell: (i) => i.status },
      ]}
      rowActions={(i) => (
        <button
          type="button"
          className="plain-button small"
          aria-pressed={selected?.id === i.id}
          onClick={() => setSelected(selected?.id === i.id ? null : i)}
        >
          Week<span className="visually-hidden"> of {i.full_name}</span>
        </button>
      )}
      form={(instructor, close) => <InstructorForm instructor={instructor} onDone={close} />}
      deleting={remove.isPending}
      onDelete={(i) =>
        remove.mutate(
          { schoolId, instructorId: i.id },
          {
            onSuccess: afterWrite(trpc.instructors.pathKey(), `${i.full_name} was deleted.`, () =>
              setSelected((current) => (current?.id === i.id ? null : current)),
            ),
          },
        )
      }
    >
      {selected && <Availability instructorId={selected.id} />}
    </RecordList>
  );
}

function InstructorForm({ instructor, onDone }: { instructor?: Instructor; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast({ inline: true });
  const options = { onError: showError };
  const create = useMutation(trpc.instructors.create.mutationOptions(options));
  const update = useMutation(trpc.instructors.update.mutationOptions(options));
  const save = instructor ? update : create;
  const form = useSchemaForm({
    initial: {
      first_name: instructor?.first_name ?? '',
      last_name: instructor?.last_name ?? '',
      phone: instructor?.phone ?? '',
      email: instructor?.email ?? '',
      specialties: instructor?.specialties.join(', ') ?? '',
      experience_years: instructor?.experience_years?.toString() ?? '',
      hourly_rate: instructor?.hourly_rate?.toString() ?? '',
      status: instructor?.status ?? 'active',
      bio: instructor?.bio ?? '',
    },
    schema: instructorFields,
    toInput: (v) => ({
      ...v,
      specialties: v.specialties
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      experience_years: numberOr(v.experience_years, null),
      hourly_rate: numberOr(v.hourly_rate, null),
      status: v.status as Instructor['status'],
    }),
    serverError: save.error,
    errorKey: (field) => field.replace(/^specialties\.\d+$/, 'specialties'),
    send: (input) => {
      const done = {
        onSuccess: afterWrite(
          trpc.instructors.pathKey(),
          `${input.first_name} ${input.last_name} was saved.`,
          onDone,
        ),
      };
      if (instructor) update.mutate({ schoolId, instructorId: instructor.id, ...input }, done);
      else create.mutate({ schoolId, ...input }, done);
    },
  });
  const { bind } = form;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <div className="form-grid">
        <TextField label="First name" required autoComplete="off" {...bind('first_name')} />
        <TextField label="Last name" required autoComplete="off" {...bind('last_name')} />
        <TextField label="Phone" type="tel" {...bind('phone')} />
        <TextField label="Email" type="email" {...bind('email')} />
        <TextField
          label="Experience (years)"
          type="number"
          inputMode="numeric"
          {...bind('experience_years')}
        />
        <TextField
          label="Hourly rate"
          type="number"
          inputMode="decimal"
          step="0.01"
          {...bind('hourly_rate')}
        />
        <SelectField label="Status" options={INSTRUCTOR_STATUSES} {...bind('status')} />
      </div>
      <TextField label="Specialties" hint="Separated by commas" {...bind('specialties')} />
      <TextAreaField label="Bio" {...bind('bio')} />
      <FormErrorSummary errors={form.errors} />
      <FormActions
        label={instructor ? 'Save instructor' : 'Create instructor'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
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
