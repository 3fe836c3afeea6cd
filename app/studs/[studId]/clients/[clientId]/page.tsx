'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useState } from 'react';
import type { ClientDetail } from '@/server/stud-crm/client-schema';
import {
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  Dialog,
  errorMessage,
  formatDateTime,
  humanize,
  QueryState,
  useErrorToast,
  useToast,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { OwedCard } from '../../finance/owed-card';
import { NotAllowed, useStud } from '../../stud-context';
import { ClientDetails } from '../client-details';
import { ClientForm, useCrmRefresh } from '../client-form';
import { StageBadge } from '../crm-ui';

/**
 * A client: its details, the stud horses it owns and what it owes; editing it, anonymizing it (its personal
 * data erased for good, the record kept) and deleting it while it has no history.
 */
export default function ClientPage() {
  const { clientId } = useParams<{ clientId: string }>();
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const router = useRouter();
  const refreshLists = useCrmRefresh({ listsOnly: true });
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const client = useQuery({
    ...trpc.studClients.get.queryOptions({ studId, clientId }),
    enabled: may('clients.view'),
  });
  const remove = useMutation(
    trpc.studClients.remove.mutationOptions({
      onSuccess: async (answer) => {
        toast('success', answer.message);
        await refreshLists();
        router.push(`/studs/${studId}/clients`);
      },
      // A client with horses or other history (409) is kept: the reason stays beside the button.
      onError: (error) => setDeleteError(errorMessage(error)),
    }),
  );

  if (!may('clients.view')) return <NotAllowed />;
  if (!client.data) return <QueryState what="the client" query={client} />;
  const c = client.data.data;
  const anonymized = c.anonymized_at !== null;

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/clients`}>← Clients</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="m-0 break-words">{c.display_name}</h1>
          <p className="m-0 flex flex-wrap items-center gap-2 text-muted-foreground">
            <StageBadge client={c} />
            <span>{humanize(c.kind)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {may('clients.edit') && !anonymized && (
            <Button size="sm" onClick={() => setEditing(true)}>
              Edit client
            </Button>
          )}
          {may('clients.delete') && !anonymized && <AnonymizeButton client={c} />}
          {may('clients.delete') && (
            <ConfirmButton
              label="Delete client"
              question={`Delete ${c.display_name}?`}
              disabled={remove.isPending}
              onConfirm={() => {
                setDeleteError(null);
                remove.mutate({ studId, clientId: c.id });
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
      {anonymized && (
        <p className="card" role="note">
          This client was anonymized on {formatDateTime(c.anonymized_at!, stud.timezone)}: its
          personal data is erased and it can no longer be edited.
        </p>
      )}
      {c.stage === 'prospect' && (
        <p className="card" role="note">
          A prospect: its pipeline is on{' '}
          <Link href={`/studs/${studId}/prospects/${c.id}`}>its prospect page</Link>.
        </p>
      )}
      <div className="mt-3 grid gap-x-3 lg:grid-cols-2">
        <ClientDetails client={c} />
        <OwnedHorses client={c} />
        <OwedCard filter={{ client_id: c.id }} whose={c.display_name} />
      </div>
      <Dialog
        title={`Edit ${c.display_name}`}
        open={editing}
        onClose={() => setEditing(false)}
        className="w-[min(40rem,95vw)]"
      >
        <ClientForm
          client={c}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Dialog>
    </>
  );
}

function OwnedHorses({ client }: { client: ClientDetail }) {
  const { studId } = useStud();
  return (
    <Card aria-labelledby="horses-heading">
      <CardTitle id="horses-heading">Horses</CardTitle>
      {client.horses.length === 0 ? (
        <p className="m-0 text-muted-foreground">
          {client.display_name} owns no horses of the stud.
        </p>
      ) : (
        <ul aria-label={`Horses of ${client.display_name}`} className="m-0 pl-5">
          {client.horses.map((horse) => (
            <li key={horse.id}>
              <Link href={`/studs/${studId}/horses/${horse.id}`}>{horse.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Anonymizing, after a dialog that says what is erased and that it cannot be undone. */
function AnonymizeButton({ client }: { client: ClientDetail }) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const refresh = useCrmRefresh();
  const [asking, setAsking] = useState(false);
  const anonymize = useMutation(
    trpc.studClients.anonymize.mutationOptions({
      onSuccess: async (answer) => {
        setAsking(false);
        await refresh();
        toast('success', answer.message);
      },
      onError: (error) => {
        setAsking(false);
        showError(error);
      },
    }),
  );
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setAsking(true)}>
        Anonymize
      </Button>
      <Dialog
        title={`Anonymize ${client.display_name}?`}
        open={asking}
        onClose={() => setAsking(false)}
        description="This cannot be undone."
      >
        <p>
          The name becomes &ldquo;Anonymized client&rdquo;; the e-mail, phone, address, document and
          notes are erased and the tags removed. The record and its history stay, and it can no
          longer be edited.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="destructive"
            disabled={anonymize.isPending}
            onClick={() => anonymize.mutate({ studId, clientId: client.id })}
          >
            {anonymize.isPending ? 'Anonymizing…' : 'Yes, anonymize'}
          </Button>
          <Button variant="outline" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </>
  );
}
