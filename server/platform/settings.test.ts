import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminActions, settings } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../test/harness';
import { SETTINGS } from './settings-registry';

const app = useTestApp();

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const DEFAULT_OVERVIEW = {
  settings: {
    general: { site_name: 'Equestrian Platform', support_email: null },
    marketplace: {
      enabled: true,
      maintenance_message: null,
      require_listing_approval: true,
      auto_approve_verified: false,
      listing_days: 90,
      currency: 'USD',
      auto_complete_days: 7,
    },
    blog: { enabled: false },
  },
  features: { marketplace: { enabled: true }, blog: { enabled: false } },
};

const admin = () => app.tokenFor(ADMIN_EMAIL);

function expectError(res: TestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
}

/** 422 with exactly these field errors; `message` is the first, as Laravel words it. */
function expect422(res: TestResponse, errors: Record<string, string[]>) {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const message =
    more === 0 ? messages[0] : `${messages[0]} (and ${more} more error${more === 1 ? '' : 's'})`;
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ message, errors });
}

/** Every settings route, with a valid body where it takes one. */
const ROUTES: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/admin/settings'],
  ['GET', '/api/admin/settings/group/marketplace'],
  ['PATCH', '/api/admin/settings', { settings: { 'blog.enabled': true } }],
  ['POST', '/api/admin/settings/initialize'],
  ['POST', '/api/admin/settings/features/blog/toggle', { enabled: true }],
  ['PUT', '/api/admin/settings/marketplace', { enabled: false }],
  ['GET', '/api/admin/settings/marketplace.enabled'],
  ['PUT', '/api/admin/settings/marketplace.enabled', { value: false }],
];

describe('guards of the settings routes', () => {
  it.each(ROUTES)(
    '%s %s: 401 without a token, 403 for a user who is not a platform administrator',
    async (method, path, body) => {
      expectError(await app.request(method, path, { body }), 401, 'UNAUTHORIZED');
      const user = await app.tokenFor('rider@x.test');
      expectError(await app.request(method, path, { token: user, body }), 403, 'FORBIDDEN');
      // An address that is not verified does not make an administrator (DESIGN 3).
      const unverified = await app.tokenFor(ADMIN_EMAIL, { email_verified: false });
      expectError(await app.request(method, path, { token: unverified, body }), 403, 'FORBIDDEN');
      expect(await app.db.select().from(settings)).toEqual([]);
    },
  );

  it('a platform administrator flagged in the database may use them too', async () => {
    const token = await app.tokenFor('deputy@x.test');
    const me = await app.request('GET', '/api/auth/me', { token });
    await app.request('PUT', `/api/admin/users/${me.body.id}`, {
      token: await admin(),
      body: { is_platform_admin: true },
    });

    const res = await app.request('GET', '/api/admin/settings', { token });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/admin/settings', () => {
  it('answers the defaults before anything is stored', async () => {
    const res = await app.request('GET', '/api/admin/settings', { token: await admin() });

    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_OVERVIEW);
  });

  it('groups the stored values and derives the feature switches from them', async () => {
    const token = await admin();
    await app.request('PUT', '/api/admin/settings/blog.enabled', { token, body: { value: true } });
    await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { enabled: false, maintenance_message: 'Back on Monday.' },
    });

    const res = await app.request('GET', '/api/admin/settings', { token });
    expect(res.body).toEqual({
      settings: {
        ...DEFAULT_OVERVIEW.settings,
        marketplace: {
          ...DEFAULT_OVERVIEW.settings.marketplace,
          enabled: false,
          maintenance_message: 'Back on Monday.',
        },
        blog: { enabled: true },
      },
      features: { marketplace: { enabled: false }, blog: { enabled: true } },
    });
  });
});

