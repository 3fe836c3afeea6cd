'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Input, Label } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { useInvalidateSettings } from './use-invalidate-settings';

type SettingValue = boolean | string | number | null;
export type Setting = {
  key: string;
  name: string;
  value: SettingValue;
  type: 'boolean' | 'string' | 'integer' | 'email';
  nullable: boolean;
  description: string;
};

/** One setting as a small form of its own: its control by its type, saved on its own. */
export function SettingRow({ setting }: { setting: Setting }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettings();
  const [draft, setDraft] = useState<SettingValue>(setting.value);
  useEffect(() => setDraft(setting.value), [setting.value]);
  const save = useMutation(
    trpc.admin.settings.update.mutationOptions({ onSuccess: () => invalidate() }),
  );
  const id = `setting-${setting.key.replace('.', '-')}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    let value: SettingValue = draft;
    if (typeof draft === 'string' && draft.trim() === '' && setting.nullable) value = null;
    if (setting.type === 'integer' && typeof draft === 'string') value = Number(draft);
    save.mutate({ key: setting.key, value });
  }

  return (
    <form className="mb-4" onSubmit={submit} aria-label={setting.key}>
      {setting.type === 'boolean' ? (
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <input
            id={id}
            type="checkbox"
            className="size-5 accent-primary"
            checked={draft === true}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.checked)}
          />
          <Label htmlFor={id} className="mb-0">
            {setting.key}
          </Label>
        </div>
      ) : (
        <>
          <Label htmlFor={id}>{setting.key}</Label>
          <Input
            id={id}
            type={
              setting.type === 'email' ? 'email' : setting.type === 'integer' ? 'number' : 'text'
            }
            value={draft === null ? '' : String(draft)}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.value)}
          />
        </>
      )}
      <p id={`${id}-hint`} className="text-muted-foreground">
        {setting.description}
        {setting.nullable ? ' Optional.' : ''}
      </p>
      <Button type="submit" size="sm" disabled={save.isPending || draft === setting.value}>
        {save.isPending ? 'Saving…' : `Save ${setting.name.replace(/_/g, ' ')}`}
      </Button>
      {save.error && (
        <p className="text-destructive" role="alert">
          {save.error.data?.fieldErrors?.value?.[0] ?? save.error.message}
        </p>
      )}
    </form>
  );
}
