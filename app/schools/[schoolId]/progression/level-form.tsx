'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import type { AppRouter } from '@/server/router';
import { levelFields, STUDENT_LEVELS } from '@/server/progression/level-schema';
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

export type Level = inferRouterOutputs<AppRouter>['levels']['list']['data'][number];

const { requirements, min_attended_classes } = levelFields.shape;

const levelForm = levelFields.omit({ position: true }).extend({
  // One requirement per line; a refused one is said beside the box.
  requirements: z.string().transform((text, ctx) => {
    const parsed = requirements.safeParse(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({
        code: 'custom',
        message: issue.message.replaceAll(':attribute', 'requirements'),
      });
    return z.NEVER;
  }),
  min_attended_classes: numberText(min_attended_classes),
  active: z.enum(['yes', 'no']).transform((value) => value === 'yes'),
});

/** A new rung of the ladder (added at the end), or changes to one. */
export function LevelForm({ level, onDone }: { level?: Level; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const { form, onSubmit, pending } = useRecordForm(levelForm, {
    defaultValues: {
      name: level?.name ?? '',
      base_level: level?.base_level ?? 'beginner',
      description: level?.description ?? '',
      requirements: level?.requirements.join('\n') ?? '',
      min_attended_classes: level?.min_attended_classes.toString() ?? '0',
      active: level?.active === false ? 'no' : 'yes',
    },
    renamePath: (path) => path.replace(/^requirements\.\d+$/, 'requirements'),
    save: (input) =>
      level
        ? client.levels.update.mutate({ schoolId, levelId: level.id, ...input })
        : client.levels.create.mutate({ schoolId, ...input }),
    onSaved: (input) => afterWrite(trpc.levels.pathKey(), `${input.name} was saved.`, onDone)(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required autoComplete="off" />
        <SelectInputField
          form={form}
          name="base_level"
          label="Student level it sets"
          noun="Student level"
          options={wordOptions(STUDENT_LEVELS)}
        />
        <TextInputField
          form={form}
          name="min_attended_classes"
          label="Classes to attend first"
          noun="Number of classes to attend first"
          inputMode="numeric"
          hint="Since the rider's last level change (present or late)."
        />
        <SelectInputField
          form={form}
          name="active"
          label="Active"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No (kept, no longer assigned)' },
          ]}
        />
      </div>
      <TextareaField form={form} name="description" label="Description" rows={2} />
      <TextareaField
        form={form}
        name="requirements"
        label="Requirements"
        hint="One per line, at most 30."
        rows={4}
      />
      <FormErrorSummary form={form} />
      <FormActions label="Save level" pending={pending} onCancel={onDone} />
    </form>
  );
}
