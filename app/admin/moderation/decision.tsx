import type { ReactNode } from 'react';
import type { ModerationAction } from '@/db/schema/marketplace-values';
import type { ModerationLogEntry } from '@/server/marketplace/moderation-schema';
import { formatDateTime } from '../../components/ui';
import { STATUS_LABELS } from '../../marketplace/format';

/*
 * One moderation decision as the log and a listing's history word it.
 */

/** A decision without its listing: what a listing's own history holds. */
export type Decision = Omit<ModerationLogEntry, 'publication'>;

export const ACTION_LABELS: Record<ModerationAction, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  dismiss_reports: 'Reports dismissed',
};

export const moderatorName = (admin: Decision['admin']) =>
  admin?.display_name ?? 'A former administrator';

/** The date and time: a log is read to the minute, not the day. */
export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** "Awaiting approval → Active". */
export const transitionText = (entry: Decision) =>
  `${STATUS_LABELS[entry.from_status]} → ${STATUS_LABELS[entry.to_status]}`;

/** A decision in a list: what, by whom and when, why; `listing` names it where the list mixes listings. */
export function DecisionSummary({ entry, listing }: { entry: Decision; listing?: ReactNode }) {
  return (
    <>
      {listing && <p className="m-0 font-semibold break-words">{listing}</p>}
      <p className="m-0">
        <strong>{ACTION_LABELS[entry.action]}</strong>: {transitionText(entry)}
      </p>
      <p className="m-0 text-sm text-muted-foreground">
        {moderatorName(entry.admin)} · <When iso={entry.created_at} />
      </p>
      {entry.reason && <p className="mb-0 break-words">{entry.reason}</p>}
    </>
  );
}
