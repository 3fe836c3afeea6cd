import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { contractTemplates } from '@/db/schema';
import { notFound, registerUniqueField } from '../kernel/errors';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Template, TemplateFields } from './contract-schema';
import { templateOf } from './template-queries';

// Unique in the stud whatever the case (a concurrent request included): 422 on `name`.
registerUniqueField('contract_templates_name_key', 'name', 'The name has already been taken.');

const ofTemplate = (stud: Organization, templateId: string) =>
  and(eq(contractTemplates.studId, stud.id), eq(contractTemplates.id, templateId));

export async function createTemplate(
  tx: Database,
  stud: Organization,
  input: TemplateFields,
): Promise<Template> {
  const [row] = await tx
    .insert(contractTemplates)
    .values({
      studId: stud.id,
      name: input.name,
      kind: input.kind,
      body: input.body,
      active: input.active ?? true,
    })
    .returning();
  return templateOf(row!);
}

/** The fields sent change; contracts already written from the template keep their body. */
export async function updateTemplate(
  tx: Database,
  stud: Organization,
  templateId: string,
  input: Partial<TemplateFields>,
): Promise<Template> {
  const [row] = isUuid(templateId)
    ? await tx
        .update(contractTemplates)
        .set({
          name: input.name,
          kind: input.kind,
          body: input.body,
          active: input.active,
          updatedAt: sql`now()`,
        })
        .where(ofTemplate(stud, templateId))
        .returning()
    : [];
  if (!row) throw notFound('Template');
  return templateOf(row);
}

/**
 * Services and contracts that name the template keep working: their reference is cleared
 * (ON DELETE SET NULL), and a contract's body is its own copy.
 */
export async function deleteTemplate(
  tx: Database,
  stud: Organization,
  templateId: string,
): Promise<void> {
  const [row] = isUuid(templateId)
    ? await tx
        .delete(contractTemplates)
        .where(ofTemplate(stud, templateId))
        .returning({ id: contractTemplates.id })
    : [];
  if (!row) throw notFound('Template');
}
