'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Badge, Button, useErrorToast } from '../../../components/ui';
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
              <strong>{l.name}</strong> {!l.active && <Badge status="inactive">inactive</Badge>}
              {l.requirements.length > 0 && (
                <span className="block text-sm text-muted-foreground">
                  {l.requirements.join(' · ')}
                </span>
              )}
            </>
          ),
        },
        { header: 'Sets', cell: (l) => l.base_level, wide: true },
        { header: 'Classes first', cell: (l) => l.min_attended_classes, wide: true },
        { header: 'Riders', cell: (l) => l.students_count },
      ]}
      rowActions={(l) =>
        may('levels.edit') && (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={reorder.isPending || l.id === ladder[0]?.id}
              onClick={() => move(l, -1)}
            >
              <ArrowUp aria-hidden className="size-4" />
              <span className="sr-only">Move {l.name} up</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={reorder.isPending || l.id === ladder.at(-1)?.id}
              onClick={() => move(l, 1)}
            >
              <ArrowDown aria-hidden className="size-4" />
              <span className="sr-only">Move {l.name} down</span>
            </Button>
          </>
        )
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
