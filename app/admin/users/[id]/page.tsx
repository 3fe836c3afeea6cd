'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import {
  Badge,
  Card,
  CardTitle,
  DetailList,
  formatDateTime,
  humanize,
  QueryState,
  Stat,
  StatGrid,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { UserStatusButton } from '../user-status-button';
import { UserMemberships, UserPortalLinks } from './user-links';

/** One user: who they are, where they belong, what they have; suspend or reactivate them. */
export default function AdminUserPage() {
  return (
    <AdminShell title="User">
      <UserDetail />
    </AdminShell>
  );
}

function UserDetail() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const detail = useQuery(trpc.admin.users.get.queryOptions({ id }));
  if (!detail.data) return <QueryState what="the user" query={detail} />;
  const user = detail.data.data;
  const { counts } = user;
  const auditLog = `/admin/audit-log?subject_type=user&subject_id=${encodeURIComponent(user.id)}`;
  return (
    <>
      <p>
        <Link href="/admin/users">All users</Link>
      </p>
      <Card aria-labelledby="user-heading">
        <CardTitle id="user-heading">
          {user.display_name} <Badge status={user.status}>{humanize(user.status)}</Badge>
        </CardTitle>
        <DetailList className="mb-3">
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">
            {user.email ?? '—'}
            {user.email && !user.email_verified && (
              <span className="text-muted-foreground"> (not verified)</span>
            )}
          </dd>
          <dt className="font-semibold">Administrator</dt>
          <dd>{user.is_platform_admin ? 'Yes' : 'No'}</dd>
          <dt className="font-semibold">Signs in with</dt>
          <dd className="break-all">{user.issuer}</dd>
          <dt className="font-semibold">Joined</dt>
          <dd>{formatDateTime(user.created_at)}</dd>
        </DetailList>
        <div className="flex flex-wrap items-center gap-3">
          <UserStatusButton user={user} />
          <Link href={auditLog}>Admin actions on this user</Link>
        </div>
      </Card>
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading">In numbers</h2>
        <StatGrid>
          <Stat label="Memberships" value={counts.memberships} note="schools and studs" />
          <Stat label="Portal links" value={counts.portal_links} note="riders followed" />
          <Stat
            label="Notifications"
            value={counts.notifications}
            note={`${counts.unread_notifications} unread`}
          />
          <Stat label="Codes redeemed" value={counts.access_code_redemptions} note="access codes" />
          <Stat
            label="Seller profiles"
            value={user.seller_profiles.length}
            note="in the marketplace"
          />
        </StatGrid>
      </section>
      <UserMemberships memberships={user.memberships} />
      <UserPortalLinks links={user.portal_links} />
    </>
  );
}
