'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useState } from 'react';
import type { StudHorse } from '@/server/stud-herd/horse-schema';
import {
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  Dialog,
  Empty,
  errorMessage,
  humanize,
  Pager,
  QueryState,
  useToast,
} from '../../../../components/ui';
import { GENERATIONS, PedigreeTree } from '../../../../pedigree/pedigree-tree';
import { useTRPC } from '../../../../trpc';
import { MedicalRecordForm, MedicalRecordList } from '../../medical/medical-records';
import { NotAllowed, useStud } from '../../stud-context';
import { HorseThumb, ownershipText } from '../herd-ui';
import { IdentityCard, StudFactsCard } from './horse-facts';
import { HorsePhotos } from './horse-photos';

/**
 * A horse of the herd: its identity on the platform, what the stud records of it, its
 * pedigree, its medical history and its photos; deleting it while it has no history.
 */
export default function StudHorsePage() {
  const { horseId } = useParams<{ horseId: string }>();
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const horse = useQuery({
    ...trpc.studHorses.get.queryOptions({ studId, horseId }),
    enabled: may('horses.view'),
  });
  const remove = useMutation(
    trpc.studHorses.remove.mutationOptions({
      onSuccess: async (answer) => {
        toast('success', answer.message);
        router.push(`/studs/${studId}/horses`);
        // Only the lists: the deleted horse's own queries would answer 404.
        await queryClient.invalidateQueries({ queryKey: trpc.studHorses.list.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.stallions.list.pathKey() });
      },
      // A horse with history (409) is kept: the reason stays beside the button.
      onError: (error) => setDeleteError(errorMessage(error)),
    }),
  );

  if (!may('horses.view')) return <NotAllowed />;
  if (!horse.data) return <QueryState what="the horse" query={horse} />;
  const h = horse.data.data;

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/horses`}>← Herd</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <HorseThumb studId={studId} horse={h} />
          <div className="min-w-0">
            <h1 className="m-0 break-words">{h.name}</h1>
            <p className="m-0 text-muted-foreground">
              {[h.role && humanize(h.role), h.birth_year, ownershipText(h)]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {h.role === 'stallion' && (
            <Button asChild variant="outline" size="sm">
              <Link href={`/studs/${studId}/stallions/${h.id}`}>Stallion profile</Link>
            </Button>
          )}
          {may('horses.delete') && (
            <ConfirmButton
              label="Delete horse"
              question={`Delete ${h.name} from the herd?`}
              disabled={remove.isPending}
              onConfirm={() => {
                setDeleteError(null);
                remove.mutate({ studId, horseId: h.id });
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
      <div className="mt-3 grid gap-x-3 lg:grid-cols-2">
        <IdentityCard horse={h} />
        <StudFactsCard horse={h} />
      </div>
      <HorsePedigree horse={h} />
      {may('medical.view') && <HorseMedical horse={h} />}
      {may('media.view') && <HorsePhotos horse={h} />}
    </>
  );
}

function HorsePedigree({ horse }: { horse: StudHorse }) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const pedigree = useQuery(
    trpc.studHorses.pedigree.queryOptions({ studId, horseId: horse.id, generations: GENERATIONS }),
  );
  return (
    <Card aria-labelledby="pedigree-heading">
      <CardTitle id="pedigree-heading">Pedigree</CardTitle>
      {!pedigree.data ? (
        <QueryState what="the pedigree" query={pedigree} />
      ) : !pedigree.data.data.sire && !pedigree.data.data.dam ? (
        <Empty>
          No parents of {horse.name} are recorded yet: edit the identity to name the sire and dam.
        </Empty>
      ) : (
        <PedigreeTree root={pedigree.data.data} />
      )}
    </Card>
  );
}

const PER_PAGE = 20;

function HorseMedical({ horse }: { horse: StudHorse }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const records = useQuery({
    ...trpc.medicalRecords.list.queryOptions({
      studId,
      horse_id: horse.id,
      page,
      per_page: PER_PAGE,
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card aria-labelledby="medical-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="medical-heading">Medical history</CardTitle>
        {may('medical.create') && (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add record
          </Button>
        )}
      </div>
      <QueryState what="the medical history" query={records} />
      {records.data && records.data.data.length === 0 && (
        <Empty>No medical records of {horse.name} yet.</Empty>
      )}
      {records.data && records.data.data.length > 0 && (
        <>
          <MedicalRecordList
            label={`Medical records of ${horse.name}`}
            records={records.data.data}
            busy={records.isFetching}
          />
          <Pager meta={records.data.meta} onPage={setPage} label="Medical pages" noun="records" />
        </>
      )}
      <Dialog
        title="Add a medical record"
        open={adding}
        onClose={() => setAdding(false)}
        className="w-[min(40rem,95vw)]"
      >
        <MedicalRecordForm horse={horse} onDone={() => setAdding(false)} />
      </Dialog>
    </Card>
  );
}
