'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardTitle,
  fieldErrorsOf,
  useErrorToast,
  useToast,
} from '../../components/ui';
import { labelMessage } from '../../components/ui/errors';
import { useTRPCClient } from '../../trpc';
import { fieldId, SettingField } from './setting-field';
import { groupHeading, labelOf } from './setting-labels';
import { draftOf, valueOf, type Draft, type Setting, type SettingValue } from './setting-values';
import { useInvalidateSettings } from './use-invalidate-settings';

type Change = { setting: Setting; value: SettingValue };

/** The request field that holds the values; a refusal is keyed `settings.<key>`. */
const FIELD = 'settings';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "2 settings need a change": how many values the server refused. */
const needChange = (count: number) =>
  `${plural(count, 'setting')} ${count === 1 ? 'needs' : 'need'} a change`;

/**
 * The server's refusals of the changed values, each worded for its field by its label
 * ("Support e-mail must be …"), keyed by setting; empty when the answer names none of them.
 */
function refusals(error: unknown, changes: Change[]): Record<string, string> {
  const fieldErrors = fieldErrorsOf(error);
  return Object.fromEntries(
    changes.flatMap(({ setting }) => {
      const path = `${FIELD}.${setting.key}`;
      const messages = fieldErrors[path];
      if (!messages) return [];
      const { label } = labelOf(setting.key, setting.description);
      return [[setting.key, labelMessage(messages.join(' '), path, label)]];
    }),
  );
}

/**
 * Every setting, a card per group, with one "Save changes" that stores only what was changed,
 * in one request (PATCH /admin/settings): all of the changes, or none. When the server refuses
 * any, nothing is stored; each refused one shows its message beside its field and in a summary
 * above the groups that takes the focus, and every edit stays for another try.
 */
export function SettingsForm({ groups }: { groups: { group: string; settings: Setting[] }[] }) {
  const client = useTRPCClient();
  const invalidate = useInvalidateSettings();
  const toast = useToast();
  const showError = useErrorToast();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Each refused save moves the focus to the summary once.
  const [refusedSaves, setRefusedSaves] = useState(0);
  const summary = useRef<HTMLDivElement>(null);

  const settings = groups.flatMap((group) => group.settings);
  const changes: Change[] = settings.flatMap((setting) => {
    if (!(setting.key in drafts)) return [];
    const value = valueOf(setting, drafts[setting.key]!);
    return value === setting.value ? [] : [{ setting, value }];
  });
  const failures = settings.filter((setting) => errors[setting.key]);

  const save = useMutation({
    mutationFn: (toSave: Change[]) =>
      client.admin.settings.updateMany.mutate({
        [FIELD]: Object.fromEntries(toSave.map(({ setting, value }) => [setting.key, value])),
      }),
    onSuccess: async ({ settings: saved }) => {
      // The stored values are read back before the edits are dropped, so no field flickers
      // to its old value.
      await invalidate();
      const keys = new Set(saved.map(({ key }) => key));
      setDrafts((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !keys.has(key))),
      );
      setErrors({});
      toast('success', `${plural(saved.length, 'setting')} saved.`);
    },
    onError: (error, toSave) => {
      const refused = refusals(error, toSave);
      const count = Object.keys(refused).length;
      if (count === 0) return showError(error);
      setErrors(refused);
      setRefusedSaves((saves) => saves + 1);
      toast('error', `Nothing was saved: ${needChange(count)}.`);
    },
  });

  useEffect(() => {
    if (refusedSaves > 0) summary.current?.focus();
  }, [refusedSaves]);

  function edit(key: string, draft: Draft) {
    setDrafts((current) => ({ ...current, [key]: draft }));
    // The message was about the value just replaced.
    setErrors(({ [key]: _answered, ...rest }) => rest);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (changes.length > 0) save.mutate(changes);
  }

  function discard() {
    setDrafts({});
    setErrors({});
  }

  return (
    <form aria-label="Settings" noValidate onSubmit={submit}>
      {failures.length > 0 && (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          className="mb-3 rounded-lg border border-destructive bg-card p-4 text-destructive"
        >
          <p className="mt-0 mb-2 font-semibold">
            {needChange(failures.length)} before anything is saved:
          </p>
          <ul className="m-0 pl-5">
            {failures.map((setting) => (
              <li key={setting.key}>
                <a href={`#${fieldId(setting.key)}`} className="text-destructive underline">
                  {errors[setting.key]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {groups.map(({ group, settings: inGroup }) => {
        const { heading, help } = groupHeading(group);
        return (
          <Card key={group} aria-labelledby={`group-${group}`}>
            <CardTitle id={`group-${group}`} className="mb-1">
              {heading}
            </CardTitle>
            {help && <p className="mt-0 mb-4 text-muted-foreground">{help}</p>}
            {inGroup.map((setting) => (
              <SettingField
                key={setting.key}
                setting={setting}
                draft={drafts[setting.key] ?? draftOf(setting)}
                error={errors[setting.key]}
                disabled={save.isPending}
                onChange={(draft) => edit(setting.key, draft)}
              />
            ))}
          </Card>
        );
      })}
      <div className="sticky bottom-0 z-10 mb-3 flex flex-wrap items-center gap-3 border-t border-border bg-background py-3">
        <Button type="submit" disabled={changes.length === 0 || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button
          variant="outline"
          disabled={(changes.length === 0 && failures.length === 0) || save.isPending}
          onClick={discard}
        >
          Discard changes
        </Button>
        <span className="text-muted-foreground" aria-live="polite">
          {changes.length === 0
            ? 'No unsaved changes'
            : `${plural(changes.length, 'unsaved change')}`}
        </span>
      </div>
    </form>
  );
}
