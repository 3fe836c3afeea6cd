'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, CardTitle, Label, Textarea } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { Outcome } from './outcome';
import { useInvalidateSettings } from './use-invalidate-settings';

/** The text the marketplace answers with while it is switched off. */
export function MaintenanceMessage({ current }: { current: string | null }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettings();
  const [message, setMessage] = useState(current ?? '');
  useEffect(() => setMessage(current ?? ''), [current]);
  const save = useMutation(
    trpc.admin.settings.updateMarketplace.mutationOptions({ onSuccess: () => invalidate() }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ maintenance_message: message.trim() === '' ? null : message });
  }

  return (
    <Card aria-labelledby="maintenance-heading">
      <CardTitle id="maintenance-heading">Marketplace maintenance</CardTitle>
      <form onSubmit={submit}>
        <div className="mb-4">
          <Label htmlFor="maintenance-message">Maintenance message</Label>
          <Textarea
            id="maintenance-message"
            maxLength={500}
            value={message}
            aria-describedby="maintenance-hint"
            onChange={(event) => setMessage(event.target.value)}
          />
          <p id="maintenance-hint" className="text-muted-foreground">
            Shown while the marketplace is switched off. Leave empty for the standard text.
          </p>
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save message'}
        </Button>
        <Outcome
          message={save.isSuccess ? save.data.message : null}
          error={save.error?.message}
          failed="Could not save"
        />
      </form>
    </Card>
  );
}
