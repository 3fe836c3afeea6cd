'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import {
  CLASS_LEVELS,
  CLASS_STATUSES,
  CLASS_TYPES,
  classFields,
  PRICE_TYPES,
} from '@/server/schools/class-schema';
import type { AppRouter } from '@/server/router';
import { useTRPC } from '../../../trpc';
import {
  FormActions,
  FormErrorSummary,
  money,
  numberOr,
  SelectField,
  TextAreaField,
  TextField,
  useErrorToast,
  useSchemaForm,
} from '../../../ui';
import { RecordList, useAfterWrite } from '../record-list';
import { NotAllowed, useSchool } from '../school-context';

type SchoolClass = inferRouterOutputs<AppRouter>['classes']['list']['data'][number];

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
              {c.discipline && <span className="muted"> · {c.discipline}</span>}
            </>
          ),
        },
        { header: 'Type', cell: (c) => c.type, wide: true },
        { header: 'Level', cell: (c) => c.level },
        { header: 'Places', cell: (c) => c.max_students, wide: true },
        {
          header: 'Price',
          cell: (c) => (
            <>
              {money(c.price, school.currency)}{' '}
              <span className="muted">{c.price_type.replace('_', ' ')}</span>
            </>
          ),
          wide: true,
        },
        { header: 'Status', cell: (c) => c.status },
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

function ClassForm({ schoolClass, onDone }: { schoolClass?: SchoolClass; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast({ inline: true });
  const options = { onError: showError };
  const create = useMutation(trpc.classes.create.mutationOptions(options));
  const update = useMutation(trpc.classes.update.mutationOptions(options));
  const save = schoolClass ? update : create;
  const form = useSchemaForm({
    initial: {
      name: schoolClass?.name ?? '',
      type: schoolClass?.type ?? 'group',
      level: schoolClass?.level ?? 'beginner',
      discipline: schoolClass?.discipline ?? '',
      max_students: schoolClass?.max_students.toString() ?? '',
      duration_minutes: schoolClass?.duration_minutes.toString() ?? '60',
      price: schoolClass?.price.toString() ?? '',
      price_type: schoolClass?.price_type ?? 'monthly',
      status: schoolClass?.status ?? 'active',
      description: schoolClass?.description ?? '',
    },
    schema: classFields,
    toInput: (v) => ({
      ...v,
      type: v.type as SchoolClass['type'],
      level: v.level as SchoolClass['level'],
      price_type: v.price_type as SchoolClass['price_type'],
      status: v.status as SchoolClass['status'],
      // Left empty, the server's defaults apply: places by the type, a free class.
      max_students: numberOr(v.max_students, undefined),
      duration_minutes: numberOr(v.duration_minutes, undefined),
      price: numberOr(v.price, undefined),
    }),
    serverError: save.error,
    send: (input) => {
      const done = {
        onSuccess: afterWrite(trpc.classes.pathKey(), `${input.name} was saved.`, onDone),
      };
      if (schoolClass) update.mutate({ schoolId, classId: schoolClass.id, ...input }, done);
      else create.mutate({ schoolId, ...input }, done);
    },
  });
  const { bind } = form;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField label="Name" required autoComplete="off" {...bind('name')} />
      <div className="form-grid">
        <SelectField label="Type" options={CLASS_TYPES} {...bind('type')} />
        <SelectField label="Level" options={CLASS_LEVELS} {...bind('level')} />
        <TextField label="Discipline" {...bind('discipline')} />
        <TextField
          label="Places"
          type="number"
          inputMode="numeric"
          hint="Empty: 1 for an individual class, 10 for a group"
          {...bind('max_students')}
        />
        <TextField
          label="Minutes"
          type="number"
          inputMode="numeric"
          {...bind('duration_minutes')}
        />
        <TextField label="Price" type="number" inputMode="decimal" step="0.01" {...bind('price')} />
        <SelectField
          label="Price per"
          options={PRICE_TYPES.map((p) => ({ value: p, label: p.replace('_', ' ') }))}
          {...bind('price_type')}
        />
        <SelectField label="Status" options={CLASS_STATUSES} {...bind('status')} />
      </div>
      <TextAreaField label="Description" {...bind('description')} />
      <FormErrorSummary errors={form.errors} />
      <FormActions
        label={schoolClass ? 'Save class' : 'Create class'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
