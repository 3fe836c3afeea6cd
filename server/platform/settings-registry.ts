import { z } from 'zod';
import { validationError } from '../kernel/errors';
import { fieldErrorsFromZod, fieldMessageFor, type FieldErrors } from '../kernel/validation';

/** A setting's value as stored (jsonb) and returned. */
export type SettingValue = boolean | string | number | null;

export type SettingType = 'boolean' | 'string' | 'integer' | 'email';

export type SettingDefinition = {
  key: string;
  group: string;
  name: string;
  type: SettingType;
  nullable: boolean;
  default: SettingValue;
  description: string;
  /** Validates a new value; its messages are worded for the `value` field. */
  schema: z.ZodType<SettingValue>;
};

function define(
  key: `${string}.${string}`,
  type: SettingType,
  schema: z.ZodType<SettingValue>,
  options: { default: SettingValue; nullable?: boolean; description: string },
): SettingDefinition {
  const [group, name] = key.split('.') as [string, string];
  const nullable = options.nullable ?? false;
  return {
    key,
    group,
    name,
    type,
    nullable,
    default: options.default,
    description: options.description,
    schema: nullable ? schema.nullable() : schema,
  };
}

/**
 * Every known setting (DESIGN 6): a key not listed here does not exist (404), and a value
 * of another type is refused (422 on `value`). Initialize stores these defaults.
 */
export const SETTINGS: readonly SettingDefinition[] = [
  define('general.site_name', 'string', z.string().trim().min(1).max(100), {
    default: 'Equestrian Platform',
    description: 'The platform name shown in the web UI and in e-mails.',
  }),
  define('general.support_email', 'email', z.string().trim().max(255).pipe(z.email()), {
    default: null,
    nullable: true,
    description: 'Address that users are told to write to for help; none when empty.',
  }),
  define('marketplace.enabled', 'boolean', z.boolean(), {
    default: true,
    description:
      'The marketplace is open. When off, its routes answer 503 with the maintenance message.',
  }),
  define('marketplace.maintenance_message', 'string', z.string().trim().min(1).max(500), {
    default: null,
    nullable: true,
    description: 'Shown to users while the marketplace is switched off.',
  }),
  define('marketplace.require_listing_approval', 'boolean', z.boolean(), {
    default: true,
    description: 'New listings wait for an administrator (pending) before they go live.',
  }),
  define('marketplace.auto_approve_verified', 'boolean', z.boolean(), {
    default: false,
    description: 'Listings of verified sellers go live without waiting for an administrator.',
  }),
  define('marketplace.listing_days', 'integer', z.number().int().min(1).max(365), {
    default: 90,
    description: 'Days a listing stays active after approval or renewal before it expires.',
  }),
  define('marketplace.currency', 'string', z.string().regex(/^[A-Z]{3}$/), {
    default: 'USD',
    description: 'The one currency of marketplace prices (ISO 4217).',
  }),
  define('marketplace.auto_complete_days', 'integer', z.number().int().min(1).max(60), {
    default: 7,
    description: 'Days after delivery before an order completes on its own.',
  }),
  define('blog.enabled', 'boolean', z.boolean(), {
    default: false,
    description: 'The blog is published.',
  }),
];

const BY_KEY = new Map(SETTINGS.map((definition) => [definition.key, definition]));

export const SETTING_GROUPS = [...new Set(SETTINGS.map((definition) => definition.group))];

/** Features that can be switched on and off: each has a `<feature>.enabled` setting. */
export const FEATURES = ['marketplace', 'blog'] as const;
export type Feature = (typeof FEATURES)[number];

export function settingDefinition(key: string): SettingDefinition | undefined {
  return BY_KEY.get(key);
}

export function isFeature(name: string): name is Feature {
  return (FEATURES as readonly string[]).includes(name);
}

/** The value, as the key's type requires it; a 422 on `value` otherwise. */
export function parseSettingValue(definition: SettingDefinition, value: unknown): SettingValue {
  const result = z.object({ value: definition.schema }).safeParse({ value });
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error));
  return result.data.value;
}

/**
 * Several values (`{key: value}`, from a request's `field`) as their keys' types require
 * them, in the order given. Every unknown key and every refused value is reported in one 422,
 * each on `<field>.<key>`, so that nothing is stored unless all of them are.
 */
export function parseSettingValues(
  values: Record<string, unknown>,
  field: string,
): { key: string; value: SettingValue }[] {
  const errors: FieldErrors = {};
  const parsed: { key: string; value: SettingValue }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const definition = settingDefinition(key);
    if (!definition) {
      const path = `${field}.${key}`;
      errors[path] = [fieldMessageFor(path, 'field is not a known setting.')];
      continue;
    }
    // Nested as the request holds it, so that zod words the message for `<field>.<key>`.
    const result = z
      .object({ [field]: z.object({ [key]: definition.schema }) })
      .safeParse({ [field]: { [key]: value } });
    if (result.success) parsed.push({ key, value: result.data[field]![key] as SettingValue });
    else Object.assign(errors, fieldErrorsFromZod(result.error));
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return parsed;
}

/** What a stored value is worth: anything that no longer fits its key reads as the default. */
export function storedValue(definition: SettingDefinition, stored: unknown): SettingValue {
  const result = definition.schema.safeParse(stored);
  return result.success ? result.data : definition.default;
}
