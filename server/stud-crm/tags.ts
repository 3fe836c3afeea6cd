import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import { createTag, deleteTag, updateTag } from './tag-lifecycle';
import { getTag, listTags } from './tag-queries';
import { tagFields, tagIdInput, tagSchema } from './tag-schema';

const one = z.object({ data: tagSchema });
const tags = ['Stud tags'];

/** A stud's client tags (DESIGN-MODULES B.8), under the clients' permissions. */
export const studTagsRouter = router({
  list: organizationProcedure('stud', 'clients.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/tags',
        tags,
        summary: "The stud's client tags by name",
        description: 'Not paginated; `clients_count` counts the clients carrying each.',
      },
    })
    .input(studIdInput)
    .output(z.object({ data: z.array(tagSchema) }))
    .query(async ({ ctx }) => ({ data: await listTags(ctx.db, ctx.organization) })),

  create: organizationProcedure('stud', 'clients.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/tags',
        tags,
        summary: 'Create a tag',
        description:
          '`name` (at most 50 characters) is unique in the stud whatever its case; `colour` is `#RRGGBB`.',
      },
    })
    .input(studIdInput.extend(tagFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createTag(ctx.db, ctx.organization, input),
    })),

  get: organizationProcedure('stud', 'clients.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/tags/{tagId}',
        tags,
        summary: 'A tag',
      },
    })
    .input(tagIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getTag(ctx.db, ctx.organization, input.tagId),
    })),

  update: organizationProcedure('stud', 'clients.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/tags/{tagId}',
        tags,
        summary: 'Update a tag (fields given)',
      },
    })
    .input(tagIdInput.extend(tagFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateTag(ctx.db, ctx.organization, input.tagId, input),
    })),

  remove: organizationProcedure('stud', 'clients.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/tags/{tagId}',
        tags,
        summary: 'Delete a tag',
        description: 'The tag is taken off the clients that carry it.',
      },
    })
    .input(tagIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteTag(ctx.db, ctx.organization, input.tagId);
      return { message: 'Tag deleted.' };
    }),
});
