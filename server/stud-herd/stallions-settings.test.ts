import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { studWorld } from './herd-fixtures';

const app = useTestApp();

describe('stallions and their profiles', () => {
  it('lists the entire adult males with their profile, defaults until saved', async () => {
    const { call, mare } = await studWorld(app);
    await mare('Bella');
    const apollo = await call('POST', '/horses', {
      identity: { name: 'Apollo', sex: 'male', birth_year: 2010 },
    });
    await call('POST', '/horses', {
      identity: { name: 'Gus', sex: 'male', gelded: true, birth_year: 2010 },
    });
    const list = await call('GET', '/stallions');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id: apollo.body.data.id,
      name: 'Apollo',
      role: 'stallion',
      profile: { standing: true, book_limit: null, approvals: [], updated_at: null },
    });

    const saved = await call('PUT', `/stallions/${apollo.body.data.id}/profile`, {
      book_limit: 60,
      height_cm: 168,
      approvals: ['KWPN', 'Hanoverian', 'KWPN'],
      public_description: 'Kind and correct.',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({
      horse_id: apollo.body.data.id,
      name: 'Apollo',
      standing: true,
      book_limit: 60,
      height_cm: 168,
      approvals: ['KWPN', 'Hanoverian'],
      public_description: 'Kind and correct.',
    });
    expect(saved.body.data.updated_at).toEqual(expect.any(String));
    const partial = await call('PUT', `/stallions/${apollo.body.data.id}/profile`, {
      standing: false,
    });
    expect(partial.body.data).toMatchObject({ standing: false, book_limit: 60 });
    const read = await call(
      'GET',
      `/stallions/${apollo.body.data.id}/profile`,
      undefined,
      'viewer',
    );
    expect(read.body.data).toMatchObject({ standing: false, height_cm: 168 });
  });

  it('404s a mare, a gelding, another stud’s stallion; 422s bad values; 403s a viewer', async () => {
    const hill = await studWorld(app, 'Hill');
    const vale = await studWorld(app, 'Vale');
    const bella = await hill.mare('Bella');
    const apollo = await hill.call('POST', '/horses', {
      identity: { name: 'Apollo', sex: 'male', birth_year: 2010 },
    });
    const id = apollo.body.data.id;
    expect((await hill.call('GET', `/stallions/${bella.id}/profile`)).status).toBe(404);
    expect(
      (await hill.call('PUT', `/stallions/${bella.id}/profile`, { standing: true })).status,
    ).toBe(404);
    expect((await vale.call('GET', `/stallions/${id}/profile`)).status).toBe(404);
    const bad = await hill.call('PUT', `/stallions/${id}/profile`, {
      book_limit: 0,
      height_cm: 400,
      public_description: 'x'.repeat(5001),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'book_limit',
      'height_cm',
      'public_description',
    ]);
    expect(
      (await hill.call('PUT', `/stallions/${id}/profile`, { standing: true }, 'viewer')).status,
    ).toBe(403);
    expect(
      (await hill.call('PUT', `/stallions/${id}/profile`, { standing: true }, 'staff')).status,
    ).toBe(200);
  });
});

describe('stud settings', () => {
  it('answers the defaults, then what owners and managers save, check days in order', async () => {
    const { call } = await studWorld(app);
    const defaults = await call('GET', '/settings', undefined, 'staff');
    expect(defaults.status).toBe(200);
    expect(defaults.body.data).toEqual({
      gestation_days: 340,
      check_days: [15, 28, 45, 60],
      default_assignee_id: null,
    });
    const staffId = (
      await app.request('GET', '/api/auth/me', { token: await app.tokenFor('staff@hill.test') })
    ).body.id as string;
    const saved = await call(
      'PUT',
      '/settings',
      { gestation_days: 335, check_days: [60, 14, 30], default_assignee_id: staffId },
      'manager',
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({
      gestation_days: 335,
      check_days: [14, 30, 60],
      default_assignee_id: staffId,
    });
    const partial = await call('PUT', '/settings', { gestation_days: 342 });
    expect(partial.body.data).toMatchObject({ gestation_days: 342, check_days: [14, 30, 60] });
  });

  it('is not staff’s to change; refuses a non-member assignee and bad days', async () => {
    const hill = await studWorld(app, 'Hill');
    await studWorld(app, 'Vale');
    const outsider = (
      await app.request('GET', '/api/auth/me', { token: await app.tokenFor('owner@vale.test') })
    ).body.id as string;
    expect((await hill.call('PUT', '/settings', { gestation_days: 335 }, 'staff')).status).toBe(
      403,
    );
    expect((await hill.call('GET', '/settings', undefined, 'viewer')).status).toBe(200);
    const bad = await hill.call('PUT', '/settings', {
      gestation_days: 200,
      check_days: [15, 15],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['check_days', 'gestation_days']);
    const stranger = await hill.call('PUT', '/settings', { default_assignee_id: outsider });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors.default_assignee_id).toEqual([
      'The selected default assignee id is not a member.',
    ]);
  });
});
