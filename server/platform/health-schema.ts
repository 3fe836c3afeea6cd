import { z } from 'zod';

/** What GET /health and GET /test-idp answer. Client-safe (zod only). */

export const healthSchema = z.object({
  status: z.string(),
  timestamp: z.string(),
  service: z.string(),
  version: z.string(),
});

export type Health = z.infer<typeof healthSchema>;

export const idpCheckSchema = z.object({
  status: z.string(),
  message: z.string(),
  idp_connected: z.boolean(),
});

export type IdpCheck = z.infer<typeof idpCheckSchema>;
