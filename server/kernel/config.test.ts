import { describe, expect, it } from 'vitest';
import { ConfigError, configuredEncryptionKey, DEV_ISSUER_AUDIENCE, loadConfig } from './config';

describe('DB_STATEMENT_TIMEOUT_MS', () => {
  it('defaults to 15 seconds, takes milliseconds, and 0 turns it off', () => {
    expect(loadConfig({}).dbStatementTimeoutMs).toBe(15_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2500' }).dbStatementTimeoutMs).toBe(2500);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).dbStatementTimeoutMs).toBe(0);
  });

  it('refuses anything but a whole number of milliseconds', () => {
    for (const value of ['-1', '1.5', '15s']) {
      expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: value })).toThrow(ConfigError);
    }
  });
});

describe('the audience of tokens (AUTH_AUDIENCE)', () => {
  const external = { AUTH_ISSUER: 'https://login.example.org', AUTH_SECRET: 's3cret' };

  it('is AUTH_AUDIENCE, else AUTH_CLIENT_ID', () => {
    const production = { NODE_ENV: 'production', ...external };
    expect(
      loadConfig({ ...production, AUTH_AUDIENCE: 'api', AUTH_CLIENT_ID: 'web' }).auth.audience,
    ).toBe('api');
    expect(loadConfig({ ...production, AUTH_CLIENT_ID: 'web' }).auth.audience).toBe('web');
    expect(
      loadConfig({ ...production, AUTH_AUDIENCE: ' ', AUTH_CLIENT_ID: 'web' }).auth.audience,
    ).toBe('web');
  });

  it.each(['production', 'development', 'test'])(
    'with an external issuer and neither set, %s refuses to start, naming what is missing',
    (mode) => {
      const load = () => loadConfig({ NODE_ENV: mode, ...external });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/AUTH_AUDIENCE \(or AUTH_CLIENT_ID\)/);
    },
  );

  it('production with nothing configured names every missing variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /AUTH_ISSUER \(or AUTH_DEV_ISSUER=1\), AUTH_AUDIENCE \(or AUTH_CLIENT_ID\).*, AUTH_SECRET/,
    );
  });

  it('the development issuer signs and requires a fixed audience, or AUTH_AUDIENCE', () => {
    expect(loadConfig({}).auth).toMatchObject({ devIssuer: true, audience: DEV_ISSUER_AUDIENCE });
    expect(loadConfig({ AUTH_CLIENT_ID: 'web' }).auth.audience).toBe(DEV_ISSUER_AUDIENCE);
    expect(loadConfig({ AUTH_AUDIENCE: 'demo' }).auth.audience).toBe('demo');
    const demo = loadConfig({
      NODE_ENV: 'production',
      AUTH_DEV_ISSUER: '1',
      AUTH_SECRET: 's3cret',
    });
    expect(demo.auth).toMatchObject({ devIssuer: true, audience: DEV_ISSUER_AUDIENCE });
  });
});

describe('MEDIA_STORE', () => {
  it('keeps files in the database by default', () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'database' });
  });

  it('takes a bucket, an endpoint and keys for s3, or the SDK chain without keys', () => {
    expect(
      loadConfig({
        MEDIA_STORE: 'S3',
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).mediaStore,
    ).toEqual({
      kind: 's3',
      bucket: 'photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'photos' }).mediaStore).toMatchObject({
      endpoint: undefined,
      credentials: undefined,
    });
  });

  it('refuses an unknown store, s3 without a bucket and half a key pair', () => {
    expect(() => loadConfig({ MEDIA_STORE: 'disk' })).toThrow(ConfigError);
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow('MEDIA_STORE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      ConfigError,
    );
  });
});

describe('APP_ENCRYPTION_KEY', () => {
  const message =
    'APP_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)';

  it('refuses a malformed key at start, with what it must be', () => {
    for (const value of [
      'not-a-key',
      'ab'.repeat(31),
      `${'ab'.repeat(32)}00`,
      'g'.repeat(64),
      Buffer.alloc(16, 7).toString('base64'),
      Buffer.alloc(32, 7).toString('base64').replace('=', ''),
      `${Buffer.alloc(32, 0xff).toString('base64url')}=`,
    ]) {
      const load = () => loadConfig({ APP_ENCRYPTION_KEY: value });
      expect(load, value).toThrow(ConfigError);
      expect(load, value).toThrow(message);
    }
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_DEV_ISSUER: '1',
        AUTH_SECRET: 's3cret',
        APP_ENCRYPTION_KEY: 'short',
      }),
    ).toThrow(message);
  });

  it('takes 32 bytes as 64 hex digits or base64, spaces around them ignored', () => {
    const hex = 'c0ffee'.repeat(10) + 'abcd';
    expect(configuredEncryptionKey(hex)).toEqual(Buffer.from(hex, 'hex'));
    expect(configuredEncryptionKey(hex.toUpperCase())).toEqual(Buffer.from(hex, 'hex'));
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));
    expect(configuredEncryptionKey(` ${bytes.toString('base64')}\n`)).toEqual(bytes);
    for (const value of [hex, bytes.toString('base64')]) {
      expect(() => loadConfig({ APP_ENCRYPTION_KEY: value })).not.toThrow();
    }
  });

  it('may be left unset or empty (the key is then derived from AUTH_SECRET)', () => {
    expect(() => loadConfig({})).not.toThrow();
    expect(() => loadConfig({ APP_ENCRYPTION_KEY: '  ' })).not.toThrow();
    expect(configuredEncryptionKey(undefined)).toBeUndefined();
    expect(configuredEncryptionKey('')).toBeUndefined();
  });
});
