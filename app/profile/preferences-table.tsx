'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NotificationType } from '@/db/schema/notification-values';
import type { Preference } from '@/server/notifications/notification-schema';
import {
  Button,
  cellClass,
  headCellClass,
  TableWrap,
  tableClass,
  useErrorToast,
  useToast,
} from '../components/ui';
import { useTRPC } from '../trpc';

/** Per kind of notification, e-mail and in-app; in-app stays on where a notice asks for action. */
export function PreferencesTable({ preferences }: { preferences: Preference[] }) {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(preferences);
  const save = useMutation(
    trpc.profile.updatePreferences.mutationOptions({
      onSuccess: async (result) => {
        setChoices(result.data);
        await queryClient.invalidateQueries({ queryKey: trpc.profile.pathKey() });
        toast('success', 'Your notification choices were saved.');
      },
      onError: showError,
    }),
  );
  const set = (type: string, field: 'email' | 'in_app', value: boolean) =>
    setChoices((all) => all.map((p) => (p.type === type ? { ...p, [field]: value } : p)));

  return (
    <form
      aria-label="Notification preferences"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          preferences: choices.map(({ type, email, in_app }) => ({
            type: type as NotificationType,
            email,
            in_app,
          })),
        });
      }}
    >
      <TableWrap>
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={headCellClass} scope="col">
                Notice
              </th>
              <th className={headCellClass} scope="col">
                E-mail
              </th>
              <th className={headCellClass} scope="col">
                In the app
              </th>
            </tr>
          </thead>
          <tbody>
            {choices.map((p) => (
              <tr key={p.type}>
                <th className={cellClass} scope="row">
                  {p.label}
                </th>
                <td className={cellClass}>
                  <input
                    type="checkbox"
                    aria-label={`E-mail: ${p.label}`}
                    checked={p.email}
                    onChange={(e) => set(p.type, 'email', e.target.checked)}
                  />
                </td>
                <td className={cellClass}>
                  <input
                    type="checkbox"
                    aria-label={`In the app: ${p.label}`}
                    checked={p.in_app}
                    disabled={p.in_app_locked}
                    title={
                      p.in_app_locked ? 'This notice asks for action: it stays on.' : undefined
                    }
                    onChange={(e) => set(p.type, 'in_app', e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <div className="mt-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save notification choices'}
        </Button>
      </div>
    </form>
  );
}
