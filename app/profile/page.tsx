'use client';

import { useQuery } from '@tanstack/react-query';
import { AccountBar } from '../account-bar';
import { Card, QueryState } from '../components/ui';
import { useTRPC } from '../trpc';
import { useRedirectOnUnauthorized } from '../use-signed-in';
import { PreferencesTable } from './preferences-table';
import { ProfileForm } from './profile-form';
import { SettingsForm } from './settings-form';

/** The signed-in user's profile, settings and notification preferences (DESIGN-MODULES D). */
export default function ProfilePage() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.get.queryOptions({}));
  const settings = useQuery(trpc.profile.settings.queryOptions({}));
  const preferences = useQuery(trpc.profile.preferences.queryOptions({}));
  useRedirectOnUnauthorized(profile.error);

  return (
    <>
      <AccountBar />
      <main>
        <h1>Your profile</h1>
        <Card aria-labelledby="profile-heading">
          <h2 id="profile-heading">Profile</h2>
          <QueryState what="your profile" query={profile} />
          {profile.data && <ProfileForm profile={profile.data.data} />}
        </Card>
        <Card aria-labelledby="settings-heading">
          <h2 id="settings-heading">Settings</h2>
          <QueryState what="your settings" query={settings} />
          {settings.data && <SettingsForm settings={settings.data.data} />}
        </Card>
        <Card aria-labelledby="preferences-heading">
          <h2 id="preferences-heading">Notifications</h2>
          <QueryState what="your notification preferences" query={preferences} />
          {preferences.data && <PreferencesTable preferences={preferences.data.data} />}
        </Card>
      </main>
    </>
  );
}
