import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { students } from '@/db/schema';
import { useTestApp } from '../../test/harness';
import { lockWaiters, startWhileLocked } from '../../test/locks';
import { schoolFixtures } from '../../test/school-fixtures';

const app = useTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: '1000' } });
const f = schoolFixtures(() => app.db);

describe('the statement timeout (DB_STATEMENT_TIMEOUT_MS)', () => {
  it('cancels a statement that waits too long with a clean 503, and frees the connection', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@a.test': 'owner' } });
    const token = await app.tokenFor('owner@a.test');
    const student = await f.student(schoolId, { firstName: 'Ana' });
    const url = `/api/schools/${schoolId}/students/${student.id}`;
    expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);

    // The update waits for a row lock the test holds for far longer than the timeout.
    const started = Date.now();
    const res = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: students.id })
          .from(students)
          .where(eq(students.id, student.id))
          .for('update'),
      () => app.request('PUT', url, { token, body: { first_name: 'Ada' } }),
      {
        meanwhile: async ({ pending }) => {
          await pending;
          // The connection was given back while the lock is still held.
          expect(await lockWaiters(app.db, 0)).toEqual([]);
        },
      },
    );

    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status, res.text).toBe(503);
    expect(res.body).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database took too long to answer; try again shortly.',
      },
    });
    expect(res.headers.get('retry-after')).toBe('5');
    const [stored] = await app.db.select().from(students).where(eq(students.id, student.id));
    expect(stored!.firstName).toBe('Ana');

    const again = await app.request('PUT', url, { token, body: { first_name: 'Ada' } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.first_name).toBe('Ada');
  });
});
