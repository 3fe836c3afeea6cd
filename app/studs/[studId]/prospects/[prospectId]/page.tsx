'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  Badge,
  Button,
  ConfirmButton,
  Dialog,
  errorMessage,
  formatDateTime,
  humanize,
  money,
  QueryState,
  useErrorToast,
  useToast,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { ClientDetails, Detail } from '../../clients/client-details';
import { useCrmRefresh } from '../../clients/client-form';
import { NotAllowed, useStud } from '../../stud-context';
import { ProspectForm, useStallions } from '../prospect-form';

/**
 * A prospect: where it stands in the pipeline, the stallion it is interested in and what it
 * may be worth, with its details; editing it, converting it into a client, deleting it.
 */
export default function ProspectPage() {
  const { prospectId } = useParams<{ prospectId: string }>();
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const showError = useErrorToast();
  const refreshLists = useCrmRefresh({ listsOnly: true });
  const [editing, setEditing] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const prospect = useQuery({
    ...trpc.studProspects.get.queryOptions({ studId, prospectId }),
    enabled: may('clients.view'),
  });
  const stallions = useStallions();
  const convert = useMutation(
    trpc.studProspects.convert.mutationOptions({
      onSuccess: async ({ data }) => {
        await refreshLists();
        toast('success', `${data.display_name} is now a client.`);
        router.push(`/studs/${studId}/clients/${data.id}`);
      },
      onError: showError,
    }),
  );
  const remove = useMutation(
    trpc.studProspects.remove.mutationOptions({
      onSuccess: async (answer) => {
        toast('success', answer.message);
        await refreshLists();
        router.push(`/studs/${studId}/prospects`);
      },
      // A prospect with history (409) is kept: the reason stays beside the button.
      onError: (error) => setDeleteError(errorMessage(error)),
    }),
  );

  if (!may('clients.view')) return <NotAllowed />;
  if (!prospect.data) {
    return (
      <>
        <QueryState what="the prospect" query={prospect} />
        {prospect.error?.data?.code === 'NOT_FOUND' && (
          <p>
            It may be a client by now: see{' '}
            <Link href={`/studs/${studId}/clients/${prospectId}`}>its client page</Link>, or go back
            to the <Link href={`/studs/${studId}/prospects`}>prospects</Link>.
          </p>
        )}
      </>
    );
  }
  const p = prospect.data.data;
  const editable = may('clients.edit') && p.anonymized_at === null;
  const stallionId = p.interest.stallion_id;
  const stallion = stallionId && stallions.data?.data.find((s) => s.id === stallionId);

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/prospects`}>← Prospects</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="m-0 break-words">{p.display_name}</h1>
          <p className="m-0 flex flex-wrap items-center gap-2 text-muted-foreground">
            <Badge>{humanize(p.pipeline_status ?? 'new')}</Badge>
            <span>{humanize(p.kind)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {editable && (
            <>
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                Edit prospect
              </Button>
              <Button
                size="sm"
                disabled={convert.isPending}
                onClick={() => convert.mutate({ studId, prospectId: p.id })}
              >
                Convert to client
              </Button>
            </>
          )}
          {may('clients.delete') && (
            <ConfirmButton
              label="Delete prospect"
              question={`Delete ${p.display_name}?`}
              disabled={remove.isPending}
              onConfirm={() => {
                setDeleteError(null);
                remove.mutate({ studId, prospectId: p.id });
              }}
            />
          )}
        </div>
      </div>
      {deleteError && (
        <p role="alert" className="card error">
          {deleteError}
        </p>
      )}
      {p.anonymized_at && (
        <p className="card" role="note">
          This prospect was anonymized on {formatDateTime(p.anonymized_at, stud.timezone)}: its
          personal data is erased and it can no longer be edited.
        </p>
      )}
      <div className="mt-3">
        <ClientDetails client={p}>
          <Detail term="Pipeline status">{p.pipeline_status && humanize(p.pipeline_status)}</Detail>
          <Detail term="Stallion of interest">
            {stallionId && (
              <Link href={`/studs/${studId}/horses/${stallionId}`}>
                {stallion ? stallion.name : 'the stallion'}
              </Link>
            )}
          </Detail>
          <Detail term="Expected value">
            {p.expected_value !== null && money(p.expected_value, stud.currency)}
          </Detail>
          {p.horses.length > 0 && (
            <Detail term="Horses">
              <ul aria-label={`Horses of ${p.display_name}`} className="m-0 list-none p-0">
                {p.horses.map((horse) => (
                  <li key={horse.id}>
                    <Link href={`/studs/${studId}/horses/${horse.id}`}>{horse.name}</Link>
                  </li>
                ))}
              </ul>
            </Detail>
          )}
        </ClientDetails>
      </div>
      <Dialog
        title={`Edit ${p.display_name}`}
        open={editing}
        onClose={() => setEditing(false)}
        className="w-[min(40rem,95vw)]"
      >
        <ProspectForm
          prospect={p}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Dialog>
    </>
  );
}
