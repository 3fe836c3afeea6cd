import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import {
  templateFields,
  templateFilters,
  templateIdInput,
  templateSchema,
} from './contract-schema';
import { PLACEHOLDERS } from './placeholders';
import { createTemplate, deleteTemplate, updateTemplate } from './template-lifecycle';
import { getTemplate, listTemplates } from './template-queries';

const one = z.object({ data: templateSchema });
const tags = ['Stud contracts'];
const PATH = '/studs/{studId}/contract-templates/{templateId}';
const BODY_RULE = `\`body\` is Markdown whose placeholders, written \`{{name}}\`, come from a fixed list (${Object.keys(PLACEHOLDERS).join(', ')}); an unknown one → 422 on \`body\`. \`name\` (at most 120 characters) is unique in the stud whatever its case (422).`;

/** A stud's contract templates (DESIGN-MODULES B.7), under the contracts' permissions. */
export const studContractTemplatesRouter = router({
  list: organizationProcedure('stud', 'contracts.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/contract-templates',
        tags,
        summary: "The stud's contract templates by name",
        description:
          'Not paginated. Filters `kind` and `active` (true or false); `placeholders` lists those each body uses.',
      },
    })
    .input(templateFilters)
    .output(z.object({ data: z.array(templateSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listTemplates(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'contracts.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/contract-templates',
        tags,
        summary: 'Create a contract template',
        description: `${BODY_RULE} \`active\` is true unless given: only an active template starts a contract.`,
      },
    })
    .input(studIdInput.extend(templateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await ctx.db.transaction((tx) => createTemplate(tx, ctx.organization, input)),
    })),

  get: organizationProcedure('stud', 'contracts.view')
    .meta({ openapi: { method: 'GET', path: PATH, tags, summary: 'A contract template' } })
    .input(templateIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getTemplate(ctx.db, ctx.organization, input.templateId),
    })),

  update: organizationProcedure('stud', 'contracts.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: PATH,
        tags,
        summary: 'Update a contract template (fields given)',
        description: `${BODY_RULE} Contracts already written from it keep their own body.`,
      },
    })
    .input(templateIdInput.extend(templateFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await ctx.db.transaction((tx) =>
        updateTemplate(tx, ctx.organization, input.templateId, input),
      ),
    })),

  remove: organizationProcedure('stud', 'contracts.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: PATH,
        tags,
        summary: 'Delete a contract template',
        description:
          'Services and contracts that name it keep working: their `template_id` becomes null.',
      },
    })
    .input(templateIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction((tx) => deleteTemplate(tx, ctx.organization, input.templateId));
      return { message: 'Template deleted.' };
    }),
});
