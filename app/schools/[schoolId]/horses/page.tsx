'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../trpc';
import { Empty, QueryState } from '../../../ui';
import { NotAllowed, todayIn, useSchool } from '../school-context';

/** Horses with their status and level, and a horse's week of work against its daily limit. */
export default function HorsesPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const [selected, setSelected] = useState<string | null>(null);
  const horses = useQuery({
    ...trpc.horses.list.queryOptions({ schoolId }),
    enabled: may('horses.view'),
  });
  if (!may('horses.view')) return <NotAllowed />;
  return (
    <>
      <h1>Horses</h1>
      <QueryState what="horses" query={horses} />
      {horses.data && horses.data.data.length === 0 && <Empty>No horses yet.</Empty>}
      {horses.data && horses.data.data.length > 0 && (
        <div className="card table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Level</th>
                <th scope="col">Status</th>
                <th scope="col">Classes a day</th>
                <th scope="col">
                  <span className="visually-hidden">Usage</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {horses.data.data.map((h) => (
                <tr key={h.id}>
                  <td>
                    {h.name}
                    {h.breed && <span className="muted"> · {h.breed}</span>}
                  </td>
                  <td>{h.level}</td>
                  <td>
                    <span className={`badge ${h.status}`}>{h.status}</span>
                  </td>
                  <td>at most {h.max_daily_classes}</td>
                  <td>
                    <button
                      type="button"
                      className="plain-button small"
                      aria-pressed={selected === h.id}
                      onClick={() => setSelected(selected === h.id ? null : h.id)}
                    >
                      Usage<span className="visually-hidden"> of {h.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected && <Usage horseId={selected} />}
    </>
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
