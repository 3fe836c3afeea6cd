import { z } from 'zod';
import { AppError } from '../kernel/errors';
import { fieldMessage } from '../kernel/validation';
import { adminProcedure, router } from '../kernel/trpc/init';
import {
  FEATURES,
  isFeature,
  parseSettingValue,
  parseSettingValues,
  SETTINGS,
  settingDefinition,
  type SettingDefinition,
  type SettingValue,
} from './settings-registry';
import {
  initializeSettings,
  readSetting,
  readSettings,
  storedSettings,
  writeSettings,
} from './settings-store';

export const settingValueSchema = z.union([z.boolean(), z.string(), z.number(), z.null()]);

export const settingSchema = z.object({
  key: z.string(),
  group: z.string(),
  name: z.string(),
  value: settingValueSchema,
  type: z.enum(['boolean', 'string', 'integer', 'email']),
  nullable: z.boolean(),
  default: settingValueSchema,
  description: z.string(),
  updated_at: z.string().nullable(),
});

const overviewSchema = z.object({
  settings: z.record(z.string(), z.record(z.string(), settingValueSchema)),
  features: z.object({
    marketplace: z.object({ enabled: z.boolean() }),
    blog: z.object({ enabled: z.boolean() }),
  }),
});

const marketplaceSettingsSchema = z.object({
  enabled: z.boolean(),
  maintenance_message: z.string().nullable(),
});

/** Keys one bulk save may set: the registry holds far fewer; this bounds a crafted body. */
const MAX_SETTINGS_PER_SAVE = 50;

const settingChangesSchema = z
  .record(z.string(), settingValueSchema)
  .refine((changes) => Object.keys(changes).length > 0, {
    error: () => fieldMessage('field must name at least one setting.'),
  })
  .refine((changes) => Object.keys(changes).length <= MAX_SETTINGS_PER_SAVE, {
    error: () => fieldMessage(`field must not name more than ${MAX_SETTINGS_PER_SAVE} settings.`),
  });

const TAGS = ['Settings'];

function findSetting(key: string): SettingDefinition {
  const definition = settingDefinition(key);
  if (!definition) throw new AppError('NOT_FOUND', `The setting ${key} does not exist.`);
  return definition;
}

const MARKETPLACE_ENABLED = settingDefinition('marketplace.enabled')!;
const MAINTENANCE_MESSAGE = settingDefinition('marketplace.maintenance_message')!;

