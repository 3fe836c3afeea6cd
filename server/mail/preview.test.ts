import { describe, expect, it } from 'vitest';
import { registry } from '../modules';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { renderEmail } from './render';

const app = useTestApp();
const EMAIL_KINDS = registry.emailKinds;
const EMAIL_TEMPLATES = registry.emailTemplates;

/** Codes that a template shows as a symbol or a label (checked on their own below). */
const CODE_FIELDS = new Set(['currency', 'status', 'previousStatus']);

/** Every string in the sample data, however deeply nested, but the codes. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      CODE_FIELDS.has(key) ? [] : strings(inner),
    );
  }
  return [];
}

/** As React writes text and attribute values into HTML. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

describe('the seven e-mail templates', () => {
  it('cover the kinds of spec 6 and of DESIGN-MODULES 0.5', () => {
    // In registration order (server/modules.ts): the platform module's, the mail module's,
    // then the notifications module's.
    expect(EMAIL_KINDS).toEqual([
      'contact-form',
      'suborder-created',
      'status-updated',
      'tracking-added',
      'waitlist-confirmation',
      'waitlist-notification',
      'marketplace-contact',
      'invitation',
      'contract-signing',
      'contract-completed',
      'notice',
    ]);
  });

  it.each(EMAIL_KINDS)(
    '%s: its preview props satisfy its schema, and every sample string is in the HTML and the text',
    async (kind) => {
      const template = EMAIL_TEMPLATES[kind];
      expect(template.schema.safeParse(template.previewProps).success).toBe(true);

      const email = await renderEmail(kind, template.previewProps as never);
      const samples = strings(template.previewProps);
      expect(samples.length).toBeGreaterThan(3);
      for (const sample of samples) {
        // Multi-line messages keep their lines; each one must be there.
        for (const line of sample.split('\n'))
          expect(email.html, `${kind}: ${line}`).toContain(escapeHtml(line));
      }
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.text).toContain(
        strings(template.previewProps)
          .find((s) => !s.startsWith('http'))!
          .split('\n')[0],
      );
    },
  );

  it('formats amounts from cents and sums them without floating point', async () => {
    const email = await renderEmail(
      'suborder-created',
      EMAIL_TEMPLATES['suborder-created'].previewProps,
    );
    expect(email.html).toContain('€1,250.00');
    expect(email.html).toContain('€91.00');
    expect(email.html).toContain('€1,341.00');
  });

  it('shows order statuses by their labels', async () => {
    const email = await renderEmail(
      'status-updated',
      EMAIL_TEMPLATES['status-updated'].previewProps,
    );
    expect(email.html).toContain('Paid → Being prepared');
    expect(email.subject).toBe('Order EQ-2026-00417-B: being prepared');
  });

  it('refuses props that do not fit the template', async () => {
    await expect(renderEmail('contact-form', { name: 'x' } as never)).rejects.toThrow();
  });
});

describe('GET /api/email-preview/{kind}', () => {
  it.each(EMAIL_KINDS)(
    '%s: answers text/html with the sample data to a platform administrator',
    async (kind) => {
      const res = await app.request('GET', `/api/email-preview/${kind}`, {
        token: await app.tokenFor(ADMIN_EMAIL),
      });

      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(res.text).toMatch(/^<!DOCTYPE html/);
      for (const sample of strings(EMAIL_TEMPLATES[kind].previewProps)) {
        for (const line of sample.split('\n')) expect(res.text).toContain(escapeHtml(line));
      }
    },
  );

  it('answers 404 JSON for an unknown kind', async () => {
    const res = await app.request('GET', '/api/email-preview/newsletter', {
      token: await app.tokenFor(ADMIN_EMAIL),
    });

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: { code: 'NOT_FOUND', message: expect.stringContaining('newsletter') },
    });
  });

  it('answers 401 JSON without a token and 403 JSON to a user who is not a platform administrator', async () => {
    const anonymous = await app.request('GET', '/api/email-preview/contact-form');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });

    const user = await app.request('GET', '/api/email-preview/contact-form', {
      token: await app.tokenFor('rider@x.test'),
    });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });

    const badToken = await app.request('GET', '/api/email-preview/contact-form', {
      token: 'not-a-jwt',
    });
    expect(badToken.status).toBe(401);
    expect(badToken.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 405 for another method', async () => {
    const res = await app.request('POST', '/api/email-preview/contact-form', {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('is listed in the OpenAPI document as text/html, with the JSON error bodies', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    const operation = doc.paths['/email-preview/{kind}'].get;

    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/html']);
    expect(operation.responses['404'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(operation.responses['401']).toBeDefined();
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'kind', in: 'path', required: true }),
    ]);
  });
});
