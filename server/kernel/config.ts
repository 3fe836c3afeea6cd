/**
 * Configuration from environment variables (DESIGN 2). Every variable is listed with its
 * default in `.env.example` and the README.
 */
export type Config = {
  production: boolean;
  port: number;
  appUrl: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** PostgreSQL cancels a statement running longer than this (0 = no limit). */
  dbStatementTimeoutMs: number;
  auth: {
    /** Expected `iss`; in dev-issuer mode, the app's own `/api/dev-idp`. */
    issuer: string;
    /**
     * Required `aud` of every token: `AUTH_AUDIENCE`, else `AUTH_CLIENT_ID`; the development
     * issuer signs and requires `AUTH_AUDIENCE` or `DEV_ISSUER_AUDIENCE`. Never unset.
     */
    audience: string;
    jwksUrl: string | undefined;
    devIssuer: boolean;
    clientId: string | undefined;
    clientSecret: string | undefined;
    secret: string;
  };
  platformAdminEmails: ReadonlySet<string>;
  resendApiKey: string | undefined;
  emailFrom: string;
  contactEmailTo: string;
  appTimezone: string;
  contactRateLimit: number;
  trustProxy: boolean;
  seedDemo: boolean;
  /** Where uploaded files go (DESIGN-MODULES 0.4): the database unless `MEDIA_STORE=s3`. */
  mediaStore: MediaStoreConfig;
};

export type MediaStoreConfig =
  | { kind: 'database' }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible server (MinIO, Ceph...); unset for AWS itself. */
      endpoint: string | undefined;
      region: string;
      /** Both unset: the AWS SDK's own chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The values of `LOG_LEVEL` (pino's levels); the logger reads it itself (server/log.ts). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const DEV_AUTH_SECRET = 'development-only-secret-change-me-in-production';
/** The `aud` that the development issuer puts in its tokens and then requires. */
export const DEV_ISSUER_AUDIENCE = 'equestrian-platform';

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** The demo's platform administrator: the default of `PLATFORM_ADMIN_EMAILS` with the development issuer. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.school';

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(nonEmpty(env.PORT) ?? 3000);
  const appUrl = (nonEmpty(env.APP_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const configuredIssuer = nonEmpty(env.AUTH_ISSUER);
  const devIssuer = env.AUTH_DEV_ISSUER === '1' || (!configuredIssuer && !production);

  // An ID token is issued for one client: without its `aud` checked, any token that the same
  // provider issued to another application would be accepted here. Required in every mode.
  const audience =
    nonEmpty(env.AUTH_AUDIENCE) ?? (devIssuer ? DEV_ISSUER_AUDIENCE : nonEmpty(env.AUTH_CLIENT_ID));

  const missing: string[] = [];
  if (production && !configuredIssuer && !devIssuer)
    missing.push('AUTH_ISSUER (or AUTH_DEV_ISSUER=1)');
  if (!devIssuer && (configuredIssuer || production) && !audience) {
    missing.push('AUTH_AUDIENCE (or AUTH_CLIENT_ID), the audience that tokens must be issued for');
  }
  if (production && !nonEmpty(env.AUTH_SECRET)) missing.push('AUTH_SECRET');
  if (missing.length > 0) {
    throw new ConfigError(`Missing required configuration: ${missing.join(', ')}`);
  }

  const appTimezone = nonEmpty(env.APP_TIMEZONE) ?? 'UTC';
  if (!isValidTimezone(appTimezone)) {
    throw new ConfigError(`APP_TIMEZONE "${appTimezone}" is not an IANA time zone`);
  }
  const dbStatementTimeoutMs = Number(nonEmpty(env.DB_STATEMENT_TIMEOUT_MS) ?? 15_000);
  if (!Number.isInteger(dbStatementTimeoutMs) || dbStatementTimeoutMs < 0) {
    throw new ConfigError('DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds ≥ 0');
  }
  const contactRateLimit = Number(nonEmpty(env.CONTACT_RATE_LIMIT) ?? 5);
  if (!Number.isInteger(contactRateLimit) || contactRateLimit < 0) {
    throw new ConfigError('CONTACT_RATE_LIMIT must be a whole number ≥ 0');
  }
  // Read where a payment gateway's secrets are sealed (secrets.ts); checked here so that a
  // malformed key stops the start rather than the first gateway request.
  configuredEncryptionKey(env.APP_ENCRYPTION_KEY);
  const mediaStore = readMediaStore(env);
  const logLevel = nonEmpty(env.LOG_LEVEL)?.toLowerCase();
  if (logLevel && !(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL "${env.LOG_LEVEL}" is not one of ${LOG_LEVELS.join(', ')}`);
  }

  return {
    production,
    port,
    appUrl,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteDir: nonEmpty(env.PGLITE_DIR) ?? '.data/pglite',
    dbStatementTimeoutMs,
    auth: {
      issuer: devIssuer ? `${appUrl}/api/dev-idp` : configuredIssuer!,
      audience: audience!,
      jwksUrl: nonEmpty(env.AUTH_JWKS_URL),
      devIssuer,
      clientId: nonEmpty(env.AUTH_CLIENT_ID),
      clientSecret: nonEmpty(env.AUTH_CLIENT_SECRET),
      secret: nonEmpty(env.AUTH_SECRET) ?? DEV_AUTH_SECRET,
    },
    // With the development issuer and no list, the demo's admin@demo.school is the platform
    // administrator (anyone can sign in as anyone there anyway).
    platformAdminEmails: new Set(
      (nonEmpty(env.PLATFORM_ADMIN_EMAILS) ?? (devIssuer ? DEMO_ADMIN_EMAIL : ''))
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    resendApiKey: nonEmpty(env.RESEND_API_KEY),
    emailFrom: nonEmpty(env.EMAIL_FROM) ?? 'Equestrian Platform <no-reply@localhost>',
    contactEmailTo: nonEmpty(env.CONTACT_EMAIL_TO) ?? 'contact@localhost',
    appTimezone,
    contactRateLimit,
    trustProxy: env.TRUST_PROXY === '1',
    seedDemo: env.SEED_DEMO === '1' || (env.SEED_DEMO !== '0' && !production),
    mediaStore,
  };
}

const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=$/;

/**
 * `APP_ENCRYPTION_KEY` as its 32 bytes (64 hex digits or base64: `openssl rand -hex 32` or
 * `openssl rand -base64 32`); undefined when unset, any other value a ConfigError.
 */
export function configuredEncryptionKey(value: string | undefined): Buffer | undefined {
  const key = nonEmpty(value);
  if (!key) return undefined;
  if (HEX_KEY.test(key)) return Buffer.from(key, 'hex');
  if (BASE64_KEY.test(key)) return Buffer.from(key, 'base64');
  throw new ConfigError(
    'APP_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  );
}

function readMediaStore(env: Env): MediaStoreConfig {
  const kind = nonEmpty(env.MEDIA_STORE)?.toLowerCase() ?? 'database';
  if (kind === 'database') return { kind };
  if (kind !== 's3')
    throw new ConfigError(`MEDIA_STORE "${env.MEDIA_STORE}" is not database or s3`);
  const bucket = nonEmpty(env.S3_BUCKET);
  if (!bucket) throw new ConfigError('MEDIA_STORE=s3 needs S3_BUCKET');
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  if (!accessKeyId !== !secretAccessKey)
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    kind,
    bucket,
    endpoint: nonEmpty(env.S3_ENDPOINT),
    region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey: secretAccessKey! } : undefined,
  };
}
