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
