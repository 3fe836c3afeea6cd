import { z } from 'zod';
import { pathId } from '../kernel/fields/params';
import { fieldMessage } from '../kernel/validation';
import { studIdInput } from '../studs/tenant';

/*
 * A stud's client tags (DESIGN-MODULES B.8). Client-safe (zod only): the tag form validates
 * with these schemas.
 */

const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;

export const tagFields = z.object({
  /** Unique in the stud, whatever the case. */
  name: z.string().trim().min(1).max(50),
  /** `#RRGGBB`; empty clears it. */
  colour: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || HEX_COLOUR.test(value),
      fieldMessage('field must be a colour in the #RRGGBB format.'),
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});

export type TagFields = z.infer<typeof tagFields>;

export const tagIdInput = studIdInput.extend({ tagId: pathId });

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string().nullable(),
  /** How many of the stud's clients carry the tag. */
  clients_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Tag = z.infer<typeof tagSchema>;
