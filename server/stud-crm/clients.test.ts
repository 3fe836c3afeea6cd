import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { studClients, studClientTags } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { crmWorld, studHorse } from './crm-fixtures';

const app = useTestApp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A client as the API answers it, with the defaults of a new person. */
const record = (fields: Record<string, unknown> = {}) => ({
  id: expect.any(String),
  stage: 'client',
  kind: 'person',
  display_name: 'Ann Owner',
  first_name: 'Ann',
  last_name: 'Owner',
  company_name: null,
  email: null,
  phone: null,
  address: null,
  document_type: null,
  document_number: null,
  source: null,
  tags: [],
  notes: null,
  pipeline_status: null,
  interest: { stallion_id: null, service_id: null },
  expected_value: null,
  anonymized_at: null,
  created_at: expect.stringMatching(ISO),
  updated_at: expect.stringMatching(ISO),
  horses: [],
  ...fields,
});

describe('stud clients: create, read, update, delete', () => {
  it('creates a person with every field, reads, updates and deletes it', async () => {
    const w = await crmWorld(app);
    const vip = await w.tag('VIP');
    const breeder = await w.tag('breeder');
    const created = await w.call('POST', '/clients', {
      body: {
        first_name: ' Ann ',
        last_name: 'Owner',
        email: 'Ann@Example.com',
        phone: '+34 600 000 000',
        address: 'Camino Real 1, Sevilla',
        document_type: 'DNI',
        document_number: '12345678Z',
        source: 'referral',
        tag_ids: [vip.id, breeder.id, vip.id],
        notes: 'Owns three mares',
        stallion_id: crypto.randomUUID(), // a prospect's field: ignored here
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toEqual(
      record({
        email: 'Ann@Example.com',
        phone: '+34 600 000 000',
        address: 'Camino Real 1, Sevilla',
        document_type: 'DNI',
        document_number: '12345678Z',
        source: 'referral',
        tags: [
          { id: breeder.id, name: 'breeder', colour: null },
          { id: vip.id, name: 'VIP', colour: null },
        ],
        notes: 'Owns three mares',
      }),
    );
    const id = created.body.data.id;
    const read = await w.call('GET', `/clients/${id}`, { as: 'viewer' });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(created.body.data);

    const updated = await w.call('PUT', `/clients/${id}`, {
      body: { stage: 'inactive', phone: '', notes: null, tag_ids: [vip.id], last_name: 'Byrne' },
      as: 'manager',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toEqual(
      record({
        ...created.body.data,
        stage: 'inactive',
        last_name: 'Byrne',
        display_name: 'Ann Byrne',
        phone: null,
        notes: null,
        tags: [{ id: vip.id, name: 'VIP', colour: null }],
        updated_at: expect.stringMatching(ISO),
      }),
    );
    // Only the fields sent change; an empty set of tags clears them.
    const cleared = await w.call('PUT', `/clients/${id}`, { body: { tag_ids: [] } });
    expect(cleared.body.data).toMatchObject({
      tags: [],
      stage: 'inactive',
      email: 'Ann@Example.com',
    });

    const removed = await w.call('DELETE', `/clients/${id}`, { as: 'manager' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Client deleted.' });
    expect((await w.call('GET', `/clients/${id}`)).status).toBe(404);
    expect((await w.call('DELETE', `/clients/${id}`)).status).toBe(404);
  });

  it('names a company by its company name, and a person by first and last name', async () => {
    const w = await crmWorld(app);
    const company = await w.call('POST', '/clients', {
      body: { kind: 'company', company_name: 'Yeguada Sur S.L.', first_name: 'Luis' },
    });
    expect(company.status, company.text).toBe(201);
    expect(company.body.data).toMatchObject({
      kind: 'company',
      company_name: 'Yeguada Sur S.L.',
      first_name: 'Luis',
      last_name: null,
      display_name: 'Yeguada Sur S.L.',
    });
    // A company becoming a person needs both names.
    const person = await w.call('PUT', `/clients/${company.body.data.id}`, {
      body: { kind: 'person', last_name: 'Ruiz' },
    });
    expect(person.body.data).toMatchObject({ kind: 'person', display_name: 'Luis Ruiz' });
  });

  it('refuses every rule with 422 on its field', async () => {
    const w = await crmWorld(app);
    const foreignTag = await w.tag('Foreign', w.otherStudId);
    const taken = await w.client({ email: 'taken@example.com' });
    // The same address in another stud is no conflict.
    await w.client({ email: 'elsewhere@example.com' }, w.otherStudId);
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['first_name', 'last_name']],
      [{ first_name: 'Ann' }, ['last_name']],
      [{ first_name: '  ', last_name: 'Owner' }, ['first_name']],
      [{ kind: 'company', first_name: 'Ann', last_name: 'Owner' }, ['company_name']],
      [{ kind: 'company', company_name: '' }, ['company_name']],
      [{ first_name: 'A', last_name: 'B', kind: 'horse' }, ['kind']],
      [{ first_name: 'A', last_name: 'B', stage: 'lead' }, ['stage']],
      [{ first_name: 'A', last_name: 'B', source: 'radio' }, ['source']],
      [{ first_name: 'A', last_name: 'B', email: 'not-an-address' }, ['email']],
      [{ first_name: 'A', last_name: 'B', email: 'TAKEN@example.com' }, ['email']],
      [{ first_name: 'A', last_name: 'B', tag_ids: [foreignTag.id] }, ['tag_ids']],
      [{ first_name: 'A', last_name: 'B', tag_ids: [crypto.randomUUID()] }, ['tag_ids']],
      [{ first_name: 'A', last_name: 'B', tag_ids: ['nope'] }, ['tag_ids.0']],
      [{ first_name: 'A', last_name: 'B', tag_ids: 'nope' }, ['tag_ids']],
      [{ first_name: 'A'.repeat(256), last_name: 'B' }, ['first_name']],
      [{ first_name: 'A', last_name: 'B', phone: '1'.repeat(51) }, ['phone']],
      [{ first_name: 'A', last_name: 'B', notes: 'x'.repeat(5001) }, ['notes']],
    ];
    for (const [body, fields] of cases) {
      const res = await w.call('POST', '/clients', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual(fields.sort());
    }
    const duplicate = await w.call('POST', '/clients', {
      body: { first_name: 'A', last_name: 'B', email: 'taken@EXAMPLE.com' },
    });
    expect(duplicate.body).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    const company = await w.call('POST', '/clients', { body: { kind: 'company' } });
    expect(company.body.errors).toEqual({
      company_name: ['The company name field is required when kind is company.'],
    });

    // The same rules on PUT, against what is stored.
    const other = await w.client({ first_name: 'Bea' });
    const updates: [Record<string, unknown>, string][] = [
      [{ kind: 'company' }, 'company_name'],
      [{ last_name: null }, 'last_name'],
      [{ email: 'Taken@Example.com' }, 'email'],
      [{ tag_ids: [foreignTag.id] }, 'tag_ids'],
      [{ stage: 'prospect-ish' }, 'stage'],
    ];
    for (const [body, field] of updates) {
      const res = await w.call('PUT', `/clients/${other.id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    // Its own address is not taken by itself.
    const same = await w.call('PUT', `/clients/${taken.id}`, {
      body: { email: 'Taken@example.com' },
    });
    expect(same.status).toBe(200);
    // Nothing was written by the refused requests.
    const rows = await app.db.select().from(studClients).where(eq(studClients.studId, w.studId));
    expect(rows).toHaveLength(2);
  });

  it('shows the stud horses the client owns, and keeps a client who owns any (409)', async () => {
    const w = await crmWorld(app);
    const owner = await w.client();
    const other = await w.client({ first_name: 'Bea' });
    await studHorse(app, w.studId, { name: 'Zafira', ownerClientId: owner.id });
    const bella = await studHorse(app, w.studId, { name: 'bella', ownerClientId: owner.id });
    await studHorse(app, w.studId, { name: 'Own mare' });
    const detail = await w.call('GET', `/clients/${owner.id}`);
    expect(detail.body.data.horses).toEqual([
      { id: bella, name: 'bella' },
      { id: expect.any(String), name: 'Zafira' },
    ]);
    expect((await w.call('GET', `/clients/${other.id}`)).body.data.horses).toEqual([]);

    const refused = await w.call('DELETE', `/clients/${owner.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: {
        code: 'CONFLICT',
        message:
          'The client owns horses of the stud and cannot be deleted: set its stage to inactive, or anonymize it.',
      },
    });
    expect((await w.call('GET', `/clients/${owner.id}`)).status).toBe(200);
  });
});

describe('GET /api/studs/{studId}/clients', () => {
  it('pages the clients by display name, 25 unless per_page says', async () => {
    const w = await crmWorld(app);
    const names = Array.from({ length: 27 }, (_, i) => `Client ${String(i + 1).padStart(2, '0')}`);
    for (const name of [...names].reverse())
      await w.client({ first_name: name.split(' ')[0], last_name: name.split(' ')[1] });
    const first = await w.call('GET', '/clients', { as: 'staff' });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(25);
    expect(first.body.data.map((c: { display_name: string }) => c.display_name)).toEqual(
      names.slice(0, 25),
    );
    expect(first.body.data[0]).not.toHaveProperty('horses');
    expect(first.body.meta).toMatchObject({
      current_page: 1,
      from: 1,
      to: 25,
      last_page: 2,
      per_page: 25,
      total: 27,
    });
    const second = await w.call('GET', '/clients?page=2');
    expect(second.body.data.map((c: { display_name: string }) => c.display_name)).toEqual(
      names.slice(25),
    );
    expect(second.body.links.next).toBeNull();
    const small = await w.call('GET', '/clients?per_page=10&page=3');
    expect(small.body.meta).toMatchObject({ from: 21, to: 27, last_page: 3, total: 27 });
    const past = await w.call('GET', '/clients?page=9');
    expect(past.body).toMatchObject({ data: [], meta: { from: null, to: null, total: 27 } });
    for (const query of ['per_page=101', 'per_page=0', 'page=0', 'stage=lead', 'tag=nope']) {
      const res = await w.call('GET', `/clients?${query}`);
      expect(res.status, query).toBe(422);
    }
  });

  it('orders by display name whatever the case, then id, companies among persons', async () => {
    const w = await crmWorld(app);
    await w.client({ first_name: 'carl', last_name: 'Diaz' });
    await w.client({ kind: 'company', company_name: 'Bravo Horses' });
    await w.client({ first_name: 'Ana', last_name: 'Zu' });
    const list = await w.call('GET', '/clients');
    expect(list.body.data.map((c: { display_name: string }) => c.display_name)).toEqual([
      'Ana Zu',
      'Bravo Horses',
      'carl Diaz',
    ]);
  });

  it('filters by stage, tag and search (names, company, e-mail; any case; literally)', async () => {
    const w = await crmWorld(app);
    const vip = await w.tag('VIP');
    const foreign = await w.tag('VIP', w.otherStudId);
    const ann = await w.client({ email: 'ann@mail.test', tag_ids: [vip.id] });
    const bea = await w.client({ first_name: 'Bea', last_name: 'Lopez', stage: 'prospect' });
    const sur = await w.client({
      kind: 'company',
      company_name: 'Yeguada 100% Sur',
      first_name: null,
      last_name: null,
      stage: 'inactive',
      tag_ids: [vip.id],
    });
    await w.client({ first_name: 'Ann', last_name: 'Other' }, w.otherStudId);
    const ids = async (query: string) =>
      (await w.call('GET', `/clients?${query}`)).body.data.map((c: { id: string }) => c.id);

    expect(await ids('')).toEqual([ann.id, bea.id, sur.id]);
    expect(await ids('stage=prospect')).toEqual([bea.id]);
    expect(await ids('stage=inactive')).toEqual([sur.id]);
    expect(await ids(`tag=${vip.id}`)).toEqual([ann.id, sur.id]);
    expect(await ids(`tag=${vip.id}&stage=client`)).toEqual([ann.id]);
    expect(await ids(`tag=${foreign.id}`)).toEqual([]);
    expect(await ids('search=ANN')).toEqual([ann.id]);
    expect(await ids('search=lop')).toEqual([bea.id]);
    expect(await ids('search=bea%20lo')).toEqual([bea.id]);
    expect(await ids('search=yeguada')).toEqual([sur.id]);
    expect(await ids('search=MAIL.TEST')).toEqual([ann.id]);
    expect(await ids('search=100%25')).toEqual([sur.id]);
    expect(await ids('search=%25')).toEqual([sur.id]);
    expect(await ids('search=_')).toEqual([]);
    expect(await ids('search=nobody')).toEqual([]);
  });
});

describe('POST /api/studs/{studId}/clients/{clientId}/anonymize', () => {
  it('erases the personal fields and the tags once, keeps the record, and refuses edits after', async () => {
    const w = await crmWorld(app);
    const vip = await w.tag('VIP');
    const ann = await w.client({
      email: 'ann@mail.test',
      phone: '600',
      address: 'Somewhere 1',
      document_type: 'DNI',
      document_number: '1X',
      source: 'event',
      notes: 'Private',
      tag_ids: [vip.id],
    });
    await studHorse(app, w.studId, { name: 'Bella', ownerClientId: ann.id });
    const res = await w.call('POST', `/clients/${ann.id}/anonymize`, { as: 'manager' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      message: 'Client anonymized.',
      data: record({
        id: ann.id,
        first_name: 'Anonymized',
        last_name: 'client',
        display_name: 'Anonymized client',
        source: 'event',
        anonymized_at: expect.stringMatching(ISO),
        horses: [{ id: expect.any(String), name: 'Bella' }],
      }),
    });
    expect(
      await app.db.select().from(studClientTags).where(eq(studClientTags.clientId, ann.id)),
    ).toEqual([]);
    // The address is free again.
    await w.client({ email: 'ann@mail.test' });

    const again = await w.call('POST', `/clients/${ann.id}/anonymize`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The client is already anonymized.');
    const edit = await w.call('PUT', `/clients/${ann.id}`, { body: { first_name: 'Ann' } });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe('An anonymized client can no longer be edited.');
    expect((await w.call('GET', `/clients/${ann.id}`)).body.data.first_name).toBe('Anonymized');
  });

  it('names an anonymized company "Anonymized client"', async () => {
    const w = await crmWorld(app);
    const company = await w.client({ kind: 'company', company_name: 'Sur S.L.' });
    const res = await w.call('POST', `/clients/${company.id}/anonymize`);
    expect(res.body.data).toMatchObject({
      kind: 'company',
      company_name: 'Anonymized client',
      first_name: 'Anonymized',
      last_name: 'client',
      display_name: 'Anonymized client',
    });
  });

  it('needs clients.delete: owners and managers, not staff or viewers', async () => {
    const w = await crmWorld(app);
    const ann = await w.client();
    for (const as of ['staff', 'viewer'] as const)
      expect((await w.call('POST', `/clients/${ann.id}/anonymize`, { as })).status, as).toBe(403);
    expect((await w.call('POST', `/clients/${crypto.randomUUID()}/anonymize`)).status).toBe(404);
    expect((await w.call('POST', `/clients/${ann.id}/anonymize`, { as: 'owner' })).status).toBe(
      200,
    );
  });
});

describe('who may reach the clients', () => {
  it('answers 401 without a token', async () => {
    const w = await crmWorld(app);
    const ann = await w.client();
    for (const [method, path] of [
      ['GET', '/clients'],
      ['POST', '/clients'],
      ['GET', `/clients/${ann.id}`],
      ['PUT', `/clients/${ann.id}`],
      ['DELETE', `/clients/${ann.id}`],
      ['POST', `/clients/${ann.id}/anonymize`],
    ] as const) {
      const res = await app.request(method, `/api/studs/${w.studId}${path}`, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('lets staff and viewers read only, and answers 403 to strangers and under a school id', async () => {
    const w = await crmWorld(app);
    const ann = await w.client();
    const body = { first_name: 'New', last_name: 'Client' };
    for (const as of ['staff', 'viewer'] as const) {
      expect((await w.call('GET', '/clients', { as })).status, as).toBe(200);
      expect((await w.call('GET', `/clients/${ann.id}`, { as })).status, as).toBe(200);
      expect((await w.call('POST', '/clients', { as, body })).status, as).toBe(403);
      expect((await w.call('PUT', `/clients/${ann.id}`, { as, body })).status, as).toBe(403);
      expect((await w.call('DELETE', `/clients/${ann.id}`, { as })).status, as).toBe(403);
    }
    expect((await w.call('POST', '/clients', { as: 'manager', body })).status).toBe(201);
    // Another stud's owner, and a school's id under /studs (its owner is this stud's owner).
    expect((await w.call('GET', '/clients', { as: 'stranger' })).status).toBe(403);
    expect((await w.call('GET', `/clients/${ann.id}`, { as: 'stranger' })).status).toBe(403);
    expect((await w.call('GET', '/clients', { stud: w.schoolId })).status).toBe(403);
    expect((await w.call('POST', '/clients', { stud: w.schoolId, body })).status).toBe(403);
    // A forbidden caller learns nothing from validation.
    expect((await w.call('POST', '/clients', { as: 'viewer', body: {} })).status).toBe(403);
  });

  it('answers 404 for an unknown, malformed or other stud’s client id', async () => {
    const w = await crmWorld(app);
    const foreign = await w.client({}, w.otherStudId);
    for (const id of [crypto.randomUUID(), 'nope', foreign.id]) {
      for (const [method, path] of [
        ['GET', `/clients/${id}`],
        ['PUT', `/clients/${id}`],
        ['DELETE', `/clients/${id}`],
        ['POST', `/clients/${id}/anonymize`],
      ] as const) {
        const res = await w.call(method, path, {
          body: method === 'PUT' ? { notes: 'x' } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Client not found.' } });
      }
    }
    // The other stud's client is untouched.
    expect(
      (await w.call('GET', `/clients/${foreign.id}`, { as: 'stranger', stud: w.otherStudId })).body
        .data.notes,
    ).toBeNull();
  });
});

describe('SQL statements of the CRM reads', () => {
  it('are the same for 2 and for 25 clients, each with tags and a horse', async () => {
    const w = await crmWorld(app);
    const tags = [await w.tag('A'), await w.tag('B')];
    const ids: string[] = [];
    /** Clients up to `n` (every other one a prospect); the statements of each read. */
    async function statementsWith(n: number) {
      for (let i = ids.length; i < n; i++) {
        const client = await w.client({
          first_name: `Client${i}`,
          stage: i % 2 ? 'prospect' : 'client',
          tag_ids: tags.map((t) => t.id),
        });
        await studHorse(app, w.studId, { name: `Horse ${i}`, ownerClientId: client.id });
        ids.push(client.id);
      }
      const token = await app.tokenFor(w.emails.viewer);
      const counts: Record<string, number> = {};
      for (const path of [
        '/clients',
        `/clients?tag=${tags[0]!.id}&search=client&stage=client`,
        `/clients/${ids[0]}`,
        `/prospects?tag=${tags[1]!.id}`,
        `/prospects/${ids[1]}`,
        '/tags',
        `/tags/${tags[0]!.id}`,
      ]) {
        const counter = { count: 0 };
        const res = await statementCounter.run(counter, () =>
          app.request('GET', `/api/studs/${w.studId}${path}`, { token }),
        );
        expect(res.status, `${path}: ${res.text}`).toBe(200);
        counts[path.replace(/[0-9a-f-]{36}/g, '{id}')] = counter.count;
      }
      return counts;
    }

    // The first request binds the viewer's invitation.
    await w.call('GET', '', { as: 'viewer' });
    const small = await statementsWith(2);
    const large = await statementsWith(25);
    expect(large).toEqual(small);
    expect(Math.min(...Object.values(small))).toBeGreaterThan(0);
    const list = await w.call('GET', '/clients?per_page=100');
    expect(list.body.data).toHaveLength(25);
    expect(list.body.data.every((c: { tags: unknown[] }) => c.tags.length === 2)).toBe(true);
  });
});
