import { describe, expect, it } from 'vitest';
import { contactRequests, emailOutbox, rateLimitCounters } from '@/db/schema';
import { useTestApp } from '../test/harness';

const app = useTestApp({ env: { CONTACT_RATE_LIMIT: '4' } });

describe('POST /api/contact under concurrency (PostgreSQL)', () => {
  it('accepts exactly CONTACT_RATE_LIMIT of many simultaneous requests from one client', async () => {
    // Away from the edge of the one-minute window, so every request counts in the same one.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));

    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        app.request('POST', '/api/contact', {
          body: {
            name: `Rider ${i}`,
            email: `rider${i}@example.com`,
            subject: 'Lessons',
            message: 'Hello',
          },
        }),
      ),
    );

    const statuses = responses.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
    expect(await app.db.$count(contactRequests)).toBe(4);
    expect(await app.db.$count(emailOutbox)).toBe(4);
    const [counter] = await app.db.select().from(rateLimitCounters);
    expect(counter!.hits).toBe(4);
  });
});
