import type { Database } from '@/db/client';
import { AppError } from '../kernel/errors';
import type { Features } from './feature-schema';
import { settingDefinition, type SettingDefinition } from './settings-registry';
import { readSettings } from './settings-store';

/** Seconds a client is told to wait while a feature is switched off. */
export const MAINTENANCE_RETRY_AFTER = 300;
export const DEFAULT_MARKETPLACE_MESSAGE =
  'The marketplace is temporarily unavailable for maintenance.';

const FEATURE_KEYS = ['marketplace.enabled', 'marketplace.maintenance_message', 'blog.enabled'].map(
  (key) => settingDefinition(key)!,
) satisfies SettingDefinition[];

/** The switches the UI and the guards read: stored values, else the defaults. One query. */
export async function readFeatures(db: Database): Promise<Features> {
  const values = new Map(
    (await readSettings(db, FEATURE_KEYS)).map((s) => [s.definition.key, s.value]),
  );
  return {
    marketplace: {
      enabled: values.get('marketplace.enabled') === true,
      maintenance_message: (values.get('marketplace.maintenance_message') as string | null) ?? null,
    },
    blog: { enabled: values.get('blog.enabled') === true },
  };
}

/**
 * The marketplace switch that every marketplace route honours: while it is off, 503
 * SERVICE_UNAVAILABLE with the maintenance message and a Retry-After.
 */
export async function requireMarketplace(ctx: { db: Database }): Promise<void> {
  const { marketplace } = await readFeatures(ctx.db);
  if (!marketplace.enabled) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      marketplace.maintenance_message ?? DEFAULT_MARKETPLACE_MESSAGE,
      {
        retryAfter: MAINTENANCE_RETRY_AFTER,
      },
    );
  }
}
