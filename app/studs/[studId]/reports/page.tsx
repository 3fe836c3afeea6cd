'use client';

import { Button } from '../../../components/ui';
import { NotAllowed, useStud } from '../stud-context';
import { AgeingReportSection } from './ageing-report';
import { FinancialReportSection } from './financial-report';
import { FoalingReportSection } from './foaling-report';
import { SeasonReportSection } from './season-report';

const SECTIONS = [
  { id: 'season-heading', label: 'Season' },
  { id: 'financial-heading', label: 'Income and expenses' },
  { id: 'ageing-report-heading', label: 'Receivables by age' },
  { id: 'foaling-heading', label: 'Expected foalings' },
];

/**
 * The stud's reports on one page, ready to print (the navigation and the controls stay off
 * the paper, tables print whole): the season per stallion, income and expenses with their
 * CSV, receivables by age per client, and the foalings expected.
 */
export default function StudReportsPage() {
  const { stud, may } = useStud();
  if (!may('reports.view')) return <NotAllowed />;
  return (
    <article aria-labelledby="reports-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="reports-heading">Reports</h1>
        <Button className="no-print" variant="outline" size="sm" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <p className="mt-0 hidden print:block">{stud.name}</p>
      <nav aria-label="Reports" className="no-print mb-3">
        <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <SeasonReportSection />
      <FinancialReportSection />
      <AgeingReportSection />
      <FoalingReportSection />
    </article>
  );
}