describe('POST /api/admin/settings/initialize', () => {
  it('stores every default and answers {message}', async () => {
    const res = await app.request('POST', '/api/admin/settings/initialize', {
      token: await admin(),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    const rows = await app.db.select({ key: settings.key, value: settings.value }).from(settings);
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual(
      Object.fromEntries(SETTINGS.map((definition) => [definition.key, definition.default])),
    );
  });

  it('run twice, it leaves the values an administrator set and adds only what is missing', async () => {
    const token = await admin();
    // One key changed before the first initialize, others after it.
    await app.request('PUT', '/api/admin/settings/general.site_name', {
      token,
      body: { value: 'Horse Hub' },
    });
    await app.request('POST', '/api/admin/settings/initialize', { token });
    await app.request('POST', '/api/admin/settings/features/marketplace/toggle', {
      token,
      body: { enabled: false },
    });
    await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { maintenance_message: 'Inventory day.' },
    });
    await app.request('PUT', '/api/admin/settings/blog.enabled', { token, body: { value: true } });
    await app.db.delete(settings).where(eq(settings.key, 'general.support_email'));

    const second = await app.request('POST', '/api/admin/settings/initialize', { token });
    expect(second.status).toBe(200);

    const overview = await app.request('GET', '/api/admin/settings', { token });
    expect(overview.body).toEqual({
      settings: {
        general: { site_name: 'Horse Hub', support_email: null },
        marketplace: {
          ...DEFAULT_OVERVIEW.settings.marketplace,
          enabled: false,
          maintenance_message: 'Inventory day.',
        },
        blog: { enabled: true },
      },
      features: { marketplace: { enabled: false }, blog: { enabled: true } },
    });
    expect(await app.db.$count(settings)).toBe(SETTINGS.length);
  });
});

