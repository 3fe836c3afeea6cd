'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { HORSE_LEVELS, HORSE_STATUSES, horseFields } from '@/server/schools/horse-schema';
import type { AppRouter } from '@/server/router';
import { useTRPC } from '../../../trpc';
import {
  FormActions,
  FormErrorSummary,
  numberOr,
  QueryState,
  SelectField,
  TextAreaField,
  TextField,
  useErrorToast,
  useSchemaForm,
} from '../../../ui';
import { RecordList, useAfterWrite } from '../record-list';
import { NotAllowed, todayIn, useSchool } from '../school-context';

type Horse = inferRouterOutputs<AppRouter>['horses']['list']['data'][number];

/** Horses with their status and level, their create/edit/delete, and a horse's week of work against its daily limit. */
export default function HorsesPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const [selected, setSelected] = useState<string | null>(null);
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
              {h.breed && <span className="muted"> · {h.breed}</span>}
            </>
          ),
        },
        { header: 'Level', cell: (h) => h.level, wide: true },
        { header: 'Status', cell: (h) => <span className={`badge ${h.status}`}>{h.status}</span> },
        { header: 'Classes a day', cell: (h) => `at most ${h.max_daily_classes}`, wide: true },
      ]}
      rowActions={(h) => (
        <button
          type="button"
          className="plain-button small"
          aria-pressed={selected === h.id}
          onClick={() => setSelected(selected === h.id ? null : h.id)}
        >
          Usage<span className="visually-hidden"> of {h.name}</span>
        </button>
      )}
      form={(horse, close) => <HorseForm horse={horse} onDone={close} />}
      deleting={remove.isPending}
      onDelete={(h) =>
        remove.mutate(
          { schoolId, horseId: h.id },
          {
            onSuccess: afterWrite(trpc.horses.pathKey(), `${h.name} was deleted.`, () =>
              setSelected((current) => (current === h.id ? null : current)),
            ),
          },
        )
      }
    >
      {selected && <Usage horseId={selected} />}
    </RecordList>
  );
}

function HorseForm({ horse, onDone }: { horse?: Horse; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast({ inline: true });
  const options = { onError: showError };
  const create = useMutation(trpc.horses.create.mutationOptions(options));
  const update = useMutation(trpc.horses.update.mutationOptions(options));
  const save = horse ? update : create;
  const form = useSchemaForm({
    initial: {
      name: horse?.name ?? '',
      breed: horse?.breed ?? '',
      birth_year: horse?.birth_year?.toString() ?? '',
      level: horse?.level ?? 'all',
      status: horse?.status ?? 'active',
      max_daily_classes: horse?.max_daily_classes.toString() ?? '4',
      notes: horse?.notes ?? '',
    },
    schema: horseFields,
    toInput: (v) => ({
      ...v,
      birth_year: numberOr(v.birth_year, null),
      level: v.level as Horse['level'],
      status: v.status as Horse['status'],
      max_daily_classes: numberOr(v.max_daily_classes, undefined),
    }),
    serverError: save.error,
    send: (input) => {
      const done = {
        onSuccess: afterWrite(trpc.horses.pathKey(), `${input.name} was saved.`, onDone),
      };
      if (horse) update.mutate({ schoolId, horseId: horse.id, ...input }, done);
      else create.mutate({ schoolId, ...input }, done);
    },
  });
  const { bind } = form;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <div className="form-grid">
        <TextField label="Name" required autoComplete="off" {...bind('name')} />
        <TextField label="Breed" {...bind('breed')} />
        <TextField label="Birth year" type="number" inputMode="numeric" {...bind('birth_year')} />
        <SelectField label="Level" options={HORSE_LEVELS} {...bind('level')} />
        <SelectField label="Status" options={HORSE_STATUSES} {...bind('status')} />
        <TextField
          label="Classes a day at most"
          type="number"
          inputMode="numeric"
          {...bind('max_daily_classes')}
        />
      </div>
      <TextAreaField label="Notes" {...bind('notes')} />
      <FormErrorSummary errors={form.errors} />
      <FormActions
        label={horse ? 'Save horse' : 'Create horse'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function Usage({ horseId }: { horseId: string }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const usage = useQuery(
    trpc.horses.usage.queryOptions({
      schoolId,
      horseId,
      start_date: today,
      end_date: addDays(today, 6),
    }),
  );
  if (!usage.data) return <QueryState what="the usage" query={usage} />;
  const u = usage.data.data;
  const max = Math.max(u.max_daily_classes, ...u.days.map((d) => d.classes_count), 1);
  const barWidth = 44;
  const height = 120;
  const limitY = height - (u.max_daily_classes / max) * height;
  return (
    <section className="card" aria-labelledby="usage-heading">
      <h2 id="usage-heading">{u.horse_name}: the next 7 days</h2>
      <p className="muted">
        {u.total_classes} classes, {u.total_minutes} minutes
        {u.overloaded_days > 0 && (
          <strong className="error"> · {u.overloaded_days} days over the limit</strong>
        )}
      </p>
      <svg
        className="chart"
        viewBox={`0 0 ${u.days.length * barWidth} ${height + 24}`}
        role="img"
        aria-label={`Classes per day against the limit of ${u.max_daily_classes}`}
      >
        {u.days.map((d, i) => {
          const h = (d.classes_count / max) * height;
          return (
            <g key={d.date}>
              <title>{`${d.date}: ${d.classes_count} classes`}</title>
              <rect
                x={i * barWidth + 6}
                y={height - h}
                width={barWidth - 12}
                height={h}
                className={d.overloaded ? 'bar over' : 'bar'}
              />
              <text
                x={i * barWidth + barWidth / 2}
                y={height + 16}
                textAnchor="middle"
                className="axis"
              >
                {d.date.slice(5)}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={u.days.length * barWidth} y1={limitY} y2={limitY} className="limit" />
      </svg>
    </section>
  );
}
