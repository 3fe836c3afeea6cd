import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, studServices } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { BODY, contractWorld } from './contract-fixtures';

const app = useTestApp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('stud contract templates', () => {
  it('creates, lists by name with filters, reads, updates and deletes templates', async () => {
    const w = await contractWorld(app);
    const created = await w.call(
      'POST',
      '/contract-templates',
      { name: ' Stallion season ', kind: 'breeding', body: `${BODY}\n\n{{ fees }} {{fees}}` },
      'manager',
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'Stallion season',
      kind: 'breeding',
      body: `${BODY}\n\n{{ fees }} {{fees}}`,
      active: true,
      placeholders: ['stud', 'client', 'today', 'fees'],
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const season = created.body.data;
    const boarding = await w.template({ name: 'boarding', kind: 'boarding', active: false });
    const archive = await w.template({ name: 'Archive', kind: 'other' });
    await w.vale.call('POST', '/contract-templates', { name: 'Foreign', kind: 'other', body: 'x' });

    const names = async (query = '') => {
      const res = await w.call('GET', `/contract-templates${query}`, undefined, 'viewer');
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((t: { name: string }) => t.name);
    };
    expect(await names()).toEqual(['Archive', 'boarding', 'Stallion season']);
    expect(await names('?kind=boarding')).toEqual(['boarding']);
    expect(await names('?active=false')).toEqual(['boarding']);
    expect(await names('?active=true&kind=other')).toEqual(['Archive']);
    expect((await w.call('GET', '/contract-templates?kind=lease')).status).toBe(422);

    const read = await w.call('GET', `/contract-templates/${season.id}`, undefined, 'staff');
    expect(read.body.data).toEqual(season);

    const updated = await w.call('PUT', `/contract-templates/${boarding.id}`, {
      active: true,
      body: 'Stabling for {{client}}.',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'boarding',
      kind: 'boarding',
      active: true,
      body: 'Stabling for {{client}}.',
      placeholders: ['client'],
    });

    const removed = await w.call(
      'DELETE',
      `/contract-templates/${archive.id}`,
      undefined,
      'manager',
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Template deleted.' });
    expect((await w.call('GET', `/contract-templates/${archive.id}`)).status).toBe(404);
  });

  it('keeps services and contracts working when their template is deleted', async () => {
    const w = await contractWorld(app);
    const template = await w.template();
    const apollo = await w.stallion();
    const service = await w.service(apollo.id, { contract_template_id: template.id });
    const contract = await w.contract({ template_id: template.id, body: undefined });
    expect(contract).toMatchObject({ template_id: template.id, body: BODY, kind: 'breeding' });

    expect((await w.call('DELETE', `/contract-templates/${template.id}`)).status).toBe(200);
    const [svc] = await app.db
      .select()
      .from(studServices)
      .where(and(eq(studServices.studId, w.studId), eq(studServices.id, service.id)));
    expect(svc!.contractTemplateId).toBeNull();
    const [row] = await app.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.studId, w.studId), eq(contracts.id, contract.id)));
    expect(row).toMatchObject({ templateId: null, body: BODY });
    expect((await w.call('GET', `/contracts/${contract.id}`)).body.data.template_id).toBeNull();
  });

  it('refuses a bad name, kind or body, and a taken name whatever its case, with 422', async () => {
    const w = await contractWorld(app);
    const taken = await w.template({ name: 'Breeding' });
    await w.vale.call('POST', '/contract-templates', { name: 'Vale', kind: 'other', body: 'x' });
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'other', body: 'x' }, 'name'],
      [{ name: ' ', kind: 'other', body: 'x' }, 'name'],
      [{ name: 'x'.repeat(121), kind: 'other', body: 'x' }, 'name'],
      [{ name: 'breeding', kind: 'other', body: 'x' }, 'name'],
      [{ name: 'New', kind: 'lease', body: 'x' }, 'kind'],
      [{ name: 'New', kind: 'other' }, 'body'],
      [{ name: 'New', kind: 'other', body: 'Fee: {{price}}' }, 'body'],
      [{ name: 'New', kind: 'other', body: 'x', active: 'yes' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const res = await w.call('POST', '/contract-templates', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const unknown = await w.call('POST', '/contract-templates', {
      name: 'New',
      kind: 'other',
      body: '{{price}} and {{ mare }}',
    });
    expect(unknown.body.errors.body[0]).toContain('{{price}}');
    const clash = await w.call('POST', '/contract-templates', {
      name: 'BREEDING',
      kind: 'other',
      body: 'x',
    });
    expect(clash.body).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    const other = await w.template({ name: 'Other' });
    const rename = await w.call('PUT', `/contract-templates/${other.id}`, { name: 'breeding' });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toEqual({ name: ['The name has already been taken.'] });
    const badBody = await w.call('PUT', `/contract-templates/${other.id}`, { body: '{{price}}' });
    expect(Object.keys(badBody.body.errors)).toEqual(['body']);
    expect(
      (await w.call('PUT', `/contract-templates/${taken.id}`, { name: 'BREEDING' })).status,
    ).toBe(200);
    // Another stud's name is no conflict.
    expect((await w.template({ name: 'Vale' })).name).toBe('Vale');
  });

  it('is for the stud’s members: 401, 403 for writes without permission, 404 for others’', async () => {
    const w = await contractWorld(app);
    const mine = await w.template();
    const foreign = await w.vale.call('POST', '/contract-templates', {
      name: 'Foreign',
      kind: 'other',
      body: 'x',
    });
    const path = `/api/studs/${w.studId}/contract-templates`;
    expect((await app.request('GET', path)).status).toBe(401);
    expect((await app.request('POST', path, { body: { name: 'X' } })).status).toBe(401);
    const fields = { name: 'X', kind: 'other', body: 'x' };
    for (const as of ['staff', 'viewer'] as const) {
      expect((await w.call('GET', '/contract-templates', undefined, as)).status).toBe(200);
      expect((await w.call('POST', '/contract-templates', fields, as)).status).toBe(403);
      expect((await w.call('PUT', `/contract-templates/${mine.id}`, fields, as)).status).toBe(403);
      expect((await w.call('DELETE', `/contract-templates/${mine.id}`, undefined, as)).status).toBe(
        403,
      );
    }
    const stranger = await app.tokenFor(w.vale.emails.owner);
    expect((await app.request('GET', path, { token: stranger })).status).toBe(403);
    expect((await app.request('GET', `${path}/${mine.id}`, { token: stranger })).status).toBe(403);
    for (const id of [foreign.body.data.id, crypto.randomUUID(), 'nope']) {
      expect((await w.call('GET', `/contract-templates/${id}`)).status).toBe(404);
      expect((await w.call('PUT', `/contract-templates/${id}`, { name: 'Mine' })).status).toBe(404);
      expect((await w.call('DELETE', `/contract-templates/${id}`)).status).toBe(404);
    }
  });
});