describe('GET /api/admin/settings/group/{group}', () => {
  it('lists the settings of the group with their types, defaults and change time', async () => {
    const token = await admin();
    await app.request('PUT', '/api/admin/settings/marketplace.enabled', {
      token,
      body: { value: false },
    });

    const res = await app.request('GET', '/api/admin/settings/group/marketplace', { token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          key: 'marketplace.enabled',
          group: 'marketplace',
          name: 'enabled',
          value: false,
          type: 'boolean',
          nullable: false,
          default: true,
          description: expect.any(String),
          updated_at: expect.stringMatching(ISO_TIMESTAMP),
        },
        {
          key: 'marketplace.maintenance_message',
          group: 'marketplace',
          name: 'maintenance_message',
          value: null,
          type: 'string',
          nullable: true,
          default: null,
          description: expect.any(String),
          updated_at: null,
        },
        expect.objectContaining({
          key: 'marketplace.require_listing_approval',
          value: true,
          type: 'boolean',
        }),
        expect.objectContaining({
          key: 'marketplace.auto_approve_verified',
          value: false,
          type: 'boolean',
          default: false,
          nullable: false,
        }),
        expect.objectContaining({
          key: 'marketplace.listing_days',
          value: 90,
          type: 'integer',
          default: 90,
          nullable: false,
        }),
        expect.objectContaining({
          key: 'marketplace.currency',
          value: 'USD',
          type: 'string',
          default: 'USD',
          nullable: false,
        }),
        expect.objectContaining({
          key: 'marketplace.auto_complete_days',
          value: 7,
          type: 'integer',
          default: 7,
          nullable: false,
        }),
      ],
    });
  });

  it('answers 404 for an unknown group', async () => {
    expectError(
      await app.request('GET', '/api/admin/settings/group/shop', { token: await admin() }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('GET /api/admin/settings/{key}', () => {
  it('routes a dotted key to the key, and answers {key, value}', async () => {
    const token = await admin();
    expect(
      (await app.request('GET', '/api/admin/settings/marketplace.enabled', { token })).body,
    ).toEqual({
      key: 'marketplace.enabled',
      value: true,
    });
    await app.request('PUT', '/api/admin/settings/marketplace.maintenance_message', {
      token,
      body: { value: 'Soon.' },
    });
    const message = await app.request(
      'GET',
      '/api/admin/settings/marketplace.maintenance_message',
      { token },
    );
    expect(message.status).toBe(200);
    expect(message.body).toEqual({ key: 'marketplace.maintenance_message', value: 'Soon.' });
  });

  it.each(['marketplace.unknown', 'nothing', 'marketplace', 'initialize', 'blog.enabled.extra'])(
    'answers 404 for the unknown key %s',
    async (key) => {
      expectError(
        await app.request('GET', `/api/admin/settings/${key}`, { token: await admin() }),
        404,
        'NOT_FOUND',
      );
    },
  );

  it('answers 405 for a method the settings paths do not take', async () => {
    expectError(
      await app.request('DELETE', '/api/admin/settings/marketplace.enabled', {
        token: await admin(),
      }),
      405,
      'METHOD_NOT_ALLOWED',
    );
  });
});

describe('PUT /api/admin/settings/{key}', () => {
  it('stores a value of the right type and answers {message, key, value}', async () => {
    const token = await admin();
    const res = await app.request('PUT', '/api/admin/settings/blog.enabled', {
      token,
      body: { value: true },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), key: 'blog.enabled', value: true });
    expect(
      (await app.request('GET', '/api/admin/settings/blog.enabled', { token })).body.value,
    ).toBe(true);
    const [row] = await app.db.select().from(settings).where(eq(settings.key, 'blog.enabled'));
    const me = await app.request('GET', '/api/auth/me', { token });
    expect(row).toMatchObject({ value: true, updatedBy: me.body.id });
  });

  it('clears a nullable setting with null, and trims strings', async () => {
    const token = await admin();
    const set = await app.request('PUT', '/api/admin/settings/general.support_email', {
      token,
      body: { value: '  help@horsehub.example ' },
    });
    expect(set.body).toEqual({
      message: expect.any(String),
      key: 'general.support_email',
      value: 'help@horsehub.example',
    });

    const cleared = await app.request('PUT', '/api/admin/settings/general.support_email', {
      token,
      body: { value: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.value).toBeNull();
    expect(
      (await app.request('GET', '/api/admin/settings/general.support_email', { token })).body,
    ).toEqual({
      key: 'general.support_email',
      value: null,
    });
  });

  it.each([
    ['marketplace.enabled', 'yes', 'The value field must be true or false.'],
    ['marketplace.enabled', 1, 'The value field must be true or false.'],
    ['marketplace.enabled', null, 'The value field is required.'],
    ['blog.enabled', 'false', 'The value field must be true or false.'],
    ['marketplace.maintenance_message', true, 'The value field must be a string.'],
    [
      'marketplace.maintenance_message',
      'x'.repeat(501),
      'The value field must not be greater than 500 characters.',
    ],
    ['general.site_name', '', 'The value field is required.'],
    ['general.site_name', null, 'The value field is required.'],
    ['general.support_email', 'not-an-address', 'The value field must be a valid email address.'],
    ['marketplace.auto_approve_verified', 'true', 'The value field must be true or false.'],
    ['marketplace.listing_days', 0, 'The value field must be at least 1.'],
    ['marketplace.listing_days', 366, 'The value field must not be greater than 365.'],
    ['marketplace.listing_days', 1.5, 'The value field must be an integer.'],
    ['marketplace.currency', 'usd', 'The value field format is invalid.'],
    ['marketplace.currency', null, 'The value field is required.'],
    ['marketplace.auto_complete_days', 61, 'The value field must not be greater than 60.'],
  ])('answers 422 on value for %s = %j', async (key, value, message) => {
    const token = await admin();
    const res = await app.request('PUT', `/api/admin/settings/${key}`, { token, body: { value } });

    expect422(res, { value: [message] });
    expect(await app.db.select().from(settings)).toEqual([]);
  });

  it('answers 422 when the value is missing or not a scalar', async () => {
    const token = await admin();
    expect422(await app.request('PUT', '/api/admin/settings/blog.enabled', { token, body: {} }), {
      value: ['The value field is required.'],
    });
    expect422(
      await app.request('PUT', '/api/admin/settings/blog.enabled', {
        token,
        body: { value: [true] },
      }),
      {
        value: ['The selected value is invalid.'],
      },
    );
  });

  it('answers 404 for an unknown key and stores nothing', async () => {
    const token = await admin();
    expectError(
      await app.request('PUT', '/api/admin/settings/blog.colour', {
        token,
        body: { value: 'red' },
      }),
      404,
      'NOT_FOUND',
    );
    expect(await app.db.select().from(settings)).toEqual([]);
  });
});

describe('PATCH /api/admin/settings', () => {
  /** The keys' rows as stored: `{key: value}`, without the keys that hold no row. */
  async function stored(keys: string[]) {
    const rows = await app.db.select({ key: settings.key, value: settings.value }).from(settings);
    return Object.fromEntries(
      rows.filter((row) => keys.includes(row.key)).map((row) => [row.key, row.value]),
    );
  }

  it('stores values of several types together, logs one audit row, and answers {message, settings}', async () => {
    const token = await admin();
    const res = await app.request('PATCH', '/api/admin/settings', {
      token,
      body: {
        settings: {
          'marketplace.listing_days': 30,
          'general.site_name': '  Horse Hub ',
          'blog.enabled': true,
        },
      },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: '3 settings updated.',
      settings: [
        { key: 'marketplace.listing_days', value: 30 },
        { key: 'general.site_name', value: 'Horse Hub' },
        { key: 'blog.enabled', value: true },
      ],
    });
    const overview = await app.request('GET', '/api/admin/settings', { token });
    expect(overview.body).toEqual({
      settings: {
        general: { ...DEFAULT_OVERVIEW.settings.general, site_name: 'Horse Hub' },
        marketplace: { ...DEFAULT_OVERVIEW.settings.marketplace, listing_days: 30 },
        blog: { enabled: true },
      },
      features: { marketplace: { enabled: true }, blog: { enabled: true } },
    });
    const me = await app.request('GET', '/api/auth/me', { token });
    const rows = await app.db.select().from(settings);
    expect(rows.map((row) => row.updatedBy)).toEqual([me.body.id, me.body.id, me.body.id]);

    const logged = await app.db.select().from(adminActions);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'admin.settings.updateMany',
      subjectType: 'settings',
      subjectId: null,
      before: {},
      after: {
        'marketplace.listing_days': 30,
        'general.site_name': 'Horse Hub',
        'blog.enabled': true,
      },
    });
  });

  it('says "1 setting" for one, and clears a nullable setting with null', async () => {
    const token = await admin();
    await app.request('PUT', '/api/admin/settings/general.support_email', {
      token,
      body: { value: 'help@horsehub.example' },
    });

    const res = await app.request('PATCH', '/api/admin/settings', {
      token,
      body: { settings: { 'general.support_email': null } },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: '1 setting updated.',
      settings: [{ key: 'general.support_email', value: null }],
    });
    expect(
      (await app.request('GET', '/api/admin/settings/general.support_email', { token })).body,
    ).toEqual({ key: 'general.support_email', value: null });
  });

  it('switches the marketplace off as the other routes do: its routes answer 503', async () => {
    const token = await admin();
    await app.request('PATCH', '/api/admin/settings', {
      token,
      body: {
        settings: { 'marketplace.enabled': false, 'marketplace.maintenance_message': 'Stocktake.' },
      },
    });

    const closed = await app.request('GET', '/api/marketplace/categories');
    expect(closed.status).toBe(503);
    expect(closed.body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Stocktake.' },
    });
  });

  it('answers one 422 naming every unknown key and refused value, and stores none of the keys', async () => {
    const token = await admin();
    await app.request('PUT', '/api/admin/settings/general.site_name', {
      token,
      body: { value: 'Horse Hub' },
    });
    const keys = ['general.site_name', 'blog.colour', 'marketplace.listing_days', 'blog.enabled'];

    const res = await app.request('PATCH', '/api/admin/settings', {
      token,
      body: {
        settings: {
          'general.site_name': 'Pony Club',
          'blog.colour': 'red',
          'marketplace.listing_days': 0,
          'blog.enabled': true,
        },
      },
    });

    expect422(res, {
      'settings.blog.colour': ['The settings.blog.colour field is not a known setting.'],
      'settings.marketplace.listing_days': [
        'The settings.marketplace.listing days field must be at least 1.',
      ],
    });
    expect(await stored(keys)).toEqual({ 'general.site_name': 'Horse Hub' });
    expect(await app.db.$count(adminActions)).toBe(1);
  });

  it.each([
    ['marketplace.enabled', 'yes', 'must be true or false.'],
    ['general.support_email', 'not-an-address', 'must be a valid email address.'],
    ['general.site_name', null, 'is required.'],
    ['marketplace.currency', 'usd', 'format is invalid.'],
  ])('answers 422 on settings.%s for %j, as the one-key route does', async (key, value, rest) => {
    const res = await app.request('PATCH', '/api/admin/settings', {
      token: await admin(),
      body: { settings: { [key]: value } },
    });

    const attribute = `settings.${key}`.replace(/_/g, ' ');
    expect422(res, { [`settings.${key}`]: [`The ${attribute} field ${rest}`] });
    expect(await app.db.select().from(settings)).toEqual([]);
  });

  it('answers 422 for no settings, more than 50, a body without them, and a value that is not a scalar', async () => {
    const token = await admin();
    const patch = (body: unknown) => app.request('PATCH', '/api/admin/settings', { token, body });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, n) => [`blog.key_${n}`, true]));

    expect422(await patch({ settings: {} }), {
      settings: ['The settings field must name at least one setting.'],
    });
    expect422(await patch({ settings: many }), {
      settings: ['The settings field must not name more than 50 settings.'],
    });
    expect422(await patch({}), { settings: ['The settings field is required.'] });
    expect422(await patch({ settings: { 'blog.enabled': [true] } }), {
      'settings.blog.enabled': ['The selected settings.blog.enabled is invalid.'],
    });
    expect(await app.db.select().from(settings)).toEqual([]);
    expect(await app.db.$count(adminActions)).toBe(0);
  });
});

