import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { crmWorld, studHorse } from './crm-fixtures';

const app = useTestApp();

/** A prospect through the API, as the owner; its detail. */
async function prospectIn(
  w: Awaited<ReturnType<typeof crmWorld>>,
  body: Record<string, unknown> = {},
) {
  const res = await w.call('POST', '/prospects', {
    body: { first_name: 'Pia', last_name: 'Prospect', ...body },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.data;
}

describe('stud prospects', () => {
  it('creates a prospect with its pipeline, interest and expected value; reads, updates and deletes it', async () => {
    const w = await crmWorld(app);
    const stallion = await studHorse(app, w.studId, { name: 'Apollo', sex: 'male' });
    const vip = await w.tag('VIP');
    const created = await w.call('POST', '/prospects', {
      body: {
        first_name: 'Pia',
        last_name: 'Prospect',
        email: 'pia@mail.test',
        source: 'marketplace',
        tag_ids: [vip.id],
        interest: { stallion_id: stallion },
        expected_value: 2500.5,
        stage: 'client', // not a prospect's field: ignored
      },
      as: 'manager',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      stage: 'prospect',
      kind: 'person',
      display_name: 'Pia Prospect',
      source: 'marketplace',
      tags: [{ id: vip.id, name: 'VIP', colour: null }],
      pipeline_status: 'new',
      interest: { stallion_id: stallion, service_id: null },
      expected_value: 2500.5,
      anonymized_at: null,
      horses: [],
    });
    const id = created.body.data.id;
    const read = await w.call('GET', `/prospects/${id}`, { as: 'viewer' });
    expect(read.body.data).toEqual(created.body.data);
    // The same record under /clients.
    expect((await w.call('GET', `/clients/${id}`)).body.data).toEqual(created.body.data);

    const updated = await w.call('PUT', `/prospects/${id}`, {
      body: { pipeline_status: 'qualified', expected_value: 3000, interest: { service_id: null } },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({
      stage: 'prospect',
      pipeline_status: 'qualified',
      expected_value: 3000,
      interest: { stallion_id: stallion, service_id: null },
      email: 'pia@mail.test',
    });
    const cleared = await w.call('PUT', `/prospects/${id}`, {
      body: { interest: null, expected_value: null },
    });
    expect(cleared.body.data).toMatchObject({
      interest: { stallion_id: null, service_id: null },
      expected_value: null,
    });

    const removed = await w.call('DELETE', `/prospects/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Prospect deleted.' });
    expect((await w.call('GET', `/prospects/${id}`)).status).toBe(404);
  });

  it('takes prospects made under /clients, and a client moved back keeps its pipeline status', async () => {
    const w = await crmWorld(app);
    const made = await w.client({ stage: 'prospect' });
    expect(made).toMatchObject({ stage: 'prospect', pipeline_status: 'new' });
    const listed = await w.call('GET', '/prospects');
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([made.id]);

    const converted = await w.call('POST', `/prospects/${made.id}/convert`);
    expect(converted.body.data).toMatchObject({ stage: 'client', pipeline_status: 'won' });
    const back = await w.call('PUT', `/clients/${made.id}`, { body: { stage: 'prospect' } });
    expect(back.body.data).toMatchObject({ stage: 'prospect', pipeline_status: 'won' });
    const plain = await w.client({ first_name: 'Plain' });
    const moved = await w.call('PUT', `/clients/${plain.id}`, { body: { stage: 'prospect' } });
    expect(moved.body.data).toMatchObject({ stage: 'prospect', pipeline_status: 'new' });
  });

  it('converts a prospect into a client (clients.edit), once', async () => {
    const w = await crmWorld(app);
    const pia = await prospectIn(w, { pipeline_status: 'qualified', expected_value: 900 });
    for (const as of ['staff', 'viewer'] as const)
      expect((await w.call('POST', `/prospects/${pia.id}/convert`, { as })).status, as).toBe(403);
    const res = await w.call('POST', `/prospects/${pia.id}/convert`, { as: 'manager' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ...pia,
      stage: 'client',
      pipeline_status: 'won',
      updated_at: expect.any(String),
    });
    // No longer a prospect: not found under /prospects, found under /clients.
    expect((await w.call('POST', `/prospects/${pia.id}/convert`)).status).toBe(404);
    expect((await w.call('GET', `/prospects/${pia.id}`)).status).toBe(404);
    expect((await w.call('GET', '/clients?stage=client')).body.data).toHaveLength(1);
    expect((await w.call('GET', '/prospects')).body.data).toEqual([]);
  });

  it('refuses an anonymized prospect’s edit and conversion (409)', async () => {
    const w = await crmWorld(app);
    const pia = await prospectIn(w);
    expect((await w.call('POST', `/clients/${pia.id}/anonymize`)).status).toBe(200);
    const edit = await w.call('PUT', `/prospects/${pia.id}`, { body: { pipeline_status: 'lost' } });
    expect(edit.status).toBe(409);
    const convert = await w.call('POST', `/prospects/${pia.id}/convert`);
    expect(convert.status).toBe(409);
    expect(convert.body.error.message).toBe('An anonymized client can no longer be edited.');
  });

  it('refuses every rule with 422 on its field', async () => {
    const w = await crmWorld(app);
    const mare = await studHorse(app, w.studId, { name: 'Bella', sex: 'female' });
    const gelding = await studHorse(app, w.studId, { name: 'Gus', sex: 'male', gelded: true });
    const unknownSex = await studHorse(app, w.studId, { name: 'Nemo', sex: 'unknown' });
    const foreignStallion = await studHorse(app, w.otherStudId, { name: 'Zeus', sex: 'male' });
    const stallion = await studHorse(app, w.studId, { name: 'Apollo', sex: 'male' });
    const names = { first_name: 'Pia', last_name: 'Prospect' };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'first_name'],
      [{ kind: 'company' }, 'company_name'],
      [{ ...names, pipeline_status: 'hot' }, 'pipeline_status'],
      [{ ...names, expected_value: -1 }, 'expected_value'],
      [{ ...names, expected_value: 10.005 }, 'expected_value'],
      [{ ...names, expected_value: '100' }, 'expected_value'],
      [{ ...names, expected_value: 10_000_000_000 }, 'expected_value'],
      [{ ...names, interest: { stallion_id: mare } }, 'interest.stallion_id'],
      [{ ...names, interest: { stallion_id: gelding } }, 'interest.stallion_id'],
      [{ ...names, interest: { stallion_id: unknownSex } }, 'interest.stallion_id'],
      [{ ...names, interest: { stallion_id: foreignStallion } }, 'interest.stallion_id'],
      [{ ...names, interest: { stallion_id: crypto.randomUUID() } }, 'interest.stallion_id'],
      [{ ...names, interest: { stallion_id: 'nope' } }, 'interest.stallion_id'],
      [{ ...names, interest: { service_id: crypto.randomUUID() } }, 'interest.service_id'],
      [{ ...names, interest: 'Apollo' }, 'interest'],
      [{ ...names, tag_ids: [crypto.randomUUID()] }, 'tag_ids'],
      [{ ...names, email: 'bad' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await w.call('POST', '/prospects', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const service = await w.call('POST', '/prospects', {
      body: { ...names, interest: { stallion_id: stallion, service_id: crypto.randomUUID() } },
    });
    expect(service.body.errors).toEqual({
      'interest.service_id': ['The selected interest service id is invalid.'],
    });
    const both = await w.call('POST', '/prospects', {
      body: { ...names, interest: { stallion_id: mare, service_id: crypto.randomUUID() } },
    });
    expect(Object.keys(both.body.errors).sort()).toEqual([
      'interest.service_id',
      'interest.stallion_id',
    ]);
    // The same on PUT.
    const pia = await prospectIn(w, { interest: { stallion_id: stallion } });
    const put = await w.call('PUT', `/prospects/${pia.id}`, {
      body: { interest: { stallion_id: gelding } },
    });
    expect(put.status).toBe(422);
    expect(Object.keys(put.body.errors)).toEqual(['interest.stallion_id']);
    expect((await w.call('GET', `/prospects/${pia.id}`)).body.data.interest.stallion_id).toBe(
      stallion,
    );
    expect((await w.call('GET', '/prospects')).body.meta.total).toBe(1);
  });

  it('names a service of the stud, the interest stallion’s; a new stallion clears another’s', async () => {
    const w = await crmWorld(app);
    const apollo = await studHorse(app, w.studId, { name: 'Apollo', sex: 'male' });
    const zeus = await studHorse(app, w.studId, { name: 'Zeus', sex: 'male' });
    const theirs = await studHorse(app, w.otherStudId, { name: 'Other', sex: 'male' });
    const offer = async (stallion: string, as: 'owner' | 'stranger' = 'owner') => {
      const res = await w.call('POST', '/services', {
        body: { stallion_id: stallion, season: '2026', method: 'natural_cover', stud_fee: 900 },
        as,
        stud: as === 'owner' ? w.studId : w.otherStudId,
      });
      if (res.status !== 201) throw new Error(res.text);
      return res.body.data.id as string;
    };
    const [apolloCover, zeusCover, otherCover] = [
      await offer(apollo),
      await offer(zeus),
      await offer(theirs, 'stranger'),
    ];

    // A service alone, or with its own stallion.
    const alone = await prospectIn(w, { interest: { service_id: zeusCover } });
    expect(alone.interest).toEqual({ stallion_id: null, service_id: zeusCover });
    const pia = await prospectIn(w, { interest: { stallion_id: apollo, service_id: apolloCover } });
    expect(pia.interest).toEqual({ stallion_id: apollo, service_id: apolloCover });

    const refusals: [Record<string, unknown>, string][] = [
      [
        { stallion_id: apollo, service_id: zeusCover },
        "The interest service must be the interest stallion's.",
      ],
      [{ service_id: otherCover }, 'The selected interest service id is invalid.'],
    ];
    for (const [interest, message] of refusals) {
      const res = await w.call('POST', '/prospects', {
        body: { first_name: 'Ben', last_name: 'Prospect', interest },
      });
      expect(res.status, JSON.stringify(interest)).toBe(422);
      expect(res.body.errors).toEqual({ 'interest.service_id': [message] });
    }
    // On PUT, a service given alone is checked against the stored stallion.
    const other = await w.call('PUT', `/prospects/${pia.id}`, {
      body: { interest: { service_id: zeusCover } },
    });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['interest.service_id']);
    // A new stallion given alone clears the other stallion's service.
    const moved = await w.call('PUT', `/prospects/${pia.id}`, {
      body: { interest: { stallion_id: zeus } },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.interest).toEqual({ stallion_id: zeus, service_id: null });
    const both = await w.call('PUT', `/prospects/${pia.id}`, {
      body: { interest: { service_id: zeusCover } },
    });
    expect(both.body.data.interest).toEqual({ stallion_id: zeus, service_id: zeusCover });
    // The same stallion again keeps his service.
    const same = await w.call('PUT', `/prospects/${pia.id}`, {
      body: { interest: { stallion_id: zeus } },
    });
    expect(same.body.data.interest).toEqual({ stallion_id: zeus, service_id: zeusCover });
  });

  it('lists prospects only, with pipeline_status, tag and search filters, paginated', async () => {
    const w = await crmWorld(app);
    const hot = await w.tag('Hot');
    const a = await prospectIn(w, { first_name: 'Ada', tag_ids: [hot.id] });
    const b = await prospectIn(w, { first_name: 'Ben', pipeline_status: 'contacted' });
    const c = await prospectIn(w, {
      kind: 'company',
      company_name: 'Cortijo S.A.',
      pipeline_status: 'contacted',
      tag_ids: [hot.id],
    });
    await w.client({ first_name: 'Ada', tag_ids: [hot.id] });
    await prospectIn(w);
    // Another stud's prospect stays there.
    await w.call('POST', '/prospects', {
      body: { first_name: 'Ada', last_name: 'Elsewhere' },
      as: 'stranger',
      stud: w.otherStudId,
    });
    const ids = async (query: string) =>
      (await w.call('GET', `/prospects?${query}`, { as: 'staff' })).body.data.map(
        (p: { id: string }) => p.id,
      );
    expect((await ids('')).length).toBe(4);
    expect(await ids('pipeline_status=contacted')).toEqual([b.id, c.id]);
    expect(await ids(`tag=${hot.id}`)).toEqual([a.id, c.id]);
    expect(await ids(`tag=${hot.id}&pipeline_status=new`)).toEqual([a.id]);
    expect(await ids('search=ADA')).toEqual([a.id]);
    expect(await ids('search=cortijo')).toEqual([c.id]);
    const page = await w.call('GET', '/prospects?per_page=3&page=2');
    expect(page.body.meta).toMatchObject({
      total: 4,
      per_page: 3,
      current_page: 2,
      from: 4,
      to: 4,
    });
    expect(page.body.links.prev).toContain('per_page=3');
    for (const query of ['pipeline_status=hot', 'per_page=101', 'tag=1']) {
      expect((await w.call('GET', `/prospects?${query}`)).status, query).toBe(422);
    }
  });

  it('answers 404 under /prospects for a client in another stage, another stud’s or an unknown id', async () => {
    const w = await crmWorld(app);
    const client = await w.client();
    const foreign = await w.call('POST', '/prospects', {
      body: { first_name: 'F', last_name: 'G' },
      as: 'stranger',
      stud: w.otherStudId,
    });
    for (const id of [client.id, foreign.body.data.id, crypto.randomUUID(), 'x']) {
      for (const [method, path] of [
        ['GET', `/prospects/${id}`],
        ['PUT', `/prospects/${id}`],
        ['DELETE', `/prospects/${id}`],
        ['POST', `/prospects/${id}/convert`],
      ] as const) {
        const res = await w.call(method, path, {
          body: method === 'PUT' ? { pipeline_status: 'lost' } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error.message).toBe('Prospect not found.');
      }
    }
    // The client is as it was.
    expect((await w.call('GET', `/clients/${client.id}`)).body.data.stage).toBe('client');
  });

  it('keeps a prospect who owns stud horses (409)', async () => {
    const w = await crmWorld(app);
    const pia = await prospectIn(w);
    await studHorse(app, w.studId, { name: 'Bella', ownerClientId: pia.id });
    const res = await w.call('DELETE', `/prospects/${pia.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'The prospect owns horses of the stud and cannot be deleted: set its stage to inactive, or anonymize it.',
    );
  });

  it('is for the stud’s members: 401, 403 for writes without permission, strangers and schools', async () => {
    const w = await crmWorld(app);
    const pia = await prospectIn(w);
    const body = { first_name: 'N', last_name: 'P' };
    expect((await app.request('GET', `/api/studs/${w.studId}/prospects`)).status).toBe(401);
    expect(
      (await app.request('POST', `/api/studs/${w.studId}/prospects/${pia.id}/convert`)).status,
    ).toBe(401);
    for (const as of ['staff', 'viewer'] as const) {
      expect((await w.call('GET', '/prospects', { as })).status).toBe(200);
      expect((await w.call('POST', '/prospects', { as, body })).status).toBe(403);
      expect((await w.call('PUT', `/prospects/${pia.id}`, { as, body })).status).toBe(403);
      expect((await w.call('DELETE', `/prospects/${pia.id}`, { as })).status).toBe(403);
      expect((await w.call('POST', `/prospects/${pia.id}/convert`, { as })).status).toBe(403);
    }
    expect((await w.call('GET', '/prospects', { as: 'stranger' })).status).toBe(403);
    expect((await w.call('GET', '/prospects', { stud: w.schoolId })).status).toBe(403);
  });
});
