import Link from 'next/link';
import type { AdminDashboard } from '@/server/admin/dashboard-schema';
import { Badge, Card, CardTitle } from '../components/ui';

type Queue = { label: string; count: number; href?: string; action: string };

/** The work waiting for an administrator, each queue with the page where it is done. */
export function DashboardQueues({ dashboard }: { dashboard: AdminDashboard }) {
  const { queues, mail } = dashboard;
  const rows: Queue[] = [
    {
      label: 'Verification requests',
      count: queues.pending_verifications,
      href: '/admin/verification',
      action: 'Open the verification queue',
    },
    {
      label: 'Pedigree corrections',
      count: queues.pending_corrections,
      href: '/admin/pedigree/corrections',
      action: 'Open the corrections',
    },
    // No moderation page yet: the count alone.
    { label: 'Publications to review', count: queues.pending_publications, action: '' },
    {
      label: 'Failed e-mails',
      count: mail.failed,
      href: '/admin/mail?status=failed',
      action: 'Open the failed e-mails',
    },
  ];
  return (
    <Card aria-labelledby="queues-heading">
      <CardTitle id="queues-heading">Waiting for a decision</CardTitle>
      <ul className="m-0 grid list-none gap-2 p-0 sm:grid-cols-2">
        {rows.map((queue) => (
          <li
            key={queue.label}
            className="flex flex-col items-start gap-1 rounded-md border border-border p-3"
          >
            <span>
              {queue.label} <Badge tone={queue.count > 0 ? 'bad' : 'neutral'}>{queue.count}</Badge>
            </span>
            {queue.href && <Link href={queue.href}>{queue.action}</Link>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
