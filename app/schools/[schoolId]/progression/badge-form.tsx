'use client';

import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import type { AppRouter } from '@/server/router';
import { BADGE_ICONS, badgeFields, type BadgeRule } from '@/server/progression/badge-schema';
import {
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';

export type Badge = inferRouterOutputs<AppRouter>['badges']['list']['data'][number];

const RULE_LABELS = {
  none: 'Awarded by hand',
  attendance_count: 'After a number of classes attended',
  competition_result: 'For a placing in a competition',
  level_reached: 'On reaching a level',
} as const;

/** What a badge's rule says, in words. */
export function ruleText(rule: BadgeRule | null, levelName: (id: string) => string): string {
  if (!rule) return RULE_LABELS.none;
  if (rule.type === 'attendance_count') return `${rule.threshold} classes attended`;
  if (rule.type === 'competition_result') return `Placed ${rule.max_position} or better`;
  return `Reached ${levelName(rule.level_id)}`;
}

// The rule as the form holds it: its kind, and one value box that the kind reads.
const badgeForm = badgeFields
  .omit({ rule: true })
  .extend({
    active: z.enum(['yes', 'no']).transform((value) => value === 'yes'),
    rule_type: z.enum(['none', 'attendance_count', 'competition_result', 'level_reached']),
    rule_value: z.string(),
  })
  .transform(({ rule_type, rule_value, ...badge }, ctx) => {
    const raw =
      rule_type === 'none'
        ? null
        : rule_type === 'attendance_count'
          ? { type: rule_type, threshold: Number(rule_value) }
          : rule_type === 'competition_result'
            ? { type: rule_type, max_position: Number(rule_value) }
            : { type: rule_type, level_id: rule_value };
    const rule = badgeFields.shape.rule.safeParse(raw);
    if (!rule.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['rule_value'],
        message:
          rule_type === 'level_reached'
            ? 'Choose the level.'
            : rule_type === 'competition_result'
              ? 'The placing must be a whole number from 1 to 8.'
              : 'The number of classes must be a whole number of at least 1.',
      });
      return z.NEVER;
    }
    return { ...badge, rule: rule.data };
  });

const ruleValueOf = (rule: BadgeRule | null | undefined) =>
  !rule
    ? ''
    : rule.type === 'attendance_count'
      ? String(rule.threshold)
      : rule.type === 'competition_result'
        ? String(rule.max_position)
        : rule.level_id;

/** A new badge, or changes to one: name, icon, criteria and how it is earned. */
export function BadgeForm({ badge, onDone }: { badge?: Badge; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const levels = useQuery(trpc.levels.list.queryOptions({ schoolId }));
  const { form, onSubmit, pending } = useRecordForm(badgeForm, {
    defaultValues: {
      name: badge?.name ?? '',
      icon: badge?.icon ?? 'star',
      description: badge?.description ?? '',
      criteria: badge?.criteria ?? '',
      active: badge?.active === false ? 'no' : 'yes',
      rule_type: badge?.rule?.type ?? 'none',
      rule_value: ruleValueOf(badge?.rule),
    },
    renamePath: (path) => (path.startsWith('rule.') ? 'rule_value' : path),
    save: (input) =>
      badge
        ? client.badges.update.mutate({ schoolId, badgeId: badge.id, ...input })
        : client.badges.create.mutate({ schoolId, ...input }),
    onSaved: (input) => afterWrite(trpc.badges.pathKey(), `${input.name} was saved.`, onDone)(),
  });
  const ruleType = form.watch('rule_type');
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required autoComplete="off" />
        <SelectInputField form={form} name="icon" label="Icon" options={wordOptions(BADGE_ICONS)} />
        <SelectInputField
          form={form}
          name="rule_type"
          label="Earned"
          noun="Earning rule"
          options={Object.entries(RULE_LABELS).map(([value, label]) => ({ value, label }))}
        />
        {ruleType === 'level_reached' ? (
          <SelectInputField
            form={form}
            name="rule_value"
            label="Level"
            options={[
              { value: '', label: 'Choose a level' },
              ...(levels.data?.data ?? []).map((l) => ({ value: l.id, label: l.name })),
            ]}
          />
        ) : ruleType !== 'none' ? (
          <TextInputField
            form={form}
            name="rule_value"
            label={ruleType === 'attendance_count' ? 'Classes attended' : 'Placing or better'}
            inputMode="numeric"
          />
        ) : null}
        <SelectInputField
          form={form}
          name="active"
          label="Active"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No (holders keep it)' },
          ]}
        />
      </div>
      <TextareaField form={form} name="description" label="Description" rows={2} />
      <TextareaField form={form} name="criteria" label="Criteria" rows={2} />
      <p className="text-sm text-muted-foreground">
        A rule awards the badge to active riders who meet it after their next class, result or level
        change; changing it never takes a badge back.
      </p>
      <FormErrorSummary form={form} />
      <FormActions label="Save badge" pending={pending} onCancel={onDone} />
    </form>
  );
}
