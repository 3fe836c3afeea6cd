'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { Badge, humanize, useErrorToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { RecordList, useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';
import { LevelForm, type Level } from './level-form';

/** The school's ladder: its rungs in order, moved up and down, added, edited and deleted. */
export function Levels() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const levels = useQuery(trpc.levels.list.queryOptions({ schoolId }));
  const remove = useMutation(trpc.levels.remove.mutationOptions({ onError: showError }));
  const reorder = useMutation(trpc.levels.reorder.mutationOptions({ onError: showError }));
  const ladder = levels.data?.data ?? [];
  const move = (level: Level, by: -1 | 1) => {
    const ids = ladder.map((l) => l.id);
    const from = ids.indexOf(level.id);
    ids.splice(from, 1);
    ids.splice(from + by, 0, level.id);
    reorder.mutate(
      { schoolId, ids },
      {
        onSuccess: afterWrite(
          trpc.levels.pathKey(),
          `${level.name} moved ${by < 0 ? 'up' : 'down'}.`,
        ),
      },
    );
  };
  return (
    <RecordList
      title="Levels"
      noun="level"
      resource="levels"
      query={levels}
      nameOf={(l) => l.name}
      columns={[
        { header: '#', cell: (l) => l.position },
        {
          header: 'Level',
          cell: (l) => (
            <>
              <strong>{l.name}</strong> {!l.active && <Badge status="inactive">Inactive</Badge>}
              {l.requirements.length > 0 && (
                <span className="block text-sm text-muted-foreground">
                  {l.requirements.join(' · ')}
                </span>
              )}
            </>
          ),
        },
        { header: 'Sets', cell: (l) => humanize(l.base_level), wide: true },
        { header: 'Classes first', cell: (l) => l.min_attended_classes, wide: true },
        { header: 'Riders', cell: (l) => l.students_count },
      ]}
      rowActions={(l) =>
        may('levels.edit')
          ? [
              {
                label: 'Move up',
                disabled: reorder.isPending || l.id === ladder[0]?.id,
                onSelect: () => move(l, -1),
              },
              {
                label: 'Move down',
                disabled: reorder.isPending || l.id === ladder.at(-1)?.id,
                onSelect: () => move(l, 1),
              },
            ]
          : []
      }
      form={(level, close) => <LevelForm level={level} onDone={close} />}
      deleting={remove.isPending}
      onDelete={(l) =>
        remove.mutate(
          { schoolId, levelId: l.id },
          { onSuccess: afterWrite(trpc.levels.pathKey(), `${l.name} was deleted.`) },
        )
      }
    />
  );
}