describe('POST /api/admin/settings/features/{feature}/toggle', () => {
  it('switches a feature and answers {message, feature, enabled}', async () => {
    const token = await admin();
    const on = await app.request('POST', '/api/admin/settings/features/blog/toggle', {
      token,
      body: { enabled: true },
    });

    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: expect.any(String), feature: 'blog', enabled: true });
    expect(
      (await app.request('GET', '/api/admin/settings/blog.enabled', { token })).body.value,
    ).toBe(true);

    const off = await app.request('POST', '/api/admin/settings/features/marketplace/toggle', {
      token,
      body: { enabled: false },
    });
    expect(off.body).toEqual({
      message: expect.any(String),
      feature: 'marketplace',
      enabled: false,
    });
    expect((await app.request('GET', '/api/features')).body.data.marketplace.enabled).toBe(false);
  });

  it.each([
    [{}, 'The enabled field is required.'],
    [{ enabled: 'true' }, 'The enabled field must be true or false.'],
    [{ enabled: 1 }, 'The enabled field must be true or false.'],
  ])('answers 422 for the body %j', async (body, message) => {
    const res = await app.request('POST', '/api/admin/settings/features/blog/toggle', {
      token: await admin(),
      body,
    });
    expect422(res, { enabled: [message] });
  });

  it('answers 404 for an unknown feature', async () => {
    const res = await app.request('POST', '/api/admin/settings/features/forum/toggle', {
      token: await admin(),
      body: { enabled: true },
    });
    expectError(res, 404, 'NOT_FOUND');
  });
});

