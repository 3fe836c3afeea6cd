import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';

const app = useTestApp();

describe('GET /api/health', () => {
  it('answers without a token with the spec body', async () => {
    const res = await app.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      service: 'equestrian-platform',
      version: '1.0.0',
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
