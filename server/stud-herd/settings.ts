import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { DEFAULT_CHECK_DAYS, DEFAULT_GESTATION_DAYS, studSettings } from '@/db/schema';
import { organizationProcedure, router, type Organization } from '../kernel/trpc/init';
import { memberReference } from '../organizations/member-reference';
import { studIdInput } from '../studs/tenant';
import {
  studSettingsFields,
  studSettingsSchema,
  type StudSettings,
  type StudSettingsFields,
} from './settings-schema';

/** The stud's settings, or the defaults while it has saved none. */
export async function getStudSettings(db: Database, stud: Organization): Promise<StudSettings> {
  const [row] = await db.select().from(studSettings).where(eq(studSettings.studId, stud.id));
  return {
    gestation_days: row?.gestationDays ?? DEFAULT_GESTATION_DAYS,
    check_days: row?.checkDays ?? [...DEFAULT_CHECK_DAYS],
    default_assignee_id: row?.defaultAssigneeId ?? null,
  };
}

export async function saveStudSettings(
  db: Database,
  stud: Organization,
  input: StudSettingsFields,
): Promise<StudSettings> {
  return db.transaction(async (tx) => {
    if (input.default_assignee_id)
      await memberReference(tx, stud.id, input.default_assignee_id, 'default_assignee_id');
    const values = {
      gestationDays: input.gestation_days,
      checkDays: input.check_days && [...input.check_days].sort((a, b) => a - b),
      defaultAssigneeId: input.default_assignee_id,
    };
    await tx
      .insert(studSettings)
      .values({ studId: stud.id, ...values })
      .onConflictDoUpdate({
        target: studSettings.studId,
        set: { ...values, updatedAt: sql`now()` },
      });
    return getStudSettings(tx, stud);
  });
}

const TAGS = ['Stud settings'];

export const studSettingsRouter = router({
  get: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/settings',
        tags: TAGS,
        summary: "The stud's breeding settings",
        description: `Defaults until saved: ${DEFAULT_GESTATION_DAYS} gestation days, checks on days ${DEFAULT_CHECK_DAYS.join(', ')}, no default assignee.`,
      },
    })
    .input(studIdInput)
    .output(z.object({ data: studSettingsSchema }))
    .query(async ({ ctx }) => ({ data: await getStudSettings(ctx.db, ctx.organization) })),

  update: organizationProcedure('stud', 'profile.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/settings',
        tags: TAGS,
        summary: "Save the stud's breeding settings (fields given)",
        description:
          'Owners and managers. `check_days` are kept in ascending order; `default_assignee_id` must be a member of the stud.',
      },
    })
    .input(studIdInput.extend(studSettingsFields.shape))
    .output(z.object({ data: studSettingsSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await saveStudSettings(ctx.db, ctx.organization, input),
    })),
});
