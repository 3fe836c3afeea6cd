import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { contractTemplates } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { timestampsOut } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Template } from './contract-schema';
import { placeholdersIn } from './placeholders';

export type TemplateRow = typeof contractTemplates.$inferSelect;

/** A template as the API answers it, with the placeholders its body uses. */
export const templateOf = (row: TemplateRow): Template => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  body: row.body,
  active: row.active,
  placeholders: placeholdersIn(row.body),
  ...timestampsOut(row),
});

/** GET /contract-templates: the stud's templates by name, of a kind, active or not. */
export async function listTemplates(
  db: Database,
  stud: Organization,
  filters: { kind?: TemplateRow['kind']; active?: boolean },
): Promise<Template[]> {
  const where: SQL[] = [eq(contractTemplates.studId, stud.id)];
  if (filters.kind) where.push(eq(contractTemplates.kind, filters.kind));
  if (filters.active !== undefined) where.push(eq(contractTemplates.active, filters.active));
  const rows = await db
    .select()
    .from(contractTemplates)
    .where(and(...where))
    .orderBy(sql`lower(${contractTemplates.name})`, asc(contractTemplates.id));
  return rows.map(templateOf);
}

export async function getTemplate(
  db: Database,
  stud: Organization,
  templateId: string,
): Promise<Template> {
  const [row] = isUuid(templateId)
    ? await db
        .select()
        .from(contractTemplates)
        .where(and(eq(contractTemplates.studId, stud.id), eq(contractTemplates.id, templateId)))
    : [];
  if (!row) throw notFound('Template');
  return templateOf(row);
}
