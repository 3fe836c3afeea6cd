'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, useErrorToast, useToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

/**
 * Whether families may join from the public page; the owner opens and closes it (the school
 * profile's `waitlist_open`), managers see where it stands.
 */
export function ListSwitch() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const profile = useQuery({
    ...trpc.schools.get.queryOptions({ schoolId }),
    enabled: may('profile.view'),
  });
  const update = useMutation(
    trpc.schools.update.mutationOptions({
      onError: showError,
      onSuccess: async ({ data }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.schools.get.pathKey() });
        toast('success', data.waitlist_open ? 'The list is open.' : 'The list is closed.');
      },
    }),
  );
  const open = profile.data?.data.waitlist_open;
  if (open === undefined) return null;
  return (
    <p className="flex flex-wrap items-center gap-3">
      <span>
        The list is <strong>{open ? 'open' : 'closed'}</strong>
        {open ? ': families can join.' : ': the public page takes no new entries.'}
      </span>
      {may('profile.edit') && (
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ schoolId, waitlist_open: !open })}
        >
          {open ? 'Close the list' : 'Open the list'}
        </Button>
      )}
    </p>
  );
}
