'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StudHorse } from '@/server/stud-herd/horse-schema';
import {
  Badge,
  Button,
  Card,
  CardTitle,
  DetailList,
  FormActions,
  FormErrorSummary,
  formatDate,
  humanize,
  useRecordForm,
  useToast,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { useStud } from '../../stud-context';
import {
  IdentityFieldset,
  identityForm,
  StudFactsFieldset,
  studFactsForm,
  studFactsInput,
} from '../horse-fields';
import { ownershipText, sentence } from '../herd-ui';

/** Refreshes what a change to a horse shows: the herd, the horse, its pedigree, the stallions. */
function useHorseSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (horse: StudHorse, what: string) => {
    await Promise.all(
      [trpc.studHorses.pathKey(), trpc.stallions.pathKey(), trpc.medicalRecords.pathKey()].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
    toast('success', `${what} of ${horse.name} were saved.`);
  };
}

/** The platform's record of the animal, and its edit where the stud may change it (0.3). */
export function IdentityCard({ horse }: { horse: StudHorse }) {
  const { may } = useStud();
  const [editing, setEditing] = useState(false);
  return (
    <Card aria-labelledby="identity-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="identity-heading">Identity</CardTitle>
        {may('horses.edit') && !editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit identity
          </Button>
        )}
      </div>
      {editing ? (
        <IdentityForm horse={horse} onDone={() => setEditing(false)} />
      ) : (
        <DetailList>
          {horse.registered_name && (
            <>
              <dt>Registered name</dt>
              <dd>{horse.registered_name}</dd>
            </>
          )}
          <dt>Sex</dt>
          <dd>
            {humanize(horse.sex)}
            {horse.gelded && ' (gelded)'}
          </dd>
          <dt>Born</dt>
          <dd>{horse.birth_date ? formatDate(horse.birth_date) : horse.birth_year}</dd>
          <dt>Breed</dt>
          <dd>{horse.breed ?? '—'}</dd>
          <dt>Colour</dt>
          <dd>{horse.colour ?? '—'}</dd>
          <dt>UELN</dt>
          <dd>{horse.ueln ?? '—'}</dd>
          <dt>Microchip</dt>
          <dd>{horse.microchip ?? '—'}</dd>
          <dt>Sire</dt>
          <dd>{horse.sire?.name ?? '—'}</dd>
          <dt>Dam</dt>
          <dd>{horse.dam?.name ?? '—'}</dd>
          <dt>Record</dt>
          <dd>
            <Badge status={horse.identity_status === 'verified' ? 'active' : undefined}>
              {humanize(horse.identity_status)}
            </Badge>
          </dd>
        </DetailList>
      )}
    </Card>
  );
}

function IdentityForm({ horse, onDone }: { horse: StudHorse; onDone: () => void }) {
  const { studId } = useStud();
  const client = useTRPCClient();
  const saved = useHorseSaved();
  const defaults: Record<string, unknown> = {
    name: horse.name,
    sex: horse.sex,
    gelded: horse.gelded,
    birth_year: String(horse.birth_year),
    birth_date: horse.birth_date ?? '',
    breed: horse.breed ?? '',
    colour: horse.colour ?? '',
    ueln: horse.ueln ?? '',
    microchip: horse.microchip ?? '',
    sire_id: horse.sire?.id ?? '',
    dam_id: horse.dam?.id ?? '',
  };
  const { form, onSubmit, pending } = useRecordForm(identityForm, {
    defaultValues: defaults,
    // An edit sends what changed (the server checks the record as a whole).
    save: (values) => {
      const typed = form.getValues() as Record<string, unknown>;
      const identity = Object.fromEntries(
        Object.entries(values).filter(([name]) => typed[name] !== defaults[name]),
      );
      return client.studHorses.update.mutate({ studId, horseId: horse.id, identity });
    },
    onSaved: async (_, answer) => {
      await saved(answer.data, 'The identity facts');
      onDone();
    },
    renamePath: (path) => path.replace(/^identity\./, ''),
  });
  return (
    <form aria-label="Edit identity" noValidate onSubmit={onSubmit}>
      <p className="mt-0 text-sm text-muted-foreground">
        The platform&apos;s record of {horse.name}, shared with every school and stud that links it.
        The stud may change it while it created it, no administrator verified it and no other
        organization links it; otherwise ask the administrators for a correction.
      </p>
      <IdentityFieldset
        form={form}
        parents
        initialParents={{
          sire: horse.sire && { value: horse.sire.id, label: horse.sire.name },
          dam: horse.dam && { value: horse.dam.id, label: horse.dam.name },
        }}
      />
      <FormErrorSummary form={form} />
      <FormActions label="Save identity" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** What the stud records of the horse, and their edit. */
export function StudFactsCard({ horse }: { horse: StudHorse }) {
  const { may } = useStud();
  const [editing, setEditing] = useState(false);
  return (
    <Card aria-labelledby="stud-facts-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="stud-facts-heading">At the stud</CardTitle>
        {may('horses.edit') && !editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit stud facts
          </Button>
        )}
      </div>
      {editing ? (
        <StudFactsForm horse={horse} onDone={() => setEditing(false)} />
      ) : (
        <DetailList>
          <dt>Role</dt>
          <dd>{horse.role ? humanize(horse.role) : 'Unknown until the sex is known'}</dd>
          {horse.reproductive_status && (
            <>
              <dt>Reproductive status</dt>
              <dd>{humanize(horse.reproductive_status)}</dd>
            </>
          )}
          <dt>Status</dt>
          <dd>
            <Badge status={horse.status}>{humanize(horse.status)}</Badge>
          </dd>
          <dt>Ownership</dt>
          <dd>{sentence(ownershipText(horse))}</dd>
          <dt>On the premises</dt>
          <dd>{horse.on_premises ? 'Yes' : 'No'}</dd>
          <dt>Location</dt>
          <dd>{horse.location ?? '—'}</dd>
          <dt>Arrived</dt>
          <dd>{horse.arrival_date ? formatDate(horse.arrival_date) : '—'}</dd>
          <dt>Departed</dt>
          <dd>{horse.departure_date ? formatDate(horse.departure_date) : '—'}</dd>
          <dt>Notes</dt>
          <dd className="whitespace-pre-line">{horse.notes ?? '—'}</dd>
        </DetailList>
      )}
    </Card>
  );
}

function StudFactsForm({ horse, onDone }: { horse: StudHorse; onDone: () => void }) {
  const { studId } = useStud();
  const client = useTRPCClient();
  const saved = useHorseSaved();
  const { form, onSubmit, pending } = useRecordForm(studFactsForm, {
    defaultValues: {
      ownership: horse.ownership,
      owner_client_id: horse.owner_client?.id ?? '',
      on_premises: horse.on_premises,
      status: horse.status,
      arrival_date: horse.arrival_date ?? '',
      departure_date: horse.departure_date ?? '',
      location: horse.location ?? '',
      notes: horse.notes ?? '',
    },
    save: (values) =>
      client.studHorses.update.mutate({ studId, horseId: horse.id, ...studFactsInput(values) }),
    onSaved: async (_, answer) => {
      await saved(answer.data, 'The stud facts');
      onDone();
    },
  });
  const owner = horse.owner_client
    ? { value: horse.owner_client.id, label: horse.owner_client.display_name }
    : null;
  return (
    <form aria-label="Edit stud facts" noValidate onSubmit={onSubmit}>
      <StudFactsFieldset form={form} owner={owner} />
      <FormErrorSummary form={form} />
      <FormActions label="Save stud facts" pending={pending} onCancel={onDone} />
    </form>
  );
}
