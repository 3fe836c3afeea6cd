import { z } from 'zod';
import { authedProcedure, router } from '../kernel/trpc/init';
import { updatePreferences, updateProfile, updateSettings } from './notification-lifecycle';
import { getPreferences, getProfile, getSettings } from './notification-queries';
import {
  preferenceSchema,
  preferencesInput,
  profileInput,
  profileSchema,
  settingsInput,
  settingsSchema,
} from './notification-schema';

const tags = ['Profile'];

/** The signed-in user's profile, settings and notification preferences (DESIGN-MODULES D). */
export const profileRouter = router({
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/profile', tags, summary: 'Your profile' } })
    .input(z.object({}))
    .output(z.object({ data: profileSchema }))
    .query(async ({ ctx }) => ({ data: await getProfile(ctx.db, ctx.caller.user.id) })),

  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/profile',
        tags,
        summary: 'Change your profile',
        description:
          'The e-mail comes from the identity provider and cannot be changed here. Once you set `display_name`, your sign-ins no longer rename you.',
      },
    })
    .input(profileInput)
    .output(z.object({ data: profileSchema }))
    .mutation(async ({ ctx, input }) => {
      await updateProfile(ctx.db, ctx.caller.user.id, input);
      return { data: await getProfile(ctx.db, ctx.caller.user.id) };
    }),

  settings: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/profile/settings', tags, summary: 'Your settings' },
    })
    .input(z.object({}))
    .output(z.object({ data: settingsSchema }))
    .query(async ({ ctx }) => ({ data: await getSettings(ctx.db, ctx.caller.user.id) })),

  updateSettings: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/profile/settings',
        tags,
        summary: 'Change your language, time zone, default organization or date format',
      },
    })
    .input(settingsInput)
    .output(z.object({ data: settingsSchema }))
    .mutation(async ({ ctx, input }) => {
      await updateSettings(ctx.db, ctx.caller.user.id, input);
      return { data: await getSettings(ctx.db, ctx.caller.user.id) };
    }),

  preferences: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/profile/notification-preferences',
        tags,
        summary: 'How each kind of notification reaches you',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.array(preferenceSchema) }))
    .query(async ({ ctx }) => ({ data: await getPreferences(ctx.db, ctx.caller.user.id) })),

  updatePreferences: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/profile/notification-preferences',
        tags,
        summary: 'Choose, per kind of notification, e-mail and in-app',
        description:
          'Types not listed keep their current choice. In-app stays on for the notices that ask for action (`in_app_locked`).',
      },
    })
    .input(preferencesInput)
    .output(z.object({ data: z.array(preferenceSchema) }))
    .mutation(async ({ ctx, input }) => {
      await updatePreferences(ctx.db, ctx.caller.user.id, input);
      return { data: await getPreferences(ctx.db, ctx.caller.user.id) };
    }),
});
