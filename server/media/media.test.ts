import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { media, mediaBlobs, schoolHorseMedia } from '@/db/schema';
import { DEMO_OWNER_EMAIL, seedDemo } from '@/db/seed-demo';
import { useTestApp } from '../test/harness';
import { jpegWithExif, pdf, png } from '../test/media-fixtures';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const fixtures = schoolFixtures(() => app.db);
const MB = 1024 * 1024;

const STAFF = {
  owner: 'owner@media.test',
  manager: 'manager@media.test',
  instructor: 'teacher@media.test',
  viewer: 'viewer@media.test',
} as const;

async function world() {
  const schoolId = await app.createSchool({
    name: 'Media School',
    members: {
      [STAFF.owner]: 'owner',
      [STAFF.manager]: 'manager',
      [STAFF.instructor]: 'instructor',
      [STAFF.viewer]: 'viewer',
    },
  });
  const otherId = await app.createSchool({
    name: 'Other School',
    members: { 'other@media.test': 'owner' },
  });
  const horse = await fixtures.horse(schoolId, { name: 'Tormenta' });
  const otherHorse = await fixtures.horse(otherId, { name: 'Elsewhere' });
  return { schoolId, otherId, horse, otherHorse };
}

const token = (email: string) => app.tokenFor(email);

