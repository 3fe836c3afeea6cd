import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, organizations, verificationRequests } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { pdf, png } from '../test/media-fixtures';

const app = useTestApp();

async function world() {
  const school = await app.createSchool({
    name: 'Sunny Stables',
    members: { 'owner@a.test': 'owner', 'manager@a.test': 'manager' },
  });
  const other = await app.createSchool({ name: 'Other', members: { 'owner@b.test': 'owner' } });
  const owner = await app.tokenFor('owner@a.test');
  const admin = await app.tokenFor(ADMIN_EMAIL);
  // The owner and the administrator become users (their first request), to be notified.
  for (const token of [owner, admin]) await app.request('GET', '/api/notifications', { token });
  const upload = async (organization: string, token: string, bytes: Buffer, filename: string) => {
    const res = await app.request('POST', `/api/schools/${organization}/media`, {
      token,
      body: { file: bytes.toString('base64'), filename },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as string;
  };
  const ask = (body: Record<string, unknown>, token = owner, id = school) =>
    app.request('POST', `/api/schools/${id}/verification-requests`, { token, body });
  return { school, other, owner, admin, upload, ask };
}

const notices = async (token: string) =>
  (await app.request('GET', '/api/notifications', { token })).body.data.map(
    (n: { type: string; title: string }) => `${n.type}: ${n.title}`,
  );

describe('organization verification (DESIGN-MODULES E.2)', () => {
  it('takes a request with documents, one pending at a time, and tells the administrators', async () => {
    const { school, owner, admin, upload, ask } = await world();
    const statutes = await upload(school, owner, pdf(), 'statutes.pdf');
    const licence = await upload(school, owner, await png(), 'licence.png');
    const res = await ask({
      legal_name: 'Sunny Stables S.L.',
      tax_id: 'B12345678',
      address: 'Camino 1, Sevilla',
      documents: [statutes, licence],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      organization: { id: school, name: 'Sunny Stables', type: 'school', verified: false },
      legal_name: 'Sunny Stables S.L.',
      tax_id: 'B12345678',
      registration_number: null,
      status: 'pending',
      decision_reason: null,
      documents: [
        { id: statutes, filename: 'statutes.pdf', content_type: 'application/pdf' },
        { id: licence, filename: 'licence.png', content_type: 'image/png' },
      ],
    });
    expect(await notices(admin)).toEqual([
      'admin.verification_requested: Sunny Stables asks to be verified',
    ]);
    const mailed = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, ADMIN_EMAIL));
    expect(mailed).toHaveLength(1);

    const second = await ask({ legal_name: 'Again' });
    expect(second.status).toBe(409);
    const listed = await app.request('GET', `/api/schools/${school}/verification-requests`, {
      token: owner,
    });
    expect(listed.body.data.map((r: { legal_name: string }) => r.legal_name)).toEqual([
      'Sunny Stables S.L.',
    ]);
  });

  it('refuses another organization’s files, more than five, and managers', async () => {
    const { other, owner, upload, ask } = await world();
    const foreign = await upload(other, await app.tokenFor('owner@b.test'), pdf(), 'x.pdf');
    const wrong = await ask({ legal_name: 'S.L.', documents: [foreign] });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['documents']);
    const six = await ask({
      legal_name: 'S.L.',
      documents: Array.from({ length: 6 }, () => crypto.randomUUID()),
    });
    expect(six.status).toBe(422);
    const nameless = await ask({ legal_name: '  ' });
    expect(Object.keys(nameless.body.errors)).toEqual(['legal_name']);
    const manager = await ask({ legal_name: 'S.L.' }, await app.tokenFor('manager@a.test'));
    expect(manager.status).toBe(403);
    const stranger = await ask({ legal_name: 'S.L.' }, owner, other);
    expect(stranger.status).toBe(403);
    expect(await app.db.$count(verificationRequests)).toBe(0);
    expect((await ask({ legal_name: 'S.L.' })).status).toBe(201);
  });

  it('queues pending requests oldest first; approve verifies, reject needs a reason; one decision wins', async () => {
    const { school, other, owner, admin, upload, ask } = await world();
    const scan = await upload(school, owner, pdf(), 'scan.pdf');
    const first = (await ask({ legal_name: 'Sunny S.L.', documents: [scan] })).body.data;
    const second = (
      await ask({ legal_name: 'Other S.L.' }, await app.tokenFor('owner@b.test'), other)
    ).body.data;

    const queue = await app.request('GET', '/api/admin/verification-requests', { token: admin });
    expect(queue.body.data.map((r: { id: string }) => r.id)).toEqual([first.id, second.id]);
    expect(queue.body.meta.total).toBe(2);

    const file = await app.request(
      'GET',
      `/api/admin/verification-requests/${first.id}/documents/${scan}/content`,
      { token: admin },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.text.startsWith('%PDF-1.4')).toBe(true);
    const notTheirs = await app.request(
      'GET',
      `/api/admin/verification-requests/${second.id}/documents/${scan}/content`,
      { token: admin },
    );
    expect(notTheirs.status).toBe(404);

    const approved = await app.request(
      'POST',
      `/api/admin/verification-requests/${first.id}/approve`,
      { token: admin, body: {} },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      organization: { id: school, verified: true },
      decided_at: expect.any(String),
    });
    const again = await app.request('POST', `/api/admin/verification-requests/${first.id}/reject`, {
      token: admin,
      body: { reason: 'Too late' },
    });
    expect(again.status).toBe(409);
    expect(await notices(owner)).toEqual(['org.verification_decided: Sunny Stables is verified']);

    const reasonless = await app.request(
      'POST',
      `/api/admin/verification-requests/${second.id}/reject`,
      { token: admin, body: {} },
    );
    expect(reasonless.status).toBe(422);
    const rejected = await app.request(
      'POST',
      `/api/admin/verification-requests/${second.id}/reject`,
      { token: admin, body: { reason: 'The tax id does not match the name.' } },
    );
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      decision_reason: 'The tax id does not match the name.',
      organization: { id: other, verified: false },
    });
    const [otherRow] = await app.db.select().from(organizations).where(eq(organizations.id, other));
    expect(otherRow!.verified).toBe(false);
    // A rejected organization may ask again.
    expect(
      (await ask({ legal_name: 'Other S.L.' }, await app.tokenFor('owner@b.test'), other)).status,
    ).toBe(201);

    const pendingOnly = await app.request(
      'GET',
      '/api/admin/verification-requests?status=pending',
      {
        token: admin,
      },
    );
    expect(pendingOnly.body.data).toHaveLength(1);
    const log = await app.request(
      'GET',
      `/api/admin/audit-log?subject_type=verification_request&subject_id=${first.id}`,
      { token: admin },
    );
    expect(log.body.data).toEqual([
      expect.objectContaining({
        action: 'admin.verificationRequests.approve',
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'approved' }),
      }),
    ]);
    const unknown = await app.request(
      'POST',
      '/api/admin/verification-requests/00000000-0000-4000-8000-000000000000/approve',
      { token: admin, body: {} },
    );
    expect(unknown.status).toBe(404);
  });

  it('serves studs the same way', async () => {
    const stud = await app.createSchool({
      type: 'stud',
      name: 'Hill Stud',
      members: { 'owner@stud.test': 'owner' },
    });
    const res = await app.request('POST', `/api/studs/${stud}/verification-requests`, {
      token: await app.tokenFor('owner@stud.test'),
      body: { legal_name: 'Hill Stud Ltd' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.organization).toMatchObject({ id: stud, type: 'stud' });
  });
});