/** System settings (spec 4.2, DESIGN 6); static paths before `{key}`, which holds dots. */
export const adminSettingsRouter = router({
  overview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/settings',
        tags: TAGS,
        summary: 'All settings by group, and the feature switches',
      },
    })
    .input(z.object({}))
    .output(overviewSchema)
    .query(async ({ ctx }) => {
      const all = await readSettings(ctx.db);
      const grouped: Record<string, Record<string, SettingValue>> = {};
      for (const { definition, value } of all)
        (grouped[definition.group] ??= {})[definition.name] = value;
      const enabled = (feature: string) => grouped[feature]?.enabled === true;
      return {
        settings: grouped,
        features: {
          marketplace: { enabled: enabled('marketplace') },
          blog: { enabled: enabled('blog') },
        },
      };
    }),

  group: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/settings/group/{group}',
        tags: TAGS,
        summary: 'The settings of one group, with their types and defaults',
      },
    })
    .input(z.object({ group: z.string() }))
    .output(z.object({ data: z.array(settingSchema) }))
    .query(async ({ ctx, input }) => {
      const definitions = SETTINGS.filter((definition) => definition.group === input.group);
      if (definitions.length === 0)
        throw new AppError('NOT_FOUND', `The settings group ${input.group} does not exist.`);
      const rows = await readSettings(ctx.db, definitions);
      return {
        data: rows.map(({ definition, value, updatedAt }) => ({
          key: definition.key,
          group: definition.group,
          name: definition.name,
          value,
          type: definition.type,
          nullable: definition.nullable,
          default: definition.default,
          description: definition.description,
          updated_at: updatedAt?.toISOString() ?? null,
        })),
      };
    }),

  initialize: adminProcedure
    .meta({
      audit: { subject: 'settings', read: storedSettings },
      openapi: {
        method: 'POST',
        path: '/admin/settings/initialize',
        tags: TAGS,
        summary: 'Stores the default of every setting that has no value; never overwrites one',
      },
    })
    .input(z.object({}))
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx }) => {
      const added = await initializeSettings(ctx.db);
      return { message: `Default settings initialized (${added} added).` };
    }),

  toggleFeature: adminProcedure
    .meta({
      audit: { subject: 'settings', read: storedSettings },
      openapi: {
        method: 'POST',
        path: '/admin/settings/features/{feature}/toggle',
        tags: TAGS,
        summary: `Switches a feature (${FEATURES.join(', ')}) on or off`,
      },
    })
    .input(z.object({ feature: z.string(), enabled: z.boolean() }))
    .output(z.object({ message: z.string(), feature: z.string(), enabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      if (!isFeature(input.feature))
        throw new AppError('NOT_FOUND', `The feature ${input.feature} does not exist.`);
      await writeSettings(
        ctx.db,
        [{ key: `${input.feature}.enabled`, value: input.enabled }],
        ctx.caller.user.id,
      );
      return {
        message: `The ${input.feature} feature is ${input.enabled ? 'enabled' : 'disabled'}.`,
        feature: input.feature,
        enabled: input.enabled,
      };
    }),

  updateMarketplace: adminProcedure
    .meta({
      audit: { subject: 'settings', read: storedSettings },
      openapi: {
        method: 'PUT',
        path: '/admin/settings/marketplace',
        tags: TAGS,
        summary: 'Opens or closes the marketplace and sets its maintenance message',
        description: 'Both fields are optional; an empty or null message clears it.',
      },
    })
    .input(
      z.object({
        enabled: z.boolean().optional(),
        maintenance_message: z.string().max(500).nullable().optional(),
      }),
    )
    .output(z.object({ message: z.string(), settings: marketplaceSettingsSchema }))
    .mutation(async ({ ctx, input }) => {
      const changes: { key: string; value: SettingValue }[] = [];
      if (input.enabled !== undefined)
        changes.push({ key: MARKETPLACE_ENABLED.key, value: input.enabled });
      if (input.maintenance_message !== undefined) {
        // The input is bounded like the setting itself; an empty message clears it.
        changes.push({
          key: MAINTENANCE_MESSAGE.key,
          value: input.maintenance_message?.trim() || null,
        });
      }
      await writeSettings(ctx.db, changes, ctx.caller.user.id);
      const [enabled, message] = await readSettings(ctx.db, [
        MARKETPLACE_ENABLED,
        MAINTENANCE_MESSAGE,
      ]);
      return {
        message: 'Marketplace settings updated.',
        settings: {
          enabled: enabled!.value === true,
          maintenance_message: (message!.value as string | null) ?? null,
        },
      };
    }),

  updateMany: adminProcedure
    .meta({
      audit: { subject: 'settings', read: storedSettings },
      openapi: {
        method: 'PATCH',
        path: '/admin/settings',
        tags: TAGS,
        summary: 'Sets several settings at once: all of them, or none',
        description: `\`settings\` maps 1 to ${MAX_SETTINGS_PER_SAVE} dotted keys to their values, each of its key's type; null clears a nullable one. An unknown key or a refused value is a 422 on \`settings.<key>\`, all of them in one answer, and nothing is stored.`,
      },
    })
    .input(z.object({ settings: settingChangesSchema }))
    .output(
      z.object({
        message: z.string(),
        settings: z.array(z.object({ key: z.string(), value: settingValueSchema })),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const values = parseSettingValues(input.settings, 'settings');
      // One statement inside the route's transaction: every key is stored, or none.
      await writeSettings(ctx.db, values, ctx.caller.user.id);
      const count = `${values.length} setting${values.length === 1 ? '' : 's'}`;
      return { message: `${count} updated.`, settings: values };
    }),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/settings/{key}',
        tags: TAGS,
        summary: 'One setting by its dotted key',
      },
    })
    .input(z.object({ key: z.string() }))
    .output(z.object({ key: z.string(), value: settingValueSchema }))
    .query(async ({ ctx, input }) => {
      const setting = await readSetting(ctx.db, findSetting(input.key));
      return { key: setting.definition.key, value: setting.value };
    }),

  update: adminProcedure
    .meta({
      audit: { subject: 'settings', idField: 'key', read: storedSettings },
      openapi: {
        method: 'PUT',
        path: '/admin/settings/{key}',
        tags: TAGS,
        summary: 'Sets one setting',
        description:
          "`value` must have the key's type (see GET /admin/settings/group/{group}); null clears a nullable one.",
      },
    })
    .input(z.object({ key: z.string(), value: settingValueSchema }))
    .output(z.object({ message: z.string(), key: z.string(), value: settingValueSchema }))
    .mutation(async ({ ctx, input }) => {
      const definition = findSetting(input.key);
      const value = parseSettingValue(definition, input.value);
      await writeSettings(ctx.db, [{ key: definition.key, value }], ctx.caller.user.id);
      return { message: `The setting ${definition.key} is updated.`, key: definition.key, value };
    }),
});
