'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardTitle,
  errorMessage,
  fieldErrorsOf,
  useErrorToast,
  useToast,
} from '../../components/ui';
import { useTRPCClient } from '../../trpc';
import { fieldId, SettingField } from './setting-field';
import { groupHeading, labelOf } from './setting-labels';
import { draftOf, valueOf, type Draft, type Setting, type SettingValue } from './setting-values';
import { useInvalidateSettings } from './use-invalidate-settings';

type Change = { setting: Setting; value: SettingValue };
type Outcome = { saved: string[]; failed: Record<string, string> };

/** The server's refusal of one value, worded for its field: "Support e-mail must be …". */
function refusal(error: unknown, label: string): string {
  const message = fieldErrorsOf(error).value?.[0] ?? errorMessage(error);
  return message.replace(/^The value field /, `${label} `);
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Every setting, a card per group, with one "Save changes" that stores only what was changed.
 * The server sets one key per request (PUT /admin/settings/{key}), so the changes go one
 * after another; a refused one keeps its edit and its message beside the field, the others
 * are stored.
 */
export function SettingsForm({ groups }: { groups: { group: string; settings: Setting[] }[] }) {
  const client = useTRPCClient();
  const invalidate = useInvalidateSettings();
  const toast = useToast();
  const showError = useErrorToast();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Each save with refusals moves the focus to their summary once.
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
    mutationFn: async (toSave: Change[]): Promise<Outcome> => {
      const outcome: Outcome = { saved: [], failed: {} };
      for (const { setting, value } of toSave) {
        try {
          await client.admin.settings.update.mutate({ key: setting.key, value });
          outcome.saved.push(setting.key);
        } catch (error) {
          const { label } = labelOf(setting.key, setting.description);
          outcome.failed[setting.key] = refusal(error, label);
        }
      }
      return outcome;
    },
    onSuccess: async ({ saved, failed }) => {
      // The stored values are read back before the edits are dropped, so no field flickers
      // to its old value.
      if (saved.length > 0) await invalidate();
      setDrafts((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !saved.includes(key))),
      );
      setErrors(failed);
      if (Object.keys(failed).length > 0) setRefusedSaves((count) => count + 1);
      if (saved.length > 0) toast('success', `${plural(saved.length, 'setting')} saved.`);
    },
    onError: showError,
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
            {plural(failures.length, 'change')} could not be saved:
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