/** A multipart body: the file in the part `file` under `name`, and text parts. */
function form(bytes: Uint8Array, name: string, type: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

async function upload(
  schoolId: string,
  bytes: Uint8Array,
  name: string,
  fields: Record<string, string> = {},
  email: string = STAFF.owner,
  type = 'application/octet-stream',
) {
  return app.request('POST', `/api/schools/${schoolId}/media`, {
    token: await token(email),
    rawBody: form(bytes, name, type, fields),
  });
}

/** The content route, read as bytes (the harness reads answers as text). */
async function content(path: string, email: string = STAFF.owner) {
  const res = await app.handler(
    new Request(`http://localhost:3000${path}`, {
      headers: { authorization: `Bearer ${await token(email)}` },
    }),
  );
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST /api/schools/{schoolId}/media', () => {
  it('stores a horse photo turned upright and without its metadata, and serves it', async () => {
    const { schoolId, horse } = await world();
    const photo = await jpegWithExif(40, 20);
    expect(photo.toString('latin1')).toContain('TestCam');

    const res = await upload(schoolId, photo, 'C:\\photos\\tormenta.JPG', {
      subject_type: 'horse',
      subject_id: horse.id,
      caption: '  In the paddock ',
    });

    expect(res.status, res.text).toBe(201);
    const item = res.body.data;
    expect(item).toEqual({
      id: expect.any(String),
      subject_type: 'horse',
      subject_id: horse.id,
      content_type: 'image/jpeg',
      size_bytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      filename: 'tormenta.jpg',
      caption: 'In the paddock',
      // EXIF orientation 6: the 40×20 picture stands 20 wide and 40 high.
      width: 20,
      height: 40,
      is_public: false,
      url: `/api/schools/${schoolId}/media/${item.id}/content`,
      created_at: expect.any(String),
    });

    const file = await content(item.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe(
      `inline; filename="tormenta.jpg"; filename*=UTF-8''tormenta.jpg`,
    );
    expect(file.bytes.length).toBe(item.size_bytes);
    expect(sha256(file.bytes)).toBe(item.sha256);
    const kept = file.bytes.toString('latin1');
    expect(kept).not.toContain('TestCam');
    const metadata = await sharp(file.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
  });

  it('takes a PNG in JSON as base64, and a PDF byte for byte', async () => {
    const { schoolId } = await world();
    const image = await png(6, 3);
    const json = await app.request('POST', `/api/schools/${schoolId}/media`, {
      token: await token(STAFF.manager),
      body: { file: image.toString('base64'), filename: 'logo.png' },
    });
    expect(json.status, json.text).toBe(201);
    expect(json.body.data).toMatchObject({
      content_type: 'image/png',
      filename: 'logo.png',
      subject_type: null,
      subject_id: null,
      width: 6,
      height: 3,
    });

    const document = pdf();
    const res = await upload(schoolId, document, 'insurance.pdf', { caption: 'Policy' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      content_type: 'application/pdf',
      filename: 'insurance.pdf',
      size_bytes: document.length,
      sha256: sha256(document),
      width: null,
      height: null,
    });
    const file = await content(res.body.data.url);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.bytes.equals(document)).toBe(true);
  });

  it('reads the type from the bytes, not from the name or the part header', async () => {
    const { schoolId } = await world();
    const disguised = await upload(
      schoolId,
      await png(),
      'scan.pdf',
      {},
      STAFF.owner,
      'application/pdf',
    );
    expect(disguised.status).toBe(201);
    expect(disguised.body.data).toMatchObject({ content_type: 'image/png', filename: 'scan.png' });

    const text = await upload(
      schoolId,
      Buffer.from('<svg onload="alert(1)"/>'),
      'photo.jpg',
      {},
      STAFF.owner,
      'image/jpeg',
    );
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({
      file: ['The file must be a JPEG, PNG or WebP image or a PDF.'],
    });

    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refused = await upload(schoolId, gif, 'anim.gif');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.file).toBeDefined();

    const broken = (await jpegWithExif()).subarray(0, 200);
    const unreadable = await upload(schoolId, broken, 'broken.jpg');
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.errors).toEqual({ file: ['The image could not be read.'] });

    const empty = await app.request('POST', `/api/schools/${schoolId}/media`, {
      token: await token(STAFF.owner),
      body: { file: '' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ file: ['The file is empty.'] });

    const notBase64 = await app.request('POST', `/api/schools/${schoolId}/media`, {
      token: await token(STAFF.owner),
      body: { file: 'not base64!' },
    });
    expect(notBase64.status).toBe(422);
    expect(notBase64.body.errors.file).toBeDefined();
    // Only the disguised PNG was kept.
    expect(await app.db.$count(media)).toBe(1);
  });

  it('answers 413 to an image over 10 MB and a file over 20 MB, and keeps nothing', async () => {
    const { schoolId } = await world();
    const bigImage = Buffer.concat([await png(), Buffer.alloc(10 * MB)]);
    const image = await upload(schoolId, bigImage, 'big.png');
    expect(image.status).toBe(413);
    expect(image.body).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'An image may be at most 10 MB.' },
    });

    const bigPdf = pdf(20 * MB);
    const document = await upload(schoolId, bigPdf, 'big.pdf');
    expect(document.status).toBe(413);
    expect(document.body).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB.' },
    });

    const almost = pdf(20 * MB - pdf().length - 16);
    const accepted = await upload(schoolId, almost, 'thick.pdf');
    expect(accepted.status, accepted.text).toBe(201);
    expect(await app.db.$count(media)).toBe(1);
  });

  it('links only a horse of the same school; subject fields come together', async () => {
    const { schoolId, otherHorse } = await world();
    const photo = await png();
    const foreign = await upload(schoolId, photo, 'x.png', {
      subject_type: 'horse',
      subject_id: otherHorse.id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ subject_id: ['The horse was not found.'] });

    const half = await upload(schoolId, photo, 'x.png', { subject_id: otherHorse.id });
    expect(half.status).toBe(422);
    expect(half.body.errors).toEqual({
      subject_type: ['The subject type field is required with subject id.'],
    });
    const unknownType = await upload(schoolId, photo, 'x.png', {
      subject_type: 'student',
      subject_id: otherHorse.id,
    });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors.subject_type).toBeDefined();
    expect(await app.db.$count(media)).toBe(0);
    expect(await app.db.$count(mediaBlobs)).toBe(0);
  });

  it('is for owners and managers: 401 without a token, 403 for instructors, viewers and strangers', async () => {
    const { schoolId, otherId } = await world();
    const photo = await png();
    const anonymous = await app.request('POST', `/api/schools/${schoolId}/media`, {
      rawBody: form(photo, 'x.png', 'image/png'),
    });
    expect(anonymous.status).toBe(401);
    for (const email of [STAFF.instructor, STAFF.viewer, 'other@media.test']) {
      expect((await upload(schoolId, photo, 'x.png', {}, email)).status).toBe(403);
    }
    // The owner of another school, naming this school's id under their own school's path.
    expect((await upload(otherId, photo, 'x.png', {}, STAFF.owner)).status).toBe(403);
    expect(await app.db.$count(media)).toBe(0);
  });
});

