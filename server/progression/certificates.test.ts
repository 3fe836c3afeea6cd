import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { levelChanges } from '@/db/schema';
import { DEMO_CERTIFICATE_CODE, DEMO_OWNER_EMAIL, seedDemo } from '@/db/seed-demo';
import { PUBLIC_LIMITS } from '../kernel/trpc/public';
import { useTestApp } from '../test/harness';
import { daysAgo, progressionFixtures, schoolWithRoles } from '../test/progression-fixtures';
import { awayFromWindowEdge } from '../test/rate-limit-window';

const app = useTestApp({ env: { TRUST_PROXY: '1', APP_URL: 'https://riding.example' } });
const p = progressionFixtures(() => app.db);

const setup = () => schoolWithRoles(app, 'Sunny Stables');

const base = (school: string) => `/api/schools/${school}/certificates`;
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
/** Each test's public reads come from their own client, so the limiter's buckets do not mix. */
let client = 0;
const verify = (code: string, ip = `203.0.113.${++client}`) =>
  app.request('GET', `/api/public/certificates/${encodeURIComponent(code)}`, {
    headers: { 'x-forwarded-for': ip },
  });

async function issued(school: string, token: string, body: Record<string, unknown> = {}) {
  const rider = await p.rider(school);
  const res = await app.request('POST', base(school), {
    token,
    body: { student_id: rider.student.id, title: 'Bronze rider', kind: 'level', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return { rider, certificate: res.body.data };
}

describe('certificates', () => {
  it('issues a certificate in the holder’s name with an unguessable code, and reads it', async () => {
    const { school, manager, viewer } = await setup();
    const level = await p.level(school, { name: 'Bronze', position: 1 });
    const { rider, certificate } = await issued(school, manager, {
      level_id: level.id,
      description: 'Walk, trot and canter\non both reins',
      valid_until: daysAgo(-365),
      signed_by_name: 'Laura Méndez',
    });
    expect(certificate).toEqual({
      id: expect.any(String),
      code: expect.stringMatching(CODE),
      student: { id: rider.student.id, full_name: 'Ana García' },
      title: 'Bronze rider',
      kind: 'level',
      level_id: level.id,
      badge_id: null,
      competition_id: null,
      description: 'Walk, trot and canter\non both reins',
      issued_on: daysAgo(0),
      valid_until: daysAgo(-365),
      signed_by_name: 'Laura Méndez',
      holder_name: 'Ana García',
      status: 'valid',
      expired: false,
      revoked_at: null,
      revoke_reason: null,
      issued_by: { id: expect.any(String), name: 'manager' },
      verify_url: `https://riding.example/verify/${certificate.code}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await app.request('GET', `${base(school)}/${certificate.id}`, { token: viewer });
    expect(read.body.data).toEqual(certificate);
    // Two certificates never share a code.
    const second = await issued(school, manager);
    expect(second.certificate.code).not.toBe(certificate.code);
  });

  it('is immutable: no update, no delete', async () => {
    const { school, owner } = await setup();
    const { certificate } = await issued(school, owner);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await app.request(method, `${base(school)}/${certificate.id}`, {
        token: owner,
        body: method === 'DELETE' ? undefined : { title: 'Gold rider' },
      });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
    }
    expect(
      (await app.request('GET', `${base(school)}/${certificate.id}`, { token: owner })).body.data,
    ).toEqual(certificate);
  });

  it('refuses bad input with 422 on the field', async () => {
    const { school, other, owner } = await setup();
    const rider = await p.rider(school);
    const foreign = await p.rider(other, { firstName: 'Eve', lastName: 'Other' });
    const foreignLevel = await p.level(other, { name: 'Foreign', position: 1 });
    const anonymized = await p.rider(school, { firstName: 'Zoe', lastName: 'Gone' });
    await app.request(
      'POST',
      `/api/schools/${school}/students/${anonymized.student.id}/anonymize`,
      { token: owner },
    );
    const valid = { student_id: rider.student.id, title: 'Course', kind: 'course' };

    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: '' }, 'title'],
      [{ ...valid, kind: 'diploma' }, 'kind'],
      [{ ...valid, student_id: foreign.student.id }, 'student_id'],
      [{ ...valid, student_id: anonymized.student.id }, 'student_id'],
      [{ ...valid, level_id: foreignLevel.id }, 'level_id'],
      [{ ...valid, issued_on: daysAgo(-1) }, 'issued_on'],
      [{ ...valid, issued_on: daysAgo(10), valid_until: daysAgo(11) }, 'valid_until'],
    ];
    for (const [body, field] of cases) {
      const res = await app.request('POST', base(school), { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toHaveProperty(field);
    }
  });

  it('lists newest first with filters and pages', async () => {
    const { school, owner } = await setup();
    const a = await issued(school, owner, { kind: 'course', issued_on: daysAgo(30) });
    const b = await issued(school, owner, {
      kind: 'level',
      issued_on: daysAgo(20),
      valid_until: daysAgo(5),
    });
    const cc = await issued(school, owner, { kind: 'level', issued_on: daysAgo(10) });
    await app.request('POST', `${base(school)}/${cc.certificate.id}/revoke`, {
      token: owner,
      body: { reason: 'Typo' },
    });

    const titles = async (query: string) =>
      (await app.request('GET', `${base(school)}?${query}`, { token: owner })).body.data.map(
        (x: { id: string }) => x.id,
      );
    expect(await titles('')).toEqual([cc.certificate.id, b.certificate.id, a.certificate.id]);
    expect(await titles('kind=level')).toEqual([cc.certificate.id, b.certificate.id]);
    expect(await titles('status=valid')).toEqual([a.certificate.id]);
    expect(await titles('status=expired')).toEqual([b.certificate.id]);
    expect(await titles('status=revoked')).toEqual([cc.certificate.id]);
    expect(await titles(`student_id=${a.rider.student.id}`)).toEqual([a.certificate.id]);
    const page = await app.request('GET', `${base(school)}?per_page=2&page=2`, { token: owner });
    expect(page.body.data.map((x: { id: string }) => x.id)).toEqual([a.certificate.id]);
    expect(page.body.meta).toMatchObject({ total: 3, last_page: 2, current_page: 2 });
    expect((await app.request('GET', `${base(school)}?status=lost`, { token: owner })).status).toBe(
      422,
    );
  });

  it('revokes with a reason, once; the code then verifies as revoked', async () => {
    const { school, owner } = await setup();
    const { certificate } = await issued(school, owner);
    expect(
      (
        await app.request('POST', `${base(school)}/${certificate.id}/revoke`, {
          token: owner,
          body: {},
        })
      ).status,
    ).toBe(422);

    const revoked = await app.request('POST', `${base(school)}/${certificate.id}/revoke`, {
      token: owner,
      body: { reason: 'Issued to the wrong rider' },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({
      message: 'Certificate revoked.',
      data: expect.objectContaining({
        status: 'revoked',
        revoke_reason: 'Issued to the wrong rider',
        revoked_at: expect.any(String),
      }),
    });
    const again = await app.request('POST', `${base(school)}/${certificate.id}/revoke`, {
      token: owner,
      body: { reason: 'Twice' },
    });
    expect(again.status).toBe(409);

    const publicRead = await verify(certificate.code);
    expect(publicRead.body.data).toMatchObject({
      status: 'revoked',
      revoked_at: revoked.body.data.revoked_at,
    });
  });

  it('prints an A4 page whose QR code opens the verification page', async () => {
    const { school, owner, viewer } = await setup();
    const rider = await p.rider(school, { firstName: '<b>Ana</b>', lastName: 'García' });
    const res = await app.request('POST', base(school), {
      token: owner,
      body: { student_id: rider.student.id, title: 'Bronze & beyond', kind: 'level' },
    });
    const certificate = res.body.data;
    const page = await app.request('GET', `${base(school)}/${certificate.id}/document`, {
      token: viewer,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('size: A4');
    expect(page.text).toContain('Sunny Stables');
    expect(page.text).toContain('Bronze &amp; beyond');
    expect(page.text).toContain('&lt;b&gt;Ana&lt;/b&gt; García');
    expect(page.text).not.toContain('<b>Ana</b>');
    expect(page.text).toContain(certificate.code);

    const svg = page.text.slice(page.text.indexOf('<svg'), page.text.indexOf('</svg>') + 6);
    const { data, info } = await sharp(Buffer.from(svg))
      .resize(400, 400)
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(`https://riding.example/verify/${certificate.code}`);

    expect((await app.request('GET', `${base(school)}/${certificate.id}/document`)).status).toBe(
      401,
    );
  });

  it('guards by role and school', async () => {
    const { school, other, owner, instructor, viewer, stranger } = await setup();
    const { certificate } = await issued(school, owner);
    const foreign = await issued(other, stranger);
    const rider = await p.rider(school);
    for (const token of [instructor, viewer]) {
      expect((await app.request('GET', base(school), { token })).status).toBe(200);
      expect(
        (
          await app.request('POST', base(school), {
            token,
            body: { student_id: rider.student.id, title: 'X', kind: 'other' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await app.request('POST', `${base(school)}/${certificate.id}/revoke`, {
            token,
            body: { reason: 'x' },
          })
        ).status,
      ).toBe(403);
    }
    expect((await app.request('GET', base(school), { token: stranger })).status).toBe(403);
    for (const suffix of ['', '/document'])
      expect(
        (
          await app.request('GET', `${base(school)}/${foreign.certificate.id}${suffix}`, {
            token: owner,
          })
        ).status,
      ).toBe(404);
    expect(
      (
        await app.request('POST', `${base(school)}/${foreign.certificate.id}/revoke`, {
          token: owner,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('counts as the student’s history: the student cannot be deleted', async () => {
    const { school, owner } = await setup();
    const student = await app.request('POST', `/api/schools/${school}/students`, {
      token: owner,
      body: { first_name: 'Lia', last_name: 'Sosa' },
    });
    await app.request('POST', base(school), {
      token: owner,
      body: { student_id: student.body.data.id, title: 'Course', kind: 'course' },
    });
    expect(
      (
        await app.request('DELETE', `/api/schools/${school}/students/${student.body.data.id}`, {
          token: owner,
        })
      ).status,
    ).toBe(409);
  });
});

describe('GET /api/public/certificates/{code}', () => {
  it('answers, without sign-in, only what is printed, however the code is typed', async () => {
    const { school, owner } = await setup();
    const { certificate } = await issued(school, owner, {
      valid_until: daysAgo(-30),
      signed_by_name: 'L. Méndez',
    });
    const expected = {
      data: {
        code: certificate.code,
        status: 'valid',
        title: 'Bronze rider',
        kind: 'level',
        holder_name: 'Ana García',
        issued_on: daysAgo(0),
        valid_until: daysAgo(-30),
        revoked_at: null,
        school: { name: 'Sunny Stables', verified: false },
      },
    };
    expect((await verify(certificate.code)).body).toEqual(expected);
    const typed = certificate.code
      .toLowerCase()
      .replace(/-/g, ' ')
      .replace(/0/g, 'o')
      .replace(/1/g, 'l');
    expect((await verify(typed)).body).toEqual(expected);
  });

  it('derives expired from valid_until, answers 404 for an unknown or malformed code', async () => {
    const { school, owner } = await setup();
    const { certificate } = await issued(school, owner, {
      issued_on: daysAgo(400),
      valid_until: daysAgo(1),
    });
    expect((await verify(certificate.code)).body.data.status).toBe('expired');
    const unknown = await verify('ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Certificate not found.' },
    });
    expect((await verify('not-a-code')).status).toBe(404);
  });

  it('shows only initials once the student is anonymized', async () => {
    const { school, owner } = await setup();
    const { rider, certificate } = await issued(school, owner);
    await app.db.insert(levelChanges).values({
      schoolId: school,
      studentId: rider.student.id,
      levelId: (await p.level(school, { name: 'Pony', position: 1 })).id,
      achievedOn: daysAgo(1),
      notes: 'Ana was nervous at first',
    });
    const res = await app.request(
      'POST',
      `/api/schools/${school}/students/${rider.student.id}/anonymize`,
      {
        token: owner,
      },
    );
    expect(res.status).toBe(200);
    expect((await verify(certificate.code)).body.data.holder_name).toBe('A. G.');
    const staff = await app.request('GET', `${base(school)}/${certificate.id}`, { token: owner });
    expect(staff.body.data.holder_name).toBe('A. G.');
    const changes = await app.request(
      'GET',
      `/api/schools/${school}/students/${rider.student.id}/level-changes`,
      {
        token: owner,
      },
    );
    expect(changes.body.data[0].notes).toBeNull();
  });

  it('is limited to 30 reads a minute per client, valid code or not', async () => {
    const { school, owner } = await setup();
    const { certificate } = await issued(school, owner);
    await awayFromWindowEdge(app.db);
    const ip = '198.51.100.77';
    for (let i = 0; i < PUBLIC_LIMITS.read; i++)
      expect((await verify(i % 2 ? certificate.code : 'ZZZZ-ZZZZ-ZZZZ', ip)).status).toBe(
        i % 2 ? 200 : 404,
      );
    const limited = await verify(certificate.code, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await verify(certificate.code, '198.51.100.78')).status).toBe(200);
  });
});

describe('the demo data', () => {
  it('shows a rider on the ladder with badges, a timeline and a certificate anyone can check', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const owner = await app.tokenFor(DEMO_OWNER_EMAIL);
    const [school] = (await app.request('GET', '/api/schools', { token: owner })).body.data;
    const students = await app.request('GET', `/api/schools/${school.id}/students?search=Lucía`, {
      token: owner,
    });
    const student = `/api/schools/${school.id}/students/${students.body.data[0].id}`;

    const progress = await app.request('GET', `${student}/progress`, { token: owner });
    expect(progress.body.data).toMatchObject({
      current_level: { name: 'Bronze' },
      next_level: { name: 'Silver', min_attended_classes: 16 },
      badges_count: 2,
      certificates_count: 1,
    });
    expect(progress.body.data.attendance_rate_90d).toBeGreaterThan(0);
    const timeline = await app.request('GET', `${student}/timeline`, { token: owner });
    expect(timeline.body.data.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['level_changed', 'badge_awarded', 'certificate_issued', 'enrolled']),
    );
    const [certificate] = (
      await app.request('GET', `/api/schools/${school.id}/certificates`, { token: owner })
    ).body.data;
    expect(certificate.code).toBe(DEMO_CERTIFICATE_CODE);
    expect((await verify('dem0 2026 0001')).body.data).toMatchObject({
      status: 'valid',
      title: 'Bronze rider',
      holder_name: 'Lucía García',
    });
  });
});
