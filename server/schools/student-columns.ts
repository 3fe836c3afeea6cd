import { registerUniqueField } from '../kernel/errors';
import type { StudentFields } from './student-schema';

/** The students table's columns for the API's fields, shared by the routes and the CSV import. */

export const DOCUMENT_NUMBER_TAKEN = 'The document number has already been taken.';
registerUniqueField(
  'students_school_document_number_key',
  'document_number',
  DOCUMENT_NUMBER_TAKEN,
);

/**
 * Columns for the given fields; an absent field stays undefined (insert: the column's
 * default; update: unchanged), a null object clears all of its fields.
 */
export function studentValues(input: Partial<StudentFields>) {
  const address =
    input.address === null ? { street: null, city: null, state: null } : input.address;
  const contact =
    input.emergency_contact === null
      ? { name: null, relationship: null, phone: null }
      : input.emergency_contact;
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    birthDate: input.birth_date,
    gender: input.gender,
    documentType: input.document_type,
    documentNumber: input.document_number,
    phone: input.phone,
    email: input.email,
    street: address?.street,
    city: address?.city,
    state: address?.state,
    emergencyContactName: contact?.name,
    emergencyContactRelationship: contact?.relationship,
    emergencyContactPhone: contact?.phone,
    level: input.level,
    status: input.status,
    notes: input.notes,
  };
}
