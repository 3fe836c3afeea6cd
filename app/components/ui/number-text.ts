import { z } from 'zod';

/**
 * A number field of a shared schema as a form's text box holds it: empty is `empty` (left
 * out, or null to clear the value), anything else the number typed, so the schema's own
 * rules and messages apply.
 */
export function numberText<S extends z.ZodType>(field: S, empty: null | undefined = undefined) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? empty : Number(value)) : value),
    field,
  );
}

/**
 * A field of a shared schema left blank in a form: empty text (or only spaces) is `empty`, so
 * that a required field is "required" rather than malformed and an optional one is left out
 * or cleared.
 */
export function blankAs<S extends z.ZodType>(field: S, empty: null | undefined = undefined) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? empty : value),
    field,
  );
}
