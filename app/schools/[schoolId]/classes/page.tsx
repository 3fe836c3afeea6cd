'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { Badge, humanize, money, useErrorToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { RecordList, useAfterWrite } from '../record-list';
import { NotAllowed, useSchool } from '../school-context';
import { ClassForm } from './class-form';

/** The school's classes with their level, size and price, and their create/edit/delete. */
export default function ClassesPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const classes = useQuery({
    ...trpc.classes.list.queryOptions({ schoolId }),
    enabled: may('classes.view'),
  });
  const remove = useMutation(trpc.classes.remove.mutationOptions({ onError: showError }));
  if (!may('classes.view')) return <NotAllowed />;
  return (
    <RecordList
      title="Classes"
      noun="class"
      resource="classes"
      query={classes}
      nameOf={(c) => c.name}
      columns={[
        {
          header: 'Name',
          cell: (c) => (
            <>
              {c.name}
              {c.discipline && <span className="text-muted-foreground"> · {c.discipline}</span>}
            </>
          ),
        },
        { header: 'Type', cell: (c) => humanize(c.type), wide: true },
        { header: 'Level', cell: (c) => humanize(c.level) },
        { header: 'Places', cell: (c) => c.max_students, wide: true },
        {
          header: 'Price',
          cell: (c) => (
            <>
              {money(c.price, school.currency)}{' '}
              <span className="text-muted-foreground">{humanize(c.price_type).toLowerCase()}</span>
            </>
          ),
          wide: true,
        },
        { header: 'Status', cell: (c) => <Badge status={c.status}>{humanize(c.status)}</Badge> },
      ]}
      form={(schoolClass, close) => <ClassForm schoolClass={schoolClass} onDone={close} />}
      deleting={remove.isPending}
      onDelete={(c) =>
        remove.mutate(
          { schoolId, classId: c.id },
          { onSuccess: afterWrite(trpc.classes.pathKey(), `${c.name} was deleted.`) },
        )
      }
    />
  );
}
