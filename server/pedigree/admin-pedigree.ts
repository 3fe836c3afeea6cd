import { z } from 'zod';
import type { Database } from '@/db/client';
import { adminProcedure, router } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { pathId } from '../kernel/fields/params';
import { IMPORT_MAX_BYTES, importFields, importResultSchema } from '../kernel/csv';
import { decideCorrection } from './correction-lifecycle';
import { importIdentities } from './identity-import';
import { getCorrection, listCorrections } from './correction-queries';
import {
  createIdentity,
  mergeIdentity,
  updateIdentity,
  verifyIdentity,
} from './identity-lifecycle';
import { getIdentity, identityReferences, searchIdentities } from './identity-queries';
import {
  CORRECTION_STATUSES,
  correctionSchema,
  identityFields,
  identityIdInput,
  identityPage,
  identitySchema,
  IDENTITY_STATUSES,
} from './identity-schema';

const TAG = 'Administration: pedigree';
const one = z.object({ data: identitySchema });
// Administrators read every microchip.
const admin = { userId: '', isPlatformAdmin: true };
const correctionIdInput = z.object({ id: pathId });
const identityAudit = {
  subject: 'horse_identity',
  read: async (db: Database, id: string | null) =>
    id && isUuid(id) ? getIdentity(db, admin, id) : null,
};
const correctionAudit = {
  subject: 'pedigree_correction',
  read: async (db: Database, id: string | null) =>
    id && isUuid(id) ? getCorrection(db, id) : null,
};

/** The curation of the global pedigree by platform administrators (DESIGN-MODULES E.6). */
export const adminPedigreeRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/pedigree/horses',
        tags: [TAG],
        summary: 'Search identities, any status',
        description:
          '`search` as `GET /api/pedigree/horses` (optional here); `status` filters, merged ones included when asked for.',
      },
    })
    .input(
      paginationInput(20).extend({
        search: z.string().trim().min(1).max(120).optional(),
        status: z.enum(IDENTITY_STATUSES).optional(),
      }),
    )
    .output(identityPage)
    .query(async ({ ctx, input }) => searchIdentities(ctx.db, admin, input, ctx.url)),

  create: adminProcedure
    .meta({
      audit: identityAudit,
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/admin/pedigree/horses',
        tags: [TAG],
        summary: 'Record a horse, verified',
      },
    })
    .input(identityFields)
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction((tx) => createIdentity(tx, input, { admin: true }));
      return { data: await getIdentity(ctx.db, admin, id) };
    }),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/pedigree/horses/{id}',
        tags: [TAG],
        summary: 'An identity with every field',
      },
    })
    .input(identityIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getIdentity(ctx.db, admin, input.id) })),

  references: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/pedigree/horses/{id}/references',
        tags: [TAG],
        summary: 'What points to an identity: what a merge would move',
      },
    })
    .input(identityIdInput)
    .output(
      z.object({
        data: z.object({
          organization_records: z.number().int(),
          foals: z.number().int(),
          pending_corrections: z.number().int(),
        }),
      }),
    )
    .query(async ({ ctx, input }) => ({ data: await identityReferences(ctx.db, input.id) })),

  update: adminProcedure
    .meta({
      audit: identityAudit,
      openapi: {
        method: 'PUT',
        path: '/admin/pedigree/horses/{id}',
        tags: [TAG],
        summary: 'Change any field, under the rules of the pedigree',
      },
    })
    .input(identityIdInput.extend(identityFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      await ctx.db.transaction((tx) => updateIdentity(tx, id, changes, { admin: true }));
      return { data: await getIdentity(ctx.db, admin, id) };
    }),

  verify: adminProcedure
    .meta({
      audit: identityAudit,
      openapi: {
        method: 'POST',
        path: '/admin/pedigree/horses/{id}/verify',
        tags: [TAG],
        summary: 'Mark an identity verified: organizations then correct it through corrections',
      },
    })
    .input(identityIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction((tx) => verifyIdentity(tx, input.id));
      return { data: await getIdentity(ctx.db, admin, input.id) };
    }),

  merge: adminProcedure
    .meta({
      audit: identityAudit,
      openapi: {
        method: 'POST',
        path: '/admin/pedigree/horses/{id}/merge',
        tags: [TAG],
        summary: 'Merge a duplicate into another identity',
        description:
          'Every record pointing to this horse (school horses, foals) points to `into_id`, in one transaction; numbers the other lacks move to it. This id then answers with `merged_into_id`.',
      },
    })
    .input(identityIdInput.extend({ into_id: z.uuid() }))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction((tx) => mergeIdentity(tx, input.id, input.into_id));
      return { data: await getIdentity(ctx.db, admin, input.id) };
    }),

  import: adminProcedure
    .meta({
      audit: { subject: 'horse_identity' },
      upload: { field: 'file', maxBytes: IMPORT_MAX_BYTES },
      openapi: {
        method: 'POST',
        path: '/admin/pedigree/import',
        tags: [TAG],
        summary: 'Import identities from a CSV file',
        description:
          'Send `multipart/form-data` with the CSV in the part `file` (or JSON `{file}` with the CSV as text). Columns: `name` (required), `registered_name`, `sex`, `gelded`, `birth_date`, `birth_year`, `breed`, `colour`, `country`, `ueln`, `microchip`, `studbook`, `registration_number`, `deceased_on`, and `sire` and `dam` by UELN or registration number, on the platform or anywhere in the file. Every rule of a single entry applies; a number already recorded or used earlier in the file, an unknown parent, and the foals of a refused line are reported with their line. At most 5 MB and 10,000 rows; `dry_run=true` checks without writing. Imported identities are verified.',
      },
    })
    .input(importFields)
    .output(importResultSchema)
    .mutation(async ({ ctx, input }) => ({
      data: await ctx.db.transaction((tx) =>
        importIdentities(tx, input.file, input.dry_run === true || input.dry_run === 'true'),
      ),
    })),

  corrections: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/pedigree/corrections',
        tags: [TAG],
        summary: 'The corrections queue, pending first, oldest first',
      },
    })
    .input(paginationInput(20).extend({ status: z.enum(CORRECTION_STATUSES).optional() }))
    .output(paginatedSchema(correctionSchema))
    .query(async ({ ctx, input }) => listCorrections(ctx.db, input, ctx.url)),

  approve: adminProcedure
    .meta({
      audit: correctionAudit,
      openapi: {
        method: 'POST',
        path: '/admin/pedigree/corrections/{id}/approve',
        tags: [TAG],
        summary: 'Apply a correction under the rules of the pedigree',
      },
    })
    .input(correctionIdInput)
    .output(z.object({ data: correctionSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction((tx) =>
        decideCorrection(tx, input.id, { approve: true }, ctx.caller.user.id),
      );
      return { data: await getCorrection(ctx.db, input.id) };
    }),

  reject: adminProcedure
    .meta({
      audit: correctionAudit,
      openapi: {
        method: 'POST',
        path: '/admin/pedigree/corrections/{id}/reject',
        tags: [TAG],
        summary: 'Refuse a correction, with the reason',
      },
    })
    .input(correctionIdInput.extend({ reason: z.string().trim().min(1).max(2000) }))
    .output(z.object({ data: correctionSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction((tx) =>
        decideCorrection(
          tx,
          input.id,
          { approve: false, reason: input.reason },
          ctx.caller.user.id,
        ),
      );
      return { data: await getCorrection(ctx.db, input.id) };
    }),
});
