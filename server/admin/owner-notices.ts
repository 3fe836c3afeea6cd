import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, type organizations } from '@/db/schema';
import { notify } from '../notifications/notify';

/**
 * Tells an organization's owners of a verification decision (`org.verification_decided`),
 * in the caller's transaction; the notice opens the organization.
 */
export async function notifyOwners(
  tx: Database,
  organization: typeof organizations.$inferSelect,
  notice: { title: string; body: string },
  appUrl: string,
) {
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organization.id),
        eq(memberships.role, 'owner'),
        isNotNull(memberships.userId),
      ),
    );
  const collection = organization.type === 'stud' ? 'studs' : 'schools';
  await notify(
    tx,
    owners.map((owner) => ({ userId: owner.userId! })),
    'org.verification_decided',
    {
      ...notice,
      link: `/${collection}/${organization.id}`,
      organizationId: organization.id,
      data: { organization_id: organization.id },
    },
    appUrl,
  );
}
