import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { horseIdentities, pedigreeCorrections } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { pageOffset, paginate, type PageRequest } from '../kernel/trpc/pagination';
import type { Correction } from './identity-schema';

type Row = typeof pedigreeCorrections.$inferSelect & { horseName: string };

function toCorrection(row: Row): Correction {
  return {
    id: row.id,
    horse_identity_id: row.horseIdentityId,
    horse_name: row.horseName,
    filed_by: row.filedBy,
    changes: row.changes,
    reason: row.reason,
    media_ids: row.mediaIds,
    status: row.status,
    decision_reason: row.decisionReason,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const columns = { correction: pedigreeCorrections, horseName: horseIdentities.name };

/** The corrections queue: pending first, oldest first (E.6); two statements. */
export async function listCorrections(
  db: Database,
  filter: PageRequest & { status?: Correction['status'] },
  url: URL,
) {
  const c = pedigreeCorrections;
  const where = filter.status ? eq(c.status, filter.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(c)
      .innerJoin(horseIdentities, eq(horseIdentities.id, c.horseIdentityId))
      .where(where)
      .orderBy(asc(sql`${c.status} <> 'pending'`), asc(c.createdAt), asc(c.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(c)
      .where(where),
  ]);
  return paginate(
    rows.map((r) => toCorrection({ ...r.correction, horseName: r.horseName })),
    count?.total ?? 0,
    filter,
    url,
  );
}

export async function getCorrection(db: Database, id: string): Promise<Correction> {
  const [row] = await db
    .select(columns)
    .from(pedigreeCorrections)
    .innerJoin(horseIdentities, eq(horseIdentities.id, pedigreeCorrections.horseIdentityId))
    .where(eq(pedigreeCorrections.id, id));
  if (!row) throw notFound('Correction');
  return toCorrection({ ...row.correction, horseName: row.horseName });
}
