import { afterAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../log';
import { useTestApp } from '../../test/harness';

// Read when the handler is created (the harness's beforeAll), as `next start` does at boot.
process.env.SQL_STATEMENT_HEADER = '1';
afterAll(() => {
  delete process.env.SQL_STATEMENT_HEADER;
});

const app = useTestApp();

describe('x-sql-statements (SQL_STATEMENT_HEADER=1, for the benchmark)', () => {
  it('tells how many SQL statements the request ran', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@a.test': 'owner' } });
    const token = await app.tokenFor('owner@a.test');
    // The first request also creates the user and binds the membership.
    await app.request('GET', `/api/schools/${schoolId}/students`, { token });
    const list = await app.request('GET', `/api/schools/${schoolId}/students`, { token });
    expect(list.status).toBe(200);
    // The caller with the school and the caller's role (one statement), the page with its total
    // (one statement, issue 27).
    expect(list.headers.get('x-sql-statements')).toBe('2');
  });

  it('counts what the access line counts', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@b.test': 'owner' } });
    const token = await app.tokenFor('owner@b.test');
    const logs = captureLogs();
    try {
      const list = await app.request('GET', `/api/schools/${schoolId}/students`, { token });
      const [line] = logs.access();
      expect(line).toMatchObject({ request_id: list.headers.get('x-request-id') });
      expect(list.headers.get('x-sql-statements')).toBe(String(line!.sql_statements));
    } finally {
      logs.stop();
    }
  });
});
