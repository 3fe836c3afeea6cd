'use client';

import type { Client } from '@/server/stud-crm/client-schema';
import { Badge, cn, humanize } from '../../../components/ui';

type TagLike = { id: string; name: string; colour: string | null };

/** A tag's colour as a small round swatch (decoration: its name is always written beside it). */
export function Swatch({ colour, className }: { colour: string | null; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-block size-3 shrink-0 rounded-full border border-border',
        !colour && 'bg-transparent',
        className,
      )}
      style={colour ? { backgroundColor: colour } : undefined}
    />
  );
}

/** A tag as a pill: its colour, then its name. */
export function TagChip({ tag }: { tag: TagLike }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-2 py-0.5 text-sm">
      <Swatch colour={tag.colour} />
      {tag.name}
    </span>
  );
}

/** A client's tags as pills, in a list named after the client; nothing when it has none. */
export function TagChips({ tags, of }: { tags: TagLike[]; of: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={`Tags of ${of}`} className="m-0 flex list-none flex-wrap gap-1 p-0">
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagChip tag={tag} />
        </li>
      ))}
    </ul>
  );
}

/** How to reach a client, in one line: e-mail and phone, those it has. */
export function contactLine(client: Pick<Client, 'email' | 'phone'>) {
  return [client.email, client.phone].filter(Boolean).join(' · ');
}

/** The client's stage, with the pipeline status of a prospect. */
export function StageBadge({ client }: { client: Pick<Client, 'stage' | 'pipeline_status'> }) {
  return (
    <Badge
      tone={client.stage === 'inactive' ? 'bad' : client.stage === 'client' ? 'ok' : undefined}
    >
      {client.stage === 'prospect' && client.pipeline_status
        ? `Prospect · ${humanize(client.pipeline_status, { midSentence: true })}`
        : humanize(client.stage)}
    </Badge>
  );
}
