import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureLogs } from '../log';
import { appRouter } from '../../router';
import { useTestApp } from '../../test/harness';
import { awayFromWindowEdge } from '../../test/rate-limit-window';
import { codeField, newLinkToken } from '../link-tokens';
import { router } from './init';
import { PUBLIC_LIMITS, publicRoute } from './public';

/*
 * The public family over HTTP, with a probe router beside the app's (the modules' public
 * routes — waitlist, signing, certificates — come with their issues).
 */
const known = newLinkToken();
const probe = router({
  read: publicRoute('probe', 'read')
    .meta({
      openapi: { method: 'GET', path: '/public/probe/{token}', protect: false, tags: ['Test'] },
    })
    .input(z.object({ token: z.string().max(100) }))
    .output(z.object({ data: z.object({ found: z.boolean() }) }))
    .query(({ input }) => ({ data: { found: input.token === known.token } })),
  confirm: publicRoute('probe', 'write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/public/probe/{token}/confirm',
        protect: false,
        tags: ['Test'],
      },
    })
    .input(z.object({ token: z.string().max(100), code: codeField }))
    .output(z.object({ data: z.object({ code: z.string() }) }))
    .mutation(({ input }) => ({ data: { code: input.code } })),
  other: publicRoute('other', 'read')
    .meta({
      openapi: { method: 'GET', path: '/public/other', protect: false, tags: ['Test'] },
    })
    .input(z.object({}))
    .output(z.object({ data: z.object({ ok: z.boolean() }) }))
    .query(() => ({ data: { ok: true } })),
});

const app = useTestApp({
  router: router({ ...appRouter._def.record, probe }),
  env: { TRUST_PROXY: '1' },
});
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('/api/public/...', () => {
  it('answers without a token, and ignores one that is sent', async () => {
    const res = await app.request('GET', `/api/public/probe/${known.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { found: true } });
    const withToken = await app.request('GET', '/api/public/probe/nope', {
      token: 'not-a-valid-token',
    });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toEqual({ data: { found: false } });
  });

  it('limits reads to 30 a minute per client and family, with Retry-After', async () => {
    await awayFromWindowEdge(app.db);
    for (let i = 0; i < PUBLIC_LIMITS.read; i++)
      expect(
        (await app.request('GET', '/api/public/probe/x', { headers: from('203.0.113.5') })).status,
      ).toBe(200);

    const limited = await app.request('GET', '/api/public/probe/x', {
      headers: from('203.0.113.5'),
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many requests. Please try again in a minute.',
      },
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another family, and another client, have buckets of their own.
    expect(
      (await app.request('GET', '/api/public/other', { headers: from('203.0.113.5') })).status,
    ).toBe(200);
    expect(
      (await app.request('GET', '/api/public/probe/x', { headers: from('198.51.100.9') })).status,
    ).toBe(200);
  });

  it('limits writes to 5 a minute, counting refused attempts too', async () => {
    await awayFromWindowEdge(app.db);
    const headers = from('192.0.2.44');
    const bad = await app.request('POST', '/api/public/probe/t/confirm', {
      headers,
      body: { code: 'not a code' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['code']);
    for (let i = 1; i < PUBLIC_LIMITS.write; i++) {
      const ok = await app.request('POST', '/api/public/probe/t/confirm', {
        headers,
        body: { code: 'abcd efgh-jkmn' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data.code).toBe('ABCD-EFGH-JKMN');
    }
    const limited = await app.request('POST', '/api/public/probe/t/confirm', {
      headers,
      body: { code: 'ABCD-EFGH-JKMN' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('never writes a link token to the access log', async () => {
    const logs = captureLogs();
    try {
      await app.request('GET', `/api/public/probe/${known.token}?again=${known.token}`);
    } finally {
      logs.stop();
    }
    expect(logs.access()).toHaveLength(1);
    expect(logs.lines.join('\n')).not.toContain(known.token);
  });
});
