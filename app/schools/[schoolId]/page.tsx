'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../trpc';
import { BarChart, Empty, money, QueryState } from '../../ui';
import { todayIn, useSchool } from './school-context';

/** The school's dashboard: the day's figures, today's classes and a year of income. */
export default function DashboardPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const mayReport = may('reports.view');
  const dashboard = useQuery({
    ...trpc.dashboard.show.queryOptions({ schoolId }),
    enabled: mayReport,
  });

  return (
    <>
      <h1>{school.name}</h1>
      {mayReport && (
        <section aria-labelledby="figures-heading">
          <h2 id="figures-heading" className="visually-hidden">
            Figures
          </h2>
          <QueryState what="the figures" query={dashboard} />
          {dashboard.data && <Figures data={dashboard.data.data} currency={school.currency} />}
        </section>
      )}
      {may('schedules.view') && <TodaysClasses />}
      {mayReport && <IncomeChart />}
    </>
  );
}

type DashboardData = {
  stats: {
    students: { total: number; active: number; new_this_month: number };
    instructors: { total: number; active: number };
    horses: { total: number; active: number; resting: number };
    classes: { total: number; active: number };
  };
  today: {
    classes_count: number;
    students_expected: number;
    attendance_recorded: number;
    attendance_rate: number;
  };
  finances: { month_income: number; pending_payments: number; pending_amount: number };
};

function Figures({ data, currency }: { data: DashboardData; currency: string }) {
  const cards: { label: string; value: string; note: string }[] = [
    {
      label: 'Active students',
      value: String(data.stats.students.active),
      note: `${data.stats.students.total} in total · ${data.stats.students.new_this_month} new this month`,
    },
    {
      label: 'Instructors',
      value: String(data.stats.instructors.active),
      note: `active of ${data.stats.instructors.total}`,
    },
    {
      label: 'Horses',
      value: String(data.stats.horses.active),
      note: `active · ${data.stats.horses.resting} resting · ${data.stats.horses.total} in total`,
    },
    {
      label: 'Classes',
      value: String(data.stats.classes.active),
      note: `active of ${data.stats.classes.total}`,
    },
    {
      label: "Today's classes",
      value: String(data.today.classes_count),
      note: `${data.today.students_expected} students expected`,
    },
    {
      label: 'Attendance today',
      value: `${data.today.attendance_rate}%`,
      note: `${data.today.attendance_recorded} classes recorded`,
    },
    {
      label: 'Income this month',
      value: money(data.finances.month_income, currency),
      note: 'paid school and competition payments',
    },
    {
      label: 'Pending payments',
      value: String(data.finances.pending_payments),
      note: `${money(data.finances.pending_amount, currency)} unpaid`,
    },
  ];
  return (
    <ul className="stat-grid plain">
      {cards.map((card) => (
        <li key={card.label} className="card stat">
          <span className="stat-label">{card.label}</span>
          <strong className="stat-value">{card.value}</strong>
          <span className="muted">{card.note}</span>
        </li>
      ))}
    </ul>
  );
}

function TodaysClasses() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const weekly = useQuery(trpc.schedules.weekly.queryOptions({ schoolId, week: today }));
  const schedules = weekly.data?.data.days.find((day) => day.date === today)?.schedules ?? [];
  return (
    <section className="card" aria-labelledby="today-heading">
      <h2 id="today-heading">Today&apos;s classes</h2>
      <QueryState what="today's classes" query={weekly} />
      {weekly.data && schedules.length === 0 && <Empty>No classes are scheduled today.</Empty>}
      {schedules.length > 0 && (
        <ul className="plain today-list">
          {schedules.map((schedule) => (
            <li key={schedule.id}>
              <span>
                <strong>
                  {schedule.start_time}–{schedule.end_time}
                </strong>{' '}
                {schedule.class.name}
              </span>
              <span className="muted">
                {schedule.instructor.full_name} · {schedule.enrolled_count} students
              </span>
              <AttendanceStatus scheduleId={schedule.id} date={today} />
              {may('attendance.create') && (
                <Link href={`/schools/${schoolId}/attendance?schedule=${schedule.id}`}>
                  Take attendance
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AttendanceStatus({ scheduleId, date }: { scheduleId: string; date: string }) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const recorded = useQuery({
    ...trpc.attendance.show.queryOptions({ schoolId, schedule_id: scheduleId, date }),
    enabled: may('attendance.view'),
  });
  if (!recorded.data) return null;
  const count = recorded.data.data.records.length;
  return count > 0 ? (
    <span className="badge sent">Attendance taken ({count})</span>
  ) : (
    <span className="badge">Not taken yet</span>
  );
}

function IncomeChart() {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const [year, month] = today.split('-').map(Number) as [number, number];
  // The eleven months before this one, and this one up to today.
  const startMonth = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
  const report = useQuery(
    trpc.reports.financial.queryOptions({ schoolId, start_date: startMonth, end_date: today }),
  );
  const months = report.data?.data.income_by_month ?? [];
  return (
    <section className="card" aria-labelledby="income-heading">
      <h2 id="income-heading">Income, last 12 months</h2>
      <QueryState what="the income" query={report} />
      {months.length > 0 && (
        <BarChart
          label="Income per month"
          bars={months.map((m) => ({ key: m.month, label: m.month.slice(5), value: m.total }))}
          format={(value) => money(value, school.currency)}
        />
      )}
    </section>
  );
}