describe('PUT /api/admin/settings/marketplace', () => {
  it('sets both fields and answers {message, settings}', async () => {
    const token = await admin();
    const res = await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { enabled: false, maintenance_message: 'We are moving to a new server.' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      settings: { enabled: false, maintenance_message: 'We are moving to a new server.' },
    });
  });

  it('changes only the fields given; an empty or null message clears it', async () => {
    const token = await admin();
    await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { enabled: false, maintenance_message: 'Closed.' },
    });

    const reopened = await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { enabled: true },
    });
    expect(reopened.body.settings).toEqual({ enabled: true, maintenance_message: 'Closed.' });

    const cleared = await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { maintenance_message: '  ' },
    });
    expect(cleared.body.settings).toEqual({ enabled: true, maintenance_message: null });

    await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { maintenance_message: 'Again.' },
    });
    const nulled = await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: { maintenance_message: null },
    });
    expect(nulled.body.settings).toEqual({ enabled: true, maintenance_message: null });

    const unchanged = await app.request('PUT', '/api/admin/settings/marketplace', {
      token,
      body: {},
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.settings).toEqual({ enabled: true, maintenance_message: null });
  });

  it('answers 422 for wrong types and an over-long message, and changes nothing', async () => {
    const token = await admin();
    expect422(
      await app.request('PUT', '/api/admin/settings/marketplace', {
        token,
        body: { enabled: 'no', maintenance_message: 'x'.repeat(501) },
      }),
      {
        enabled: ['The enabled field must be true or false.'],
        maintenance_message: [
          'The maintenance message field must not be greater than 500 characters.',
        ],
      },
    );
    expect(await app.db.select().from(settings)).toEqual([]);
  });
});

describe('GET /api/admin/settings/group/{group} and the registry', () => {
  it('every key of the registry is reachable through its group', async () => {
    const token = await admin();
    const groups = [...new Set(SETTINGS.map((definition) => definition.group))];
    const keys: string[] = [];
    for (const group of groups) {
      const res = await app.request('GET', `/api/admin/settings/group/${group}`, { token });
      expect(res.status).toBe(200);
      keys.push(...res.body.data.map((setting: { key: string }) => setting.key));
    }
    expect(keys.sort()).toEqual(SETTINGS.map((definition) => definition.key).sort());
  });
});
