'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../trpc';
import {
  BarChart,
  Empty,
  fieldErrorsOf,
  money,
  QueryState,
  TableWrap,
  TextField,
} from '../../../ui';
import { NotAllowed, todayIn, useSchool } from '../school-context';

/** The first day of the month eleven months before `today`'s. */
function yearAgo(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
}

/**
 * The financial report (income by month, kind and method, receivables, top debtors) and,
 * over the same date range, the attendance report (by status and per class).
 */
export default function ReportsPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const [start, setStart] = useState(() => yearAgo(today));
  const [end, setEnd] = useState(today);
  const report = useQuery({
    ...trpc.reports.financial.queryOptions({ schoolId, start_date: start, end_date: end }),
    placeholderData: keepPreviousData,
    enabled: may('reports.view') && Boolean(start && end),
    retry: false,
  });
  if (!may('reports.view')) return <NotAllowed />;
  const errors = fieldErrorsOf(report.error);
  const r = report.data?.data;
  const format = (value: number) => money(value, school.currency);
  const csv = `/api/schools/${schoolId}/reports/financial?format=csv&start_date=${start}&end_date=${end}`;

  return (
    <>
      <div className="page-head">
        <h1>Financial report</h1>
        <a className="button plain-button small" href={csv} download>
          Download CSV
        </a>
      </div>
      <form
        className="toolbar"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Report range"
      >
        <TextField
          label="From"
          name="start_date"
          type="date"
          value={start}
          errors={errors}
          onChange={(e) => setStart(e.target.value)}
        />
        <TextField
          label="To"
          name="end_date"
          type="date"
          value={end}
          errors={errors}
          onChange={(e) => setEnd(e.target.value)}
        />
      </form>
      {!r && <QueryState what="the report" query={report} />}
      {r && (
        <>
          <ul className="stat-grid plain">
            <li className="card stat">
              <span className="stat-label">Income</span>
              <strong className="stat-value">{format(r.income.total.amount)}</strong>
              <span className="muted">{r.income.total.count} payments</span>
            </li>
            <li className="card stat">
              <span className="stat-label">Pending</span>
              <strong className="stat-value">{format(r.pending.amount)}</strong>
              <span className="muted">{r.pending.count} not yet due</span>
            </li>
            <li className="card stat">
              <span className="stat-label">Overdue</span>
              <strong className="stat-value">{format(r.overdue.amount)}</strong>
              <span className="muted">{r.overdue.count} past due</span>
            </li>
            <li className="card stat">
              <span className="stat-label">Competitions unpaid</span>
              <strong className="stat-value">{format(r.competition_pending.amount)}</strong>
              <span className="muted">{r.competition_pending.count} payments</span>
            </li>
          </ul>
          <section className="card" aria-labelledby="by-month-heading">
            <h2 id="by-month-heading">Income by month</h2>
            <BarChart
              label="Income per month"
              bars={r.income_by_month.map((m) => ({
                key: m.month,
                label: m.month.slice(5),
                value: m.total,
              }))}
              format={format}
            />
          </section>
          <div className="grid">
            <section className="card" aria-labelledby="by-kind-heading">
              <h2 id="by-kind-heading">By kind</h2>
              <dl className="details">
                <dt>Tuition</dt>
                <dd>{format(r.income.school_tuition.amount)}</dd>
                <dt>Other school charges</dt>
                <dd>{format(r.income.school_other.amount)}</dd>
                <dt>Competitions</dt>
                <dd>{format(r.income.competition.amount)}</dd>
              </dl>
            </section>
            <section className="card" aria-labelledby="by-method-heading">
              <h2 id="by-method-heading">By payment method</h2>
              {r.income_by_payment_method.length === 0 ? (
                <p className="muted">No income in this range.</p>
              ) : (
                <dl className="details">
                  {r.income_by_payment_method.map((m) => (
                    <div key={m.payment_method} style={{ display: 'contents' }}>
                      <dt>{m.payment_method.replace('_', ' ')}</dt>
                      <dd>
                        {format(m.amount)} <span className="muted">({m.count})</span>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          </div>
          <section className="card" aria-labelledby="debtors-heading">
            <h2 id="debtors-heading">Top debtors</h2>
            {r.top_debtors.length === 0 ? (
              <p className="muted">Nobody owes anything in this range.</p>
            ) : (
              <TableWrap>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Student</th>
                      <th scope="col">Unpaid</th>
                      <th scope="col">Overdue</th>
                      <th scope="col">Payments</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.top_debtors.map((d) => (
                      <tr key={d.student_id}>
                        <td>{d.full_name}</td>
                        <td>{format(d.unpaid_amount)}</td>
                        <td>{format(d.overdue_amount)}</td>
                        <td>{d.payments_count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
          </section>
        </>
      )}
      {may('attendance.view') && start && end && <AttendanceReport start={start} end={end} />}
    </>
  );
}

const STATUSES = ['present', 'late', 'absent', 'excused'] as const;

/** Attendance over the range: how many of each status, and the rate of each class. */
function AttendanceReport({ start, end }: { start: string; end: string }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const report = useQuery({
    ...trpc.attendance.report.queryOptions({ schoolId, start_date: start, end_date: end }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const a = report.data?.data;
  const count = (value: number) => String(value);
  const percent = (value: number) => `${value}%`;
  return (
    <section aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">Attendance report</h2>
      {!a && <QueryState what="the attendance report" query={report} />}
      {a && a.totals.records === 0 && <Empty>No attendance recorded in this range.</Empty>}
      {a && a.totals.records > 0 && (
        <>
          <div className="grid">
            <section className="card" aria-labelledby="by-status-heading">
              <h3 id="by-status-heading">By status</h3>
              <p className="muted">
                {a.totals.records} records, attendance rate {percent(a.totals.attendance_rate)}
              </p>
              <BarChart
                label="Attendance records by status"
                bars={STATUSES.map((status) => ({
                  key: status,
                  label: status,
                  value: a.totals[status],
                }))}
                format={count}
              />
            </section>
            <section className="card" aria-labelledby="by-class-heading">
              <h3 id="by-class-heading">Rate per class</h3>
              <BarChart
                label="Attendance rate per class"
                bars={a.by_class.map((c) => ({
                  key: c.class_name,
                  label: c.class_name.length > 6 ? `${c.class_name.slice(0, 5)}…` : c.class_name,
                  value: c.attendance_rate,
                }))}
                format={percent}
              />
            </section>
          </div>
          <TableWrap className="card">
            <table aria-label="Attendance per class">
              <thead>
                <tr>
                  <th scope="col">Class</th>
                  {STATUSES.map((status) => (
                    <th key={status} scope="col" className="hide-narrow">
                      {status}
                    </th>
                  ))}
                  <th scope="col">Records</th>
                  <th scope="col">Rate</th>
                </tr>
              </thead>
              <tbody>
                {a.by_class.map((c) => (
                  <tr key={c.class_id}>
                    <th scope="row">{c.class_name}</th>
                    {STATUSES.map((status) => (
                      <td key={status} className="hide-narrow">
                        {c[status]}
                      </td>
                    ))}
                    <td>{c.records}</td>
                    <td>{percent(c.attendance_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
    </section>
  );
}
