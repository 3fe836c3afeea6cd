'use client';

import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { STUDENT_LEVELS, STUDENT_STATUSES, studentFields } from '@/server/schools/student-schema';
import type { AppRouter } from '@/server/router';
import {
  cardClass,
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

export type Student = inferRouterOutputs<AppRouter>['students']['get']['data'];

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
 * server (a taken document number, a future birth date) show beside the fields too.
 */
export function StudentForm({ student }: { student?: Student }) {
  const { schoolId } = useSchool();
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
      router.push(`/schools/${schoolId}/students/${result.data.id}`);
    },
  });
  return (
    <form className={cardClass} noValidate onSubmit={onSubmit}>
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
        <SelectInputField form={form} name="level" label="Level" options={STUDENT_LEVELS} />
        <SelectInputField form={form} name="status" label="Status" options={STUDENT_STATUSES} />
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
      <FormActions label={student ? 'Save student' : 'Create student'} pending={pending} />
    </form>
  );
}
