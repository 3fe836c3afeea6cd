'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import type { AppRouter } from '@/server/router';
import { INSTRUCTOR_STATUSES, instructorFields } from '@/server/schools/instructor-schema';
import {
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';

export type Instructor = inferRouterOutputs<AppRouter>['instructors']['list']['data'][number];

const { specialties, experience_years, hourly_rate } = instructorFields.shape;

const instructorForm = instructorFields.extend({
  // Typed as one text separated by commas; a refused specialty is said beside that text.
  specialties: z.string().transform((text, ctx) => {
    const list = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const parsed = specialties.safeParse(list);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const name = ['specialties', ...issue.path.map(String)].join('.');
      ctx.addIssue({ code: 'custom', message: issue.message.replaceAll(':attribute', name) });
    }
    return z.NEVER;
  }),
  experience_years: numberText(experience_years, null),
  hourly_rate: numberText(hourly_rate, null),
});

/** A new instructor, or changes to one. */
export function InstructorForm({
  instructor,
  onDone,
}: {
  instructor?: Instructor;
  onDone: () => void;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const { form, onSubmit, pending } = useRecordForm(instructorForm, {
    defaultValues: {
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
    renamePath: (path) => path.replace(/^specialties\.\d+$/, 'specialties'),
    save: (input) =>
      instructor
        ? client.instructors.update.mutate({ schoolId, instructorId: instructor.id, ...input })
        : client.instructors.create.mutate({ schoolId, ...input }),
    onSaved: (input) =>
      afterWrite(
        trpc.instructors.pathKey(),
        `${input.first_name} ${input.last_name} was saved.`,
        onDone,
      )(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
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
        <TextInputField form={form} name="phone" label="Phone" type="tel" />
        <TextInputField form={form} name="email" label="Email" type="email" />
        <TextInputField
          form={form}
          name="experience_years"
          label="Experience (years)"
          type="number"
          inputMode="numeric"
        />
        <TextInputField
          form={form}
          name="hourly_rate"
          label="Hourly rate"
          type="number"
          inputMode="decimal"
          step="0.01"
        />
        <SelectInputField
          form={form}
          name="status"
          label="Status"
          options={wordOptions(INSTRUCTOR_STATUSES)}
        />
      </div>
      <TextInputField
        form={form}
        name="specialties"
        label="Specialties"
        hint="Separated by commas"
      />
      <TextareaField form={form} name="bio" label="Bio" />
      <FormErrorSummary form={form} />
      <FormActions
        label={instructor ? 'Save instructor' : 'Create instructor'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
