import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../kernel/errors';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { publicProcedure, router } from '../kernel/trpc/init';
import {
  DEFAULT_MARKETPLACE_MESSAGE,
  MAINTENANCE_RETRY_AFTER,
  requireMarketplace,
} from './feature-queries';
import { initializeSettings, writeSettings } from './settings-store';

const app = useTestApp();

describe('GET /api/features', () => {
  it('is public and answers the defaults when nothing was initialized', async () => {
    const res = await app.request('GET', '/api/features');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { marketplace: { enabled: true, maintenance_message: null }, blog: { enabled: false } },
    });
  });

  it('follows what administrators switch, and the same after initialize', async () => {
    const token = await app.tokenFor(ADMIN_EMAIL);
    await app.request('POST', '/api/admin/settings/features/blog/toggle', {
      token,
      body: { enabled: true },
    });
    await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { enabled: false, maintenance_message: 'Stocktaking until noon.' },
    });
    await initializeSettings(app.db);

    const res = await app.request('GET', '/api/features', {
      token: await app.tokenFor('anyone@x.test'),
    });
    expect(res.body).toEqual({
      data: {
        marketplace: { enabled: false, maintenance_message: 'Stocktaking until noon.' },
        blog: { enabled: true },
      },
    });
  });
});

describe('requireMarketplace', () => {
  it('lets a request through while the marketplace is on (the default)', async () => {
    await expect(requireMarketplace({ db: app.db })).resolves.toBeUndefined();
    await initializeSettings(app.db);
    await expect(requireMarketplace({ db: app.db })).resolves.toBeUndefined();
  });

  it('refuses with 503 SERVICE_UNAVAILABLE, the maintenance message and a Retry-After when it is off', async () => {
    await writeSettings(
      app.db,
      [
        { key: 'marketplace.enabled', value: false },
        { key: 'marketplace.maintenance_message', value: 'The marketplace reopens on Monday.' },
      ],
      null,
    );

    const error = await requireMarketplace({ db: app.db }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The marketplace reopens on Monday.',
      retryAfter: MAINTENANCE_RETRY_AFTER,
    });
  });

  it('says so in general words when no maintenance message is set', async () => {
    await writeSettings(app.db, [{ key: 'marketplace.enabled', value: false }], null);

    await expect(requireMarketplace({ db: app.db })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: DEFAULT_MARKETPLACE_MESSAGE,
    });
  });
});

/** A marketplace route as later modules will write it: the guard first. */
const marketplaceRouter = router({
  listings: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/marketplace/probe', protect: false } })
    .input(z.object({}))
    .output(z.object({ data: z.array(z.string()) }))
    .query(async ({ ctx }) => {
      await requireMarketplace(ctx);
      return { data: ['Hanoverian gelding'] };
    }),
});

const guarded = useTestApp({ router: marketplaceRouter });

describe('a route behind the marketplace guard', () => {
  it('answers normally while the marketplace is on, and 503 with the message and Retry-After when off', async () => {
    expect((await guarded.request('GET', '/api/marketplace/probe')).body).toEqual({
      data: ['Hanoverian gelding'],
    });

    await writeSettings(
      guarded.db,
      [
        { key: 'marketplace.enabled', value: false },
        { key: 'marketplace.maintenance_message', value: 'Back at 14:00 UTC.' },
      ],
      null,
    );
    const res = await guarded.request('GET', '/api/marketplace/probe');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Back at 14:00 UTC.' },
    });
    expect(res.headers.get('retry-after')).toBe(String(MAINTENANCE_RETRY_AFTER));
  });
});
