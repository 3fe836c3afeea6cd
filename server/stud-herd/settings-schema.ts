import { z } from 'zod';
import { fieldMessage } from '../kernel/validation';

/** A stud's breeding settings (B.1), as PUT /settings takes them (fields given). */
export const studSettingsFields = z.object({
  /** Days from the base date to the due date of a pregnancy. */
  gestation_days: z.number().int().min(300).max(400).optional(),
  /** Days after a breeding on which a pregnancy check is suggested. */
  check_days: z
    .array(z.number().int().min(1).max(400))
    .max(12)
    .refine((days) => new Set(days).size === days.length, {
      error: () => fieldMessage('field must not repeat a day.'),
    })
    .optional(),
  /** The member new record tasks go to (null: nobody). */
  default_assignee_id: z.uuid().nullable().optional(),
});

export type StudSettingsFields = z.infer<typeof studSettingsFields>;

export const studSettingsSchema = z.object({
  gestation_days: z.number().int(),
  check_days: z.array(z.number().int()),
  default_assignee_id: z.string().nullable(),
});

export type StudSettings = z.infer<typeof studSettingsSchema>;
