'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, humanize, useErrorToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { RecordList, useAfterWrite } from '../record-list';
import { NotAllowed, useSchool } from '../school-context';
import { horseLevelLabel } from '../words';
import { HorseForm } from './horse-form';
import { HorsePedigree } from './horse-pedigree';
import { HorsePhotos } from './horse-photos';
import { HorseUsage } from './horse-usage';

/** Horses with their status and level, their create/edit/delete, a horse's week of work against its daily limit, its pedigree and its photos. */
export default function HorsesPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const [selected, setSelected] = useState<string | null>(null);
  const [photosOf, setPhotosOf] = useState<{ id: string; name: string } | null>(null);
  const [pedigreeOf, setPedigreeOf] = useState<{ id: string; name: string } | null>(null);
  const horses = useQuery({
    ...trpc.horses.list.queryOptions({ schoolId }),
    enabled: may('horses.view'),
  });
  const remove = useMutation(trpc.horses.remove.mutationOptions({ onError: showError }));
  if (!may('horses.view')) return <NotAllowed />;
  return (
    <RecordList
      title="Horses"
      noun="horse"
      resource="horses"
      query={horses}
      nameOf={(h) => h.name}
      columns={[
        {
          header: 'Name',
          cell: (h) => (
            <>
              {h.name}
              {h.breed && <span className="text-muted-foreground"> · {h.breed}</span>}
            </>
          ),
        },
        { header: 'Level', cell: (h) => horseLevelLabel(h.level), wide: true },
        {
          header: 'Status',
          cell: (h) => <Badge status={h.status}>{humanize(h.status)}</Badge>,
        },
        { header: 'Classes a day', cell: (h) => `at most ${h.max_daily_classes}`, wide: true },
      ]}
      rowActions={(h) => [
        {
          label: 'Usage',
          name: `Usage of ${h.name}`,
          pressed: selected === h.id,
          onSelect: () => setSelected(selected === h.id ? null : h.id),
        },
        {
          label: 'Pedigree',
          name: `Pedigree of ${h.name}`,
          pressed: pedigreeOf?.id === h.id,
          onSelect: () =>
            setPedigreeOf(pedigreeOf?.id === h.id ? null : { id: h.id, name: h.name }),
        },
        ...(may('media.view')
          ? [
              {
                label: 'Photos',
                name: `Photos of ${h.name}`,
                pressed: photosOf?.id === h.id,
                onSelect: () =>
                  setPhotosOf(photosOf?.id === h.id ? null : { id: h.id, name: h.name }),
              },
            ]
          : []),
      ]}
      form={(horse, close) => <HorseForm horse={horse} onDone={close} />}
      deleting={remove.isPending}
      onDelete={(h) =>
        remove.mutate(
          { schoolId, horseId: h.id },
          {
            onSuccess: afterWrite(trpc.horses.pathKey(), `${h.name} was deleted.`, () => {
              setSelected((current) => (current === h.id ? null : current));
              setPhotosOf((current) => (current?.id === h.id ? null : current));
              setPedigreeOf((current) => (current?.id === h.id ? null : current));
            }),
          },
        )
      }
    >
      {selected && <HorseUsage horseId={selected} />}
      {pedigreeOf && <HorsePedigree key={pedigreeOf.id} horse={pedigreeOf} />}
      {photosOf && <HorsePhotos key={photosOf.id} horse={photosOf} />}
    </RecordList>
  );
}
