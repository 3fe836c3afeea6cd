'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useId, useState } from 'react';
import type { Identity } from '@/server/pedigree/identity-schema';
import {
  Badge,
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  DetailList,
  formatDate,
  humanize,
  Label,
  QueryState,
  useErrorToast,
  useToast,
  type ComboboxOption,
} from '../../../components/ui';
import { IdentityPicker } from '../../../pedigree/identity-picker';
import { GENERATIONS, PedigreeTree } from '../../../pedigree/pedigree-tree';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { EditIdentityForm } from './edit-identity-form';

/** One horse of the platform: its record, its tree, verification and merging. */
export default function AdminIdentityPage() {
  return (
    <AdminShell title="Horse of the platform">
      <IdentityDetail />
    </AdminShell>
  );
}

function IdentityDetail() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const identity = useQuery(trpc.admin.pedigree.get.queryOptions({ id }));
  const tree = useQuery(trpc.pedigree.tree.queryOptions({ id, generations: GENERATIONS }));
  const [editing, setEditing] = useState(false);
  if (!identity.data) return <QueryState what="the horse" query={identity} />;
  const horse = identity.data.data;
  return (
    <>
      <p>
        <Link href="/admin/pedigree">All horses</Link>
      </p>
      <Card aria-labelledby="record-heading">
        <CardTitle id="record-heading">
          {horse.name}{' '}
          <Badge status={horse.status === 'verified' ? 'active' : undefined}>
            {humanize(horse.status)}
          </Badge>
        </CardTitle>
        {editing ? (
          <EditIdentityForm horse={horse} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Record horse={horse} />
            <div className="flex flex-wrap gap-3">
              {horse.status !== 'merged' && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  Edit {horse.name}
                </Button>
              )}
              {horse.status === 'unverified' && <VerifyButton horse={horse} />}
            </div>
          </>
        )}
      </Card>
      <Card aria-labelledby="tree-heading">
        <CardTitle id="tree-heading">Pedigree</CardTitle>
        {tree.data ? (
          <PedigreeTree root={tree.data.data} />
        ) : (
          <QueryState what="the pedigree" query={tree} />
        )}
      </Card>
      {horse.status !== 'merged' && <MergeCard horse={horse} />}
    </>
  );
}

function Record({ horse }: { horse: Identity }) {
  const rows: [string, string | number | null][] = [
    ['Registered name', horse.registered_name],
    ['Sex', `${humanize(horse.sex)}${horse.gelded ? ' (gelded)' : ''}`],
    ['Born', horse.birth_date ? formatDate(horse.birth_date) : horse.birth_year],
    ['Breed', horse.breed],
    ['Colour', horse.colour],
    ['Country', horse.country],
    ['UELN', horse.ueln],
    ['Microchip', horse.microchip],
    ['Studbook', horse.studbook && `${horse.studbook} ${horse.registration_number}`],
    ['Died', horse.deceased_on && formatDate(horse.deceased_on)],
  ];
  return (
    <DetailList className="mb-3">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
      {horse.merged_into_id && (
        <div className="contents">
          <dt className="text-muted-foreground">Merged into</dt>
          <dd>
            <Link href={`/admin/pedigree/${horse.merged_into_id}`}>{horse.merged_into_id}</Link>
          </dd>
        </div>
      )}
    </DetailList>
  );
}

function useRefreshPedigree() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.pedigree.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.pedigree.pathKey() }),
    ]);
}

function VerifyButton({ horse }: { horse: Identity }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useRefreshPedigree();
  const verify = useMutation(
    trpc.admin.pedigree.verify.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast('success', `${horse.name} is verified.`);
      },
      onError: useErrorToast(),
    }),
  );
  return (
    <Button disabled={verify.isPending} onClick={() => verify.mutate({ id: horse.id })}>
      Verify {horse.name}
    </Button>
  );
}

/** Merging a duplicate into the record that stays, after a preview of what moves. */
function MergeCard({ horse }: { horse: Identity }) {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const refresh = useRefreshPedigree();
  const pickerId = useId();
  const [into, setInto] = useState<ComboboxOption | null>(null);
  const references = useQuery(trpc.admin.pedigree.references.queryOptions({ id: horse.id }));
  const merge = useMutation(
    trpc.admin.pedigree.merge.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast('success', `${horse.name} was merged into ${into?.label}.`);
        setInto(null);
      },
      onError: showError,
    }),
  );
  const moves = references.data?.data;
  return (
    <Card aria-labelledby="merge-heading">
      <CardTitle id="merge-heading">Merge a duplicate</CardTitle>
      <p className="mt-0">
        When {horse.name} is the same animal as another record, merge it into the record that stays:
        everything that points here will point there.
      </p>
      <Label htmlFor={pickerId}>The record that stays</Label>
      <IdentityPicker
        id={pickerId}
        value={into}
        onChange={(option) => setInto(option?.value === horse.id ? null : option)}
      />
      {!moves ? (
        <QueryState what="what would move" query={references} />
      ) : (
        <p role="status">
          Moves {moves.organization_records} records of schools and studs, {moves.foals} foals and{' '}
          {moves.pending_corrections} pending corrections.
        </p>
      )}
      {into && (
        <ConfirmButton
          label={`Merge into ${into.label}`}
          question={`Merge ${horse.name} into ${into.label}? This cannot be undone.`}
          disabled={merge.isPending}
          onConfirm={() => merge.mutate({ id: horse.id, into_id: into.value })}
        />
      )}
    </Card>
  );
}
