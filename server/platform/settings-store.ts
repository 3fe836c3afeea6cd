import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { settings } from '@/db/schema';
import {
  SETTINGS,
  storedValue,
  type SettingDefinition,
  type SettingValue,
} from './settings-registry';

export type EffectiveSetting = {
  definition: SettingDefinition;
  value: SettingValue;
  /** Null while the key holds its default without having been stored. */
  updatedAt: Date | null;
};

/** The effective value of each definition: the stored one, else the default. One query. */
export async function readSettings(
  db: Database,
  definitions: readonly SettingDefinition[] = SETTINGS,
): Promise<EffectiveSetting[]> {
  if (definitions.length === 0) return [];
  const rows = await db
    .select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(
      inArray(
        settings.key,
        definitions.map((definition) => definition.key),
      ),
    );
  const stored = new Map(rows.map((row) => [row.key, row]));
  return definitions.map((definition) => {
    const row = stored.get(definition.key);
    return {
      definition,
      value: row ? storedValue(definition, row.value) : definition.default,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

export async function readSetting(
  db: Database,
  definition: SettingDefinition,
): Promise<EffectiveSetting> {
  const [setting] = await readSettings(db, [definition]);
  return setting!;
}

/** Stores values (already validated) in one statement, recording who changed them. */
export async function writeSettings(
  db: Database,
  values: readonly { key: string; value: SettingValue }[],
  userId: string | null,
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(settings)
    .values(values.map(({ key, value }) => ({ key, value, updatedBy: userId })))
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`excluded.value`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
}

/** Adds the defaults of the keys that are not stored; never overwrites one. Returns how many. */
export async function initializeSettings(db: Database): Promise<number> {
  const added = await db
    .insert(settings)
    .values(SETTINGS.map((definition) => ({ key: definition.key, value: definition.default })))
    .onConflictDoNothing({ target: settings.key })
    .returning({ key: settings.key });
  return added.length;
}

/** The stored settings (one key's, or all) as `{key: value}`, as the audit log records them. */
export async function storedSettings(db: Database, key: string | null) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(key ? eq(settings.key, key) : undefined);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
