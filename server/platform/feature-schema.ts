import { z } from 'zod';

/** GET /features: which features are switched on, for the UI. Client-safe (zod only). */

export const featuresSchema = z.object({
  marketplace: z.object({ enabled: z.boolean(), maintenance_message: z.string().nullable() }),
  blog: z.object({ enabled: z.boolean() }),
});
export type Features = z.infer<typeof featuresSchema>;
