import { beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { devIssuerKeys } from '@/db/schema';
import { loadConfig } from '../config';
import { useTestApp } from '../../test/harness';
import { authOptions } from './next-auth';

/*
 * The demo in development-issuer mode (issue 13): admin@demo.school is the platform
 * administrator when PLATFORM_ADMIN_EMAILS is unset, and a name given to `npm run token`
 * survives sign-ins that carry none.
 */

const app = useTestApp({
  env: { AUTH_ISSUER: '', AUTH_DEV_ISSUER: '1', PLATFORM_ADMIN_EMAILS: '' },
});

// The harness empties every table after a test, the issuer's key too; the verifier would
// refetch a new key set only after 30 s. The first key is kept for every test.
let key: typeof devIssuerKeys.$inferSelect | undefined;
beforeEach(async () => {
  if (key) await app.db.insert(devIssuerKeys).values(key).onConflictDoNothing();
});

/** What `npm run token -- <email> [--name ...]` asks a running app for. */
async function devToken(email: string, name?: string): Promise<string> {
  const res = await app.request('POST', '/api/dev-idp/token', { body: { email, name } });
  expect(res.status).toBe(200);
  [key] = await app.db.select().from(devIssuerKeys);
  return res.body.token as string;
}

/** The development web sign-in form (next-auth's credentials provider): an e-mail only. */
async function webSignIn(email: string) {
  const provider = authOptions({
    config: app.config,
    db: app.db,
    verifyToken: () => Promise.reject(new Error('unused')),
  }).providers[0] as unknown as {
    options: {
      id: string;
      authorize(
        credentials: Record<string, string>,
        req: unknown,
      ): Promise<{ id: string; name: string } | null>;
    };
  };
  expect(provider.options.id).toBe('dev-issuer');
  return provider.options.authorize({ email }, {});
}

async function me(token: string) {
  const res = await app.request('GET', '/api/auth/me', { token });
  expect(res.status).toBe(200);
  return res.body as { id: string; email: string; display_name: string };
}

describe('the demo platform administrator', () => {
  it('defaults PLATFORM_ADMIN_EMAILS to admin@demo.school with the development issuer only', () => {
    expect([...loadConfig({}).platformAdminEmails]).toEqual(['admin@demo.school']);
    expect([
      ...loadConfig({ AUTH_DEV_ISSUER: '1', NODE_ENV: 'production', AUTH_SECRET: 'x' })
        .platformAdminEmails,
    ]).toEqual(['admin@demo.school']);
    expect([
      ...loadConfig({ PLATFORM_ADMIN_EMAILS: 'it@example.org' }).platformAdminEmails,
    ]).toEqual(['it@example.org']);
    expect([
      ...loadConfig({ AUTH_ISSUER: 'https://login.example.org', AUTH_AUDIENCE: 'equestrian' })
        .platformAdminEmails,
    ]).toEqual([]);
  });

  it('lets admin@demo.school into the admin area, through a token and the web sign-in alike', async () => {
    const token = await devToken('Admin@Demo.School');
    expect(decodeJwt(token)).toMatchObject({ email: 'admin@demo.school', email_verified: true });
    const users = await app.request('GET', '/api/admin/users', { token });
    expect(users.status).toBe(200);

    const signedIn = await webSignIn('admin@demo.school');
    expect(signedIn).toMatchObject({ id: (await me(token)).id });
    const owner = await app.request('GET', '/api/admin/users', {
      token: await devToken('owner@demo.school'),
    });
    expect(owner.status).toBe(403);
  });
});

describe('the name given to `npm run token --name`', () => {
  it('is not undone by a token without a name nor by the web sign-in', async () => {
    const named = await me(await devToken('olga@demo.school', 'Olga Owner'));
    expect(named.display_name).toBe('Olga Owner');

    const bare = await devToken('olga@demo.school');
    expect(decodeJwt(bare)).not.toHaveProperty('name');
    expect(await me(bare)).toEqual({ ...named, display_name: 'Olga Owner' });

    const signedIn = await webSignIn('olga@demo.school');
    expect(signedIn).toMatchObject({ id: named.id, name: 'Olga Owner' });
    expect((await me(bare)).display_name).toBe('Olga Owner');

    // A name the provider does send still wins.
    expect((await me(await devToken('olga@demo.school', 'Olga O.'))).display_name).toBe('Olga O.');
  });

  it('names a new user by their e-mail until a name arrives', async () => {
    const signedIn = await webSignIn('new@demo.school');
    expect(signedIn).toMatchObject({ name: 'new@demo.school' });
    expect((await me(await devToken('new@demo.school'))).display_name).toBe('new@demo.school');
    expect((await me(await devToken('new@demo.school', 'Nina New'))).display_name).toBe('Nina New');
  });
});
