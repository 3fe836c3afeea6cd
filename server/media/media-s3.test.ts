import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, mediaBlobs } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { jpegWithExif, pdf } from '../test/media-fixtures';

/*
 * `MEDIA_STORE=s3` against a real S3-compatible server: s3rver (npm), on an ephemeral port,
 * with the AWS SDK the app uses. The environment is filled in before the app reads it.
 */
const env: Record<string, string> = {};
let server: S3rver;
let directory: string;
let s3: S3Client;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'media' }],
  });
  const { port } = await server.run();
  Object.assign(env, {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  s3 = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

const app = useTestApp({ env });

afterAll(async () => {
  s3.destroy();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const keys = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: 'media' }))).Contents ?? []).map((o) => o.Key);

describe('media in an S3 bucket (MEDIA_STORE=s3)', () => {
  it('writes the cleaned bytes to the bucket, streams them back and deletes them', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@s3.test': 'owner' } });
    const token = await app.tokenFor('owner@s3.test');
    const form = new FormData();
    form.set('file', new Blob([await jpegWithExif()], { type: 'image/jpeg' }), 'pony.jpg');

    const res = await app.request('POST', `/api/schools/${schoolId}/media`, {
      token,
      rawBody: form,
    });
    expect(res.status, res.text).toBe(201);
    const { id, url, size_bytes } = res.body.data;
    const [row] = await app.db.select().from(media);
    expect(row).toMatchObject({ id, store: 's3', storageKey: `${schoolId}/${id}.jpg` });
    expect(await app.db.$count(mediaBlobs)).toBe(0);
    expect(await keys()).toEqual([`${schoolId}/${id}.jpg`]);
    const object = await s3.send(new GetObjectCommand({ Bucket: 'media', Key: row!.storageKey }));
    const inBucket = Buffer.from(await object.Body!.transformToByteArray());
    expect(inBucket.length).toBe(size_bytes);
    expect(inBucket.toString('latin1')).not.toContain('TestCam');

    const served = await app.handler(
      new Request(`http://localhost:3000${url}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(inBucket)).toBe(true);

    const del = await app.request('DELETE', `/api/schools/${schoolId}/media/${id}`, { token });
    expect(del.status).toBe(200);
    expect(await keys()).toEqual([]);
  });

  it('writes nothing to the bucket for an upload refused on its subject', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@s3.test': 'owner' } });
    const token = await app.tokenFor('owner@s3.test');
    const res = await app.request('POST', `/api/schools/${schoolId}/media`, {
      token,
      body: {
        file: pdf().toString('base64'),
        subject_type: 'horse',
        subject_id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ subject_id: ['The horse was not found.'] });
    expect(await keys()).toEqual([]);
    expect(await app.db.$count(media)).toBe(0);
  });
});
