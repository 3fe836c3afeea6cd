import { z } from 'zod';
import { adminProcedure, router } from '../kernel/trpc/init';
import { createCategory, deleteCategory, updateCategory } from './category-lifecycle';
import { categoryTree as allCategories, findCategory, getCategory } from './category-queries';
import {
  categoryFields,
  categoryIdInput,
  categoryNodeSchema,
  categoryTree,
  categoryUpdateFields,
} from './category-schema';

const tags = ['Administration: marketplace categories'];
const audit = { subject: 'marketplace_category', read: findCategory };
const one = z.object({ data: categoryNodeSchema });

/** Platform administrators shape the category tree (DESIGN-MODULES C.1). */
export const adminMarketplaceCategoriesRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/marketplace/categories',
        tags,
        summary: 'Every category, inactive ones too, as a tree',
      },
    })
    .input(z.object({}))
    .output(categoryTree)
    .query(async ({ ctx }) => ({ data: await allCategories(ctx.db) })),

  create: adminProcedure
    .meta({
      audit,
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/admin/marketplace/categories',
        tags,
        summary: 'Add a category',
        description:
          'Two levels: `parent_id` names a root (422). A subcategory takes its root’s `kind` (another one → 422); a root needs one. `slug` is unique (422), made from the name when absent. `attributes` define what listings fill in: `name` (`^[a-z][a-z0-9_]{0,39}$`, unique), `label`, `type` (text, integer, number, boolean, select), `required`, `options` (select only), `min`/`max` (integer and number only).',
      },
    })
    .input(categoryFields)
    .output(one)
    .mutation(async ({ ctx, input }) => ({ data: await createCategory(ctx.db, input) })),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/marketplace/categories/{id}',
        tags,
        summary: 'One category with its children',
      },
    })
    .input(categoryIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getCategory(ctx.db, input.id) })),

  update: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'PUT',
        path: '/admin/marketplace/categories/{id}',
        tags,
        summary: 'Update a category (fields given)',
        description:
          'The rules of POST. A category with subcategories cannot get a parent (422); a root’s new kind goes to its children; a kind change under listings (any state) → 409. `active: false` hides the category (and a root’s children) from users; its listings stay.',
      },
    })
    .input(categoryIdInput.extend(categoryUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      data: await updateCategory(ctx.db, id, changes),
    })),

  remove: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'DELETE',
        path: '/admin/marketplace/categories/{id}',
        tags,
        summary: 'Delete a category nobody used',
        description:
          'A category with listings (in any state) or subcategories is kept (409): deactivate it instead.',
      },
    })
    .input(categoryIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteCategory(ctx.db, input.id);
      return { message: 'Category deleted.' };
    }),
});
