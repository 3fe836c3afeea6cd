import { z } from 'zod';
/** `true`/`false` in a query string, as a boolean; absent: no filter. */
export const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));
