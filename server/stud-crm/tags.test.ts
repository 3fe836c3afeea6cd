import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { crmWorld } from './crm-fixtures';

const app = useTestApp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('stud tags', () => {
  it('creates, lists by name with the clients carrying each, updates and deletes tags', async () => {
    const w = await crmWorld(app);
    const created = await w.call('POST', '/tags', {
      body: { name: ' VIP ', colour: '#FFAA00' },
      as: 'manager',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'VIP',
      colour: '#FFAA00',
      clients_count: 0,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const vip = created.body.data;
    const breeder = await w.tag('breeder');
    const zeta = await w.tag('Zeta');
    await w.client({ tag_ids: [vip.id, breeder.id] });
    await w.client({ first_name: 'Bea', tag_ids: [vip.id] });
    await w.tag('VIP', w.otherStudId);

    const list = await w.call('GET', '/tags?per_page=1', { as: 'viewer' });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      data: [
        {
          ...breeder,
          colour: null,
          clients_count: 1,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        { ...vip, clients_count: 2 },
        {
          ...zeta,
          colour: null,
          clients_count: 0,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
    });
    expect((await w.call('GET', `/tags/${vip.id}`, { as: 'staff' })).body.data).toEqual({
      ...vip,
      clients_count: 2,
    });

    const updated = await w.call('PUT', `/tags/${vip.id}`, { body: { colour: '' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'VIP', colour: null, clients_count: 2 });
    const renamed = await w.call('PUT', `/tags/${vip.id}`, { body: { name: 'vip' } });
    expect(renamed.body.data).toMatchObject({ name: 'vip', colour: null });
    // The clients show the tag under its new name.
    const clients = await w.call('GET', `/clients?tag=${vip.id}`);
    expect(
      clients.body.data.map((c: { tags: { name: string }[] }) => c.tags.map((t) => t.name)),
    ).toEqual([['breeder', 'vip'], ['vip']]);

    // Deleting a tag takes it off its clients.
    const removed = await w.call('DELETE', `/tags/${vip.id}`, { as: 'manager' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Tag deleted.' });
    expect((await w.call('GET', `/tags/${vip.id}`)).status).toBe(404);
    const after = await w.call('GET', '/clients');
    expect(
      after.body.data.map((c: { tags: { name: string }[] }) => c.tags.map((t) => t.name)),
    ).toEqual([['breeder'], []]);
  });

  it('refuses a missing, long or taken name and a bad colour with 422 on the field', async () => {
    const w = await crmWorld(app);
    const vip = await w.tag('VIP');
    const other = await w.tag('Other');
    // The same name in another stud is no conflict.
    await w.tag('Taken', w.otherStudId);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 'vip' }, 'name'],
      [{ name: 'New', colour: 'red' }, 'colour'],
      [{ name: 'New', colour: '#FFF' }, 'colour'],
      [{ name: 'New', colour: '#GGGGGG' }, 'colour'],
      [{ name: 'New', colour: 12 }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await w.call('POST', '/tags', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const taken = await w.call('POST', '/tags', { body: { name: 'VIP' } });
    expect(taken.body).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    const rename = await w.call('PUT', `/tags/${other.id}`, { body: { name: 'Vip' } });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect((await w.call('PUT', `/tags/${vip.id}`, { body: { name: 'Vip' } })).status).toBe(200);
    expect((await w.call('POST', '/tags', { body: { name: 'x'.repeat(50) } })).status).toBe(201);
    expect((await w.call('POST', '/tags', { body: { name: 'Taken' } })).status).toBe(201);
  });

  it('is for the stud’s members: 401, 403 for writes without permission, 404 for others’ tags', async () => {
    const w = await crmWorld(app);
    const vip = await w.tag('VIP');
    const foreign = await w.tag('Foreign', w.otherStudId);
    expect((await app.request('GET', `/api/studs/${w.studId}/tags`)).status).toBe(401);
    expect(
      (await app.request('POST', `/api/studs/${w.studId}/tags`, { body: { name: 'X' } })).status,
    ).toBe(401);
    for (const as of ['staff', 'viewer'] as const) {
      expect((await w.call('GET', '/tags', { as })).status).toBe(200);
      expect((await w.call('POST', '/tags', { as, body: { name: 'X' } })).status).toBe(403);
      expect((await w.call('PUT', `/tags/${vip.id}`, { as, body: { name: 'X' } })).status).toBe(
        403,
      );
      expect((await w.call('DELETE', `/tags/${vip.id}`, { as })).status).toBe(403);
    }
    expect((await w.call('GET', '/tags', { as: 'stranger' })).status).toBe(403);
    expect((await w.call('GET', '/tags', { stud: w.schoolId })).status).toBe(403);
    for (const id of [foreign.id, crypto.randomUUID(), 'nope']) {
      expect((await w.call('GET', `/tags/${id}`)).status).toBe(404);
      expect((await w.call('PUT', `/tags/${id}`, { body: { name: 'Mine' } })).status).toBe(404);
      expect((await w.call('DELETE', `/tags/${id}`)).status).toBe(404);
    }
    const mine = await w.call('GET', `/tags/${foreign.id}`, {
      as: 'stranger',
      stud: w.otherStudId,
    });
    expect(mine.body.data.name).toBe('Foreign');
  });
});
