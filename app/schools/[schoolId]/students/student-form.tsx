'use client';

import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { STUDENT_LEVELS, STUDENT_STATUSES, studentFields } from '@/server/schools/student-schema';
import type { AppRouter } from '@/server/router';
import {
  Button,
  cardClass,
  formatDate,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';

export type Student = inferRouterOutputs<AppRouter>['students']['get']['data'];
type Listed = inferRouterOutputs<AppRouter>['students']['list']['data'][number];

/** A name as compared for duplicates: no accents, no case, single spaces. */
const folded = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The school's students of the same full name and birth date as `values` (probable duplicates). */
function sameRider(found: Listed[], values: z.output<typeof studentFields>): Listed[] {
  const name = folded(`${values.first_name} ${values.last_name}`);
  const birthDate = values.birth_date ?? null;
  return found.filter((s) => folded(s.full_name) === name && s.birth_date === birthDate);
}

/** "Possible duplicate: …" with the way to the existing students, and the choice to go on. */
function DuplicateWarning({
  students,
  onCreate,
  onCancel,
  pending,
}: {
  students: Listed[];
  onCreate: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const { schoolId } = useSchool();
  return (
    <div role="alert" className="mb-3 rounded-md border border-border bg-bad p-3">
      <p className="mt-0">
        <strong>Possible duplicate:</strong>{' '}
        {students.map((s, i) => (
          <span key={s.id}>
            {i > 0 && '; '}
            {s.full_name}, {s.birth_date ? `born ${formatDate(s.birth_date)}` : 'no birth date'} (
            <Link href={`/schools/${schoolId}/students/${s.id}`} target="_blank">
              open<span className="sr-only"> {s.full_name} in a new tab</span>
            </Link>
            )
          </span>
        ))}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" disabled={pending} onClick={onCreate}>
          Create anyway
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

const grid = 'grid gap-x-4 sm:grid-cols-2';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mb-3 rounded-md border border-border p-3">
      <legend className="px-1 font-semibold">{legend}</legend>
      <div className={grid}>{children}</div>
    </fieldset>
  );
}

/**
 * A new student, or with `student` changes to one: checked in the browser with the server's
 * own schema (an empty text clears its field there), then sent; the 422 answers of the
 * server (a taken document number, a future birth date) show beside the fields too. A new
 * student of the same name and birth date as one of the school's is a warning first, not a
 * refusal. Once saved, the student's page opens, where enrolling is the first action.
 */
export function StudentForm({ student }: { student?: Student }) {
  const { schoolId, may } = useSchool();
  // "Create and enrol": the student's page then opens with its enrol dialog.
  const thenEnrol = useRef(false);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(studentFields, {
    defaultValues: {
      first_name: student?.first_name ?? '',
      last_name: student?.last_name ?? '',
      birth_date: student?.birth_date ?? '',
      gender: student?.gender ?? '',
      document_type: student?.document_type ?? '',
      document_number: student?.document_number ?? '',
      phone: student?.phone ?? '',
      email: student?.email ?? '',
      address: {
        street: student?.address.street ?? '',
        city: student?.address.city ?? '',
        state: student?.address.state ?? '',
      },
      emergency_contact: {
        name: student?.emergency_contact.name ?? '',
        relationship: student?.emergency_contact.relationship ?? '',
        phone: student?.emergency_contact.phone ?? '',
      },
      level: student?.level ?? 'beginner',
      status: student?.status ?? 'active',
      notes: student?.notes ?? '',
    },
    save: (input) =>
      student
        ? client.students.update.mutate({ schoolId, studentId: student.id, ...input })
        : client.students.create.mutate({ schoolId, ...input }),
    onSaved: async (_, result) => {
      await queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() });
      toast('success', `${result.data.full_name} was ${student ? 'saved' : 'added'}.`);
      // The student's page opens at its top, where "Enrol in a class" is: its first render
      // (loading) is shorter than this form, so the router would find its top already in view.
      window.scrollTo(0, 0);
      router.push(
        `/schools/${schoolId}/students/${result.data.id}${thenEnrol.current ? '?enrol=1' : ''}`,
      );
    },
  });
  const [duplicates, setDuplicates] = useState<Listed[] | null>(null);
  const [checking, setChecking] = useState(false);
  // A new student is first looked for among the school's by name; only a match asks. The
  // check only advises: should it fail, the student is created as without it.
  const submit = form.handleSubmit(async (values) => {
    setDuplicates(null);
    if (!student) {
      setChecking(true);
      const found = await client.students.list
        .query({
          schoolId,
          search: `${values.first_name} ${values.last_name}`.replace(/\s+/g, ' '),
          per_page: 100,
        })
        .catch(() => null)
        .finally(() => setChecking(false));
      const matches = found ? sameRider(found.data, values) : [];
      if (matches.length > 0) return setDuplicates(matches);
    }
    return onSubmit();
  });
  return (
    <form
      className={cardClass}
      noValidate
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        thenEnrol.current = submitter?.getAttribute('data-then') === 'enrol';
        return submit(event);
      }}
    >
      <Group legend="Student">
        <TextInputField
          form={form}
          name="first_name"
          label="First name"
          required
          autoComplete="off"
        />
        <TextInputField
          form={form}
          name="last_name"
          label="Last name"
          required
          autoComplete="off"
        />
        <TextInputField form={form} name="birth_date" label="Birth date" type="date" />
        <TextInputField form={form} name="gender" label="Gender" />
        <TextInputField form={form} name="document_type" label="Document type" />
        <TextInputField form={form} name="document_number" label="Document number" />
        <TextInputField form={form} name="phone" label="Phone" type="tel" />
        <TextInputField form={form} name="email" label="Email" type="email" />
        <SelectInputField
          form={form}
          name="level"
          label="Level"
          options={wordOptions(STUDENT_LEVELS)}
        />
        <SelectInputField
          form={form}
          name="status"
          label="Status"
          options={wordOptions(STUDENT_STATUSES)}
        />
      </Group>
      <Group legend="Address">
        <TextInputField form={form} name="address.street" label="Street" />
        <TextInputField form={form} name="address.city" label="City" />
        <TextInputField form={form} name="address.state" label="State" />
      </Group>
      <Group legend="Emergency contact">
        <TextInputField form={form} name="emergency_contact.name" label="Contact name" />
        <TextInputField form={form} name="emergency_contact.relationship" label="Relationship" />
        <TextInputField
          form={form}
          name="emergency_contact.phone"
          label="Contact phone"
          type="tel"
        />
      </Group>
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      {duplicates && (
        <DuplicateWarning
          students={duplicates}
          pending={pending}
          onCreate={() => {
            setDuplicates(null);
            void onSubmit();
          }}
          onCancel={() => setDuplicates(null)}
        />
      )}
      <FormActions
        label={student ? 'Save student' : 'Create student'}
        pending={pending || checking}
        pendingLabel={checking ? 'Checking…' : undefined}
      >
        {!student && may('enrollments.create') && (
          <Button type="submit" variant="outline" data-then="enrol" disabled={pending || checking}>
            Create and enrol
          </Button>
        )}
      </FormActions>
    </form>
  );
}
