'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { Badge as Pill, useErrorToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { RecordList, useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';
import { BadgeForm, ruleText } from './badge-form';

/** The school's badges: how each is earned, how many riders hold it. */
export function Badges() {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const badges = useQuery(trpc.badges.list.queryOptions({ schoolId }));
  const levels = useQuery(trpc.levels.list.queryOptions({ schoolId }));
  const remove = useMutation(trpc.badges.remove.mutationOptions({ onError: showError }));
  const levelName = (id: string) => levels.data?.data.find((l) => l.id === id)?.name ?? 'a level';
  return (
    <RecordList
      title="Badges"
      noun="badge"
      resource="badges"
      query={badges}
      nameOf={(b) => b.name}
      columns={[
        {
          header: 'Badge',
          cell: (b) => (
            <>
              <strong>{b.name}</strong> {!b.active && <Pill status="inactive">Inactive</Pill>}
              {b.criteria && (
                <span className="block text-sm text-muted-foreground">{b.criteria}</span>
              )}
            </>
          ),
        },
        { header: 'Earned', cell: (b) => ruleText(b.rule, levelName), wide: true },
        { header: 'Holders', cell: (b) => b.holders_count },
      ]}
      form={(badge, close) => <BadgeForm badge={badge} onDone={close} />}
      deleting={remove.isPending}
      onDelete={(b) =>
        remove.mutate(
          { schoolId, badgeId: b.id },
          { onSuccess: afterWrite(trpc.badges.pathKey(), `${b.name} was deleted.`) },
        )
      }
    />
  );
}
