'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RIBBONS } from '@/server/competitions/result-schema';
import {
  Button,
  humanize,
  NativeSelect,
  Options,
  useErrorToast,
  useToast,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { useSchool } from '../../school-context';
import type { Competition } from '../competition-form';
import { invalidateCompetition } from './competition-queries';

type Result = Competition['results'][number];
type Ribbon = (typeof RIBBONS)[number];

/**
 * An entry's result: for those who may record it a ribbon picker, and once recorded, for those
 * who may edit, a way to correct the ribbon.
 */
export function ResultCell({
  competitionId,
  entryId,
  rider,
  result,
}: {
  competitionId: string;
  entryId: string;
  rider: string;
  result: Result | null;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const [ribbon, setRibbon] = useState<Ribbon | ''>(result?.ribbon ?? '');
  const saved = {
    onSuccess: async (saved: { data: Result }) => {
      await invalidateCompetition(queryClient, trpc);
      setChanging(false);
      toast('success', `${rider}: ${saved.data.ribbon_label}.`);
    },
    onError: showError,
  };
  const record = useMutation(trpc.competitionResults.create.mutationOptions(saved));
  const correct = useMutation(trpc.competitionResults.update.mutationOptions(saved));
  const who = <span className="sr-only"> result of {rider}</span>;

  if (result && !changing) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span>{result.ribbon_label}</span>
        {may('competitions.edit') && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setRibbon(result.ribbon);
              setChanging(true);
            }}
          >
            Change{who}
          </Button>
        )}
      </span>
    );
  }
  if (!result && !may('competitions.create'))
    return <span className="text-muted-foreground">—</span>;
  const pending = record.isPending || correct.isPending;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`ribbon-${entryId}`}>
        Ribbon for {rider}
      </label>
      <NativeSelect
        id={`ribbon-${entryId}`}
        className="w-auto py-1.5"
        value={ribbon}
        onChange={(e) => setRibbon(e.target.value as Ribbon)}
      >
        <Options
          options={[
            { value: '', label: 'Ribbon…' },
            ...RIBBONS.map((value) => ({ value, label: humanize(value) })),
          ]}
        />
      </NativeSelect>
      {result ? (
        <>
          <Button
            size="sm"
            disabled={!ribbon || pending}
            onClick={() =>
              ribbon && correct.mutate({ schoolId, competitionId, resultId: result.id, ribbon })
            }
          >
            Save{who}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setChanging(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          disabled={!ribbon || pending}
          onClick={() =>
            ribbon && record.mutate({ schoolId, competitionId, entry_id: entryId, ribbon })
          }
        >
          Record{who}
        </Button>
      )}
    </span>
  );
}