describe('GET and DELETE /api/schools/{schoolId}/media', () => {
  it("lists the school's media newest first, by subject, for every member", async () => {
    const { schoolId, horse } = await world();
    const first = await upload(schoolId, await png(), 'first.png', {
      subject_type: 'horse',
      subject_id: horse.id,
    });
    const second = await upload(schoolId, pdf(), 'second.pdf');

    const all = await app.request('GET', `/api/schools/${schoolId}/media`, {
      token: await token(STAFF.instructor),
    });
    expect(all.status).toBe(200);
    expect(all.body.data.map((m: { id: string }) => m.id)).toEqual([
      second.body.data.id,
      first.body.data.id,
    ]);
    expect(all.body.meta).toMatchObject({ total: 2, per_page: 24, current_page: 1 });

    const ofHorse = await app.request(
      'GET',
      `/api/schools/${schoolId}/media?subject_type=horse&subject_id=${horse.id}`,
      { token: await token(STAFF.viewer) },
    );
    expect(ofHorse.body.data).toEqual([first.body.data]);

    const one = await app.request('GET', `/api/schools/${schoolId}/media/${first.body.data.id}`, {
      token: await token(STAFF.viewer),
    });
    expect(one.body.data).toEqual(first.body.data);
    expect((await content(first.body.data.url, STAFF.viewer)).status).toBe(200);
  });

  it("never serves another school's media: 404 under this school's path", async () => {
    const { schoolId, otherId } = await world();
    const theirs = await upload(otherId, await png(), 'theirs.png', {}, 'other@media.test');
    const id = theirs.body.data.id;
    const owner = await token(STAFF.owner);
    for (const path of [`/media/${id}`, `/media/${id}/content`, '/media/not-a-uuid']) {
      const res = await app.request('GET', `/api/schools/${schoolId}${path}`, { token: owner });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Media not found.' } });
    }
    const del = await app.request('DELETE', `/api/schools/${schoolId}/media/${id}`, {
      token: owner,
    });
    expect(del.status).toBe(404);
    expect(await app.db.$count(media)).toBe(1);
    // Under its own school's path, a stranger is refused before anything is looked up.
    const stranger = await app.request('GET', `/api/schools/${otherId}/media/${id}/content`, {
      token: owner,
    });
    expect(stranger.status).toBe(403);
  });

  it('deletes a file with its link and its bytes; a deleted horse leaves its photos unlinked', async () => {
    const { schoolId, horse } = await world();
    const linked = { subject_type: 'horse', subject_id: horse.id };
    const gone = await upload(schoolId, await png(), 'a.png', linked);
    const kept = await upload(schoolId, await png(), 'b.png', linked);

    expect(
      (
        await app.request('DELETE', `/api/schools/${schoolId}/media/${gone.body.data.id}`, {
          token: await token(STAFF.instructor),
        })
      ).status,
    ).toBe(403);
    const del = await app.request('DELETE', `/api/schools/${schoolId}/media/${gone.body.data.id}`, {
      token: await token(STAFF.manager),
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Media deleted.' });
    expect(await app.db.$count(media)).toBe(1);
    expect(await app.db.$count(mediaBlobs)).toBe(1);
    expect(await app.db.$count(schoolHorseMedia)).toBe(1);

    const removed = await app.request('DELETE', `/api/schools/${schoolId}/horses/${horse.id}`, {
      token: await token(STAFF.owner),
    });
    expect(removed.status).toBe(200);
    const after = await app.request('GET', `/api/schools/${schoolId}/media/${kept.body.data.id}`, {
      token: await token(STAFF.owner),
    });
    expect(after.body.data).toMatchObject({ subject_type: null, subject_id: null });
    const [row] = await app.db.select().from(media).where(eq(media.id, kept.body.data.id));
    expect(row).toBeDefined();
  });
});

describe('/api/studs/{studId}/media', () => {
  it('takes files without a subject; staff upload but do not delete; a school id is refused', async () => {
    const studId = await app.createSchool({
      name: 'Media Stud',
      type: 'stud',
      members: {
        'owner@stud.test': 'owner',
        'staff@stud.test': 'staff',
        'viewer@stud.test': 'viewer',
      },
    });
    const { schoolId } = await world();
    const path = `/api/studs/${studId}/media`;
    const send = async (email: string) =>
      app.request('POST', path, {
        token: await token(email),
        rawBody: form(pdf(), 'covering-certificate.pdf', 'application/pdf'),
      });

    const made = await send('staff@stud.test');
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({
      content_type: 'application/pdf',
      subject_type: null,
      url: `${path}/${made.body.data.id}/content`,
    });
    expect((await send('viewer@stud.test')).status).toBe(403);
    const list = await app.request('GET', path, { token: await token('viewer@stud.test') });
    expect(list.body.meta.total).toBe(1);

    const staffDelete = await app.request('DELETE', `${path}/${made.body.data.id}`, {
      token: await token('staff@stud.test'),
    });
    expect(staffDelete.status).toBe(403);
    const schoolUnderStuds = await app.request('GET', `/api/studs/${schoolId}/media`, {
      token: await token(STAFF.owner),
    });
    expect(schoolUnderStuds.status).toBe(403);
    const studUnderSchools = await app.request('GET', `/api/schools/${studId}/media`, {
      token: await token('owner@stud.test'),
    });
    expect(studUnderSchools.status).toBe(403);
  });
});

describe('the demo data', () => {
  it("shows a photo of the demo school's first horse, served like an upload", async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const owner = await token(DEMO_OWNER_EMAIL);
    const [school] = (await app.request('GET', '/api/schools', { token: owner })).body.data;
    const list = await app.request('GET', `/api/schools/${school.id}/media`, { token: owner });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        subject_type: 'horse',
        content_type: 'image/jpeg',
        caption: 'Canela in the paddock',
      }),
    ]);
    const file = await content(list.body.data[0].url, DEMO_OWNER_EMAIL);
    expect(file.status).toBe(200);
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640 });
  });
});
