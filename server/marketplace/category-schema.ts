import { z } from 'zod';
import { CATEGORY_KINDS } from '@/db/schema/marketplace-values';
import { pathId } from '../kernel/fields/params';
import { fieldMessage } from '../kernel/validation';
import { categoryAttributeSchema, categoryAttributesSchema } from './category-attributes';

/*
 * The marketplace's categories (DESIGN-MODULES C.1): the administrators' form and the tree
 * users browse. Loads nothing but zod.
 */

export { CATEGORY_KINDS };

export const categoryIdInput = z.object({ id: pathId });

/** Lowercase ASCII words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug a client sends: unique per table (422 on `slug`). */
export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(80)
  .regex(
    SLUG_PATTERN,
    fieldMessage('field may hold lowercase letters, digits and single hyphens.'),
  );

/** What an administrator writes; PUT sends some of them. */
export const categoryFields = z.object({
  name: z.string().trim().min(1).max(80),
  /** Unique (422); default: made from the name (lowercase ASCII and hyphens). */
  slug: slugField.optional(),
  /** A root category (two levels only: 422); null or absent makes a root. */
  parent_id: z.uuid().nullable().optional(),
  /** A child's is its root's (422 when it differs; default: the root's); required for a root. */
  kind: z.enum(CATEGORY_KINDS).optional(),
  /** What listings of the category fill in (`attributes.<name>`). */
  attributes: categoryAttributesSchema.optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  /** Inactive categories leave the users' tree; their listings stay. */
  active: z.boolean().optional(),
});

export type CategoryFields = z.infer<typeof categoryFields>;

export const categoryUpdateFields = categoryFields.partial();

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.string().nullable(),
  kind: z.enum(CATEGORY_KINDS),
  attributes: z.array(categoryAttributeSchema),
  position: z.number(),
  active: z.boolean(),
  /** Active listings of the category (a root's include its children's). */
  listings_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Category = z.infer<typeof categorySchema>;

/** A category with its children (none for a child). */
export const categoryNodeSchema = categorySchema.extend({ children: z.array(categorySchema) });

export type CategoryNode = z.infer<typeof categoryNodeSchema>;

export const categoryTree = z.object({ data: z.array(categoryNodeSchema) });
