import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { AnyTRPCRouter } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { fromPglite, openPostgres, queryRows, type Database } from '@/db/client';
import { memberships, organizations } from '@/db/schema';
import { loadConfig, type Config } from '../kernel/config';
import { appRouter } from '../router';
import { createApiHandler, createServices, type ApiHandler } from '../kernel/http/handler';
import type { OrganizationKind, Role } from '../kernel/auth/permissions';
import { startTestIssuer, type TestIssuer } from './issuer';

export const ADMIN_EMAIL = 'admin@platform.test';

type RequestOptions = {
  token?: string;
  body?: unknown;
  /** Sent as is, instead of `body` as JSON. */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
};

export type TestResponse = { status: number; headers: Headers; body: any; text: string };

export type TestApp = {
  db: Database;
  config: Config;
  issuer: TestIssuer;
  handler: ApiHandler;
  /** Sends a real `Request` through the one `/api` handler. */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A token for an e-mail (its subject is derived from it). */
  tokenFor(email: string, claims?: Record<string, unknown>): Promise<string>;
  /**
   * A school (or with `type`, another organization) with members given by e-mail; they
   * become users on their first request.
   */
  createSchool(options?: {
    name?: string;
    timezone?: string;
    type?: OrganizationKind;
    members?: Record<string, Role>;
  }): Promise<string>;
};

async function openTestDatabase(config: Config): Promise<{ db: Database; close(): Promise<void> }> {
  const template = inject('postgresTemplate');
  if (template) {
    const base = new URL(process.env.DATABASE_URL!);
    const name = `${template}_${randomUUID().slice(0, 8)}`;
    const admin = await openPostgres(base.toString(), { max: 1 });
    await admin.db.execute(sql.raw(`create database "${name}" template "${template}"`));
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), {
      max: 20,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
    return {
      db: handle.db,
      close: async () => {
        await handle.close();
        await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        await admin.close();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dump = await fs.readFile(inject('pgliteDump'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return { db: await fromPglite(client), close: () => client.close() };
}

/**
 * One app per test file over a migrated database, emptied after each test. `env` adds to
 * the configuration; `router` replaces the app's (for error-contract tests).
 */
export function useTestApp(
  options: { env?: Record<string, string>; router?: AnyTRPCRouter } = {},
): TestApp {
  const app = {} as TestApp & { close?: () => Promise<void>; tables?: string[] };

  beforeAll(async () => {
    const issuer = await startTestIssuer();
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:3000',
      AUTH_ISSUER: issuer.url,
      AUTH_AUDIENCE: issuer.audience,
      AUTH_SECRET: 'test-secret-0123456789',
      PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL,
      // Race tests hold locks for as long as they need; a test that wants a timeout sets one.
      DB_STATEMENT_TIMEOUT_MS: '0',
      ...options.env,
    });
    const database = await openTestDatabase(config);
    const handler = createApiHandler(
      createServices(config, database.db),
      options.router ?? appRouter,
    );
    const tables = await queryRows<{ tablename: string }>(
      database.db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    Object.assign(app, {
      db: database.db,
      config,
      issuer,
      handler,
      tables: tables.map((t) => `"${t.tablename}"`),
      close: async () => {
        await database.close();
        await issuer.close();
      },
    });
  });

  afterEach(async () => {
    if (!app.tables?.length) return;
    // Emptying is the harness's work: not subject to a short statement timeout a test sets.
    // DELETE, not TRUNCATE, which gives each table and index a new file (half a second a
    // test on PostgreSQL). As a replica (a superuser's setting), the session fires no
    // triggers and checks no foreign keys, so one statement empties every table in any order.
    const deletes = app.tables.map((t, i) => `d${i} as (delete from ${t})`);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql.raw(`with ${deletes.join(', ')} select 1`));
    });
  });

  afterAll(async () => {
    await app.close?.();
  });

  app.request = async (method, path, requestOptions = {}) => {
    const headers = new Headers(requestOptions.headers);
    if (requestOptions.token) headers.set('authorization', `Bearer ${requestOptions.token}`);
    let body: BodyInit | undefined = requestOptions.rawBody;
    if (body === undefined && requestOptions.body !== undefined) {
      body = JSON.stringify(requestOptions.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await app.handler(
      new Request(`http://localhost:3000${path}`, { method, headers, body }),
    );
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  app.tokenFor = (email, claims = {}) =>
    app.issuer.sign({ sub: `sub-${email}`, email, name: email.split('@')[0], ...claims });

  app.createSchool = async ({
    name = 'Test School',
    timezone = 'UTC',
    type = 'school',
    members = {},
  } = {}) => {
    const [school] = await app.db
      .insert(organizations)
      .values({ type, name, timezone, currency: 'EUR' })
      .returning({ id: organizations.id });
    const rows = Object.entries(members).map(([email, role]) => ({
      organizationId: school!.id,
      invitedEmail: email,
      role,
    }));
    if (rows.length > 0) await app.db.insert(memberships).values(rows);
    return school!.id;
  };

  return app;
}
