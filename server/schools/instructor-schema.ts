import { z } from 'zod';
import { INSTRUCTOR_STATUSES } from '@/db/schema/school-values';
import { moneyField, optionalEmail, optionalText } from '../kernel/fields/record-fields';

/** An instructor as POST /instructors takes it; client-safe, so the form validates with it. */
export { INSTRUCTOR_STATUSES };

export const instructorFields = z.object({
  first_name: z.string().trim().min(1).max(255),
  last_name: z.string().trim().min(1).max(255),
  document_type: optionalText(50),
  document_number: optionalText(50),
  phone: optionalText(50),
  email: optionalEmail,
  specialties: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  experience_years: z.number().int().min(0).max(80).nullable().optional(),
  bio: optionalText(5000),
  hourly_rate: moneyField.nullable().optional(),
  status: z.enum(INSTRUCTOR_STATUSES).optional(),
});
