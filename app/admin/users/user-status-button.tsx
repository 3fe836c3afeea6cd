'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@/server/admin/user-schema';
import { ConfirmButton, useWriteOutcome } from '../../components/ui';
import { useTRPC } from '../../trpc';

/** Suspend or reactivate a user, after a confirmation; never oneself. */
export function UserStatusButton({ user }: { user: AdminUser }) {
  const trpc = useTRPC();
  const write = useWriteOutcome();
  const me = useQuery(trpc.account.me.queryOptions({}));
  const update = useMutation(
    trpc.admin.users.update.mutationOptions({
      onSuccess: write.onSuccess([trpc.admin.users.pathKey()], ({ data }: { data: AdminUser }) => {
        const who = data.email ?? data.display_name;
        return data.status === 'suspended' ? `${who} is suspended.` : `${who} is active again.`;
      }),
      onError: write.onError,
    }),
  );
  if (user.id === me.data?.id) return <span className="text-muted-foreground">You</span>;
  const who = user.email ?? user.display_name;
  return user.status === 'active' ? (
    <ConfirmButton
      label={`Suspend ${who}`}
      question={`Suspend ${who}? They can no longer use the platform.`}
      disabled={update.isPending}
      onConfirm={() => update.mutate({ id: user.id, status: 'suspended' })}
    />
  ) : (
    <ConfirmButton
      label={`Reactivate ${who}`}
      question={`Reactivate ${who}?`}
      disabled={update.isPending}
      onConfirm={() => update.mutate({ id: user.id, status: 'active' })}
    />
  );
}
