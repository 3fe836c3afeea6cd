'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, humanize, useErrorToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { RecordList, useAfterWrite } from '../record-list';
import { NotAllowed, useSchool } from '../school-context';
import { Availability } from './availability';
import { InstructorForm, type Instructor } from './instructor-form';

/** Instructors, their create/edit/delete as the role allows, and one's week of busy and free times. */
export default function InstructorsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const [selected, setSelected] = useState<Instructor | null>(null);
  const instructors = useQuery({
    ...trpc.instructors.list.queryOptions({ schoolId }),
    enabled: may('instructors.view'),
  });
  const remove = useMutation(trpc.instructors.remove.mutationOptions({ onError: showError }));
  if (!may('instructors.view')) return <NotAllowed />;
  return (
    <RecordList
      title="Instructors"
      noun="instructor"
      resource="instructors"
      query={instructors}
      nameOf={(i) => i.full_name}
      columns={[
        { header: 'Name', cell: (i) => i.full_name },
        { header: 'Specialties', cell: (i) => i.specialties.join(', ') || '—', wide: true },
        { header: 'Status', cell: (i) => <Badge status={i.status}>{humanize(i.status)}</Badge> },
      ]}
      rowActions={(i) => [
        {
          label: 'Week',
          pressed: selected?.id === i.id,
          onSelect: () => setSelected(selected?.id === i.id ? null : i),
        },
      ]}
      form={(instructor, close) => <InstructorForm instructor={instructor} onDone={close} />}
      deleting={remove.isPending}
      onDelete={(i) =>
        remove.mutate(
          { schoolId, instructorId: i.id },
          {
            onSuccess: afterWrite(trpc.instructors.pathKey(), `${i.full_name} was deleted.`, () =>
              setSelected((current) => (current?.id === i.id ? null : current)),
            ),
          },
        )
      }
    >
      {selected && <Availability instructorId={selected.id} />}
    </RecordList>
  );
}
