import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { competitionFixtures } from '../test/competition-fixtures';
import { MAX_JSON_BYTES } from '../kernel/http/rest';
import { apiOperations, type ApiOperation } from '../test/api-routes';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { sampleQuery } from '../test/sample-input';
import { schoolFixtures } from '../test/school-fixtures';
import { accessCodes, portalLinks, sellerProfiles } from '@/db/schema';

/*
 * The request limits of DESIGN 5, on every route they apply to. Tested elsewhere, and not
 * repeated here: the 1 MB JSON boundary on one route (`server/kernel/http/errors.test.ts`), a CSV
 * over 5 MB and the 10,000-row limit (`server/schools/student-import.test.ts`), and the
 * contact rate limit with its Retry-After (`server/platform/contact.test.ts`).
 */

const app = useTestApp();
const competitions = competitionFixtures(() => app.db);
const school = schoolFixtures(() => app.db);

const OWNER = 'owner@limits.test';

/**
 * A school with a competition, an access code, and the path of an operation with its parameters filled:
 * with their ids, or with `other` for any parameter the world has no record for.
 */
async function world() {
  const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
  const studId = await app.createSchool({ type: 'stud', members: { [OWNER]: 'owner' } });
  const competition = await competitions.competition(schoolId);
  const student = await school.student(schoolId);
  // The owner also follows the student in the portal (bound at their first portal request).
  await app.db.insert(portalLinks).values({
    schoolId,
    studentId: student.id,
    email: OWNER,
    relationship: 'guardian',
  });
  // The one paginated list under an `{id}`: an access code's redemptions.
  const [code] = await app.db
    .insert(accessCodes)
    .values({ codeHash: 'limits', codeHint: 'ABCD', organizationType: 'school' })
    .returning({ id: accessCodes.id });
  // The owner's seller profile, for the marketplace lists under `/seller-profiles/{id}`.
  const me = await app.request('GET', '/api/auth/me', { token: await app.tokenFor(OWNER) });
  const [shop] = await app.db
    .insert(sellerProfiles)
    .values({ userId: me.body.id, displayName: 'Owner', slug: 'owner' })
    .returning({ id: sellerProfiles.id });
  const ids: Record<string, string> = {
    schoolId,
    studId,
    competitionId: competition.id,
    studentId: student.id,
    id: code!.id,
  };
  const fill = (op: ApiOperation, other?: string) =>
    `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value =
        name === 'id' && op.path.startsWith('/marketplace/seller-profiles/')
          ? shop!.id
          : (ids[name] ?? other);
      if (!value) throw new Error(`No id for {${name}} of ${op.path}: add one to world().`);
      return value;
    })}`;
  return { schoolId, fill };
}

const tokenFor = (op: ApiOperation) =>
  app.tokenFor(op.path.startsWith('/admin') ? ADMIN_EMAIL : OWNER);

describe('per_page: every paginated list refuses more than its maximum and accepts the maximum', () => {
  const paginated = apiOperations().filter(
    (op) => op.method === 'GET' && op.query.some((q) => q.name === 'per_page'),
  );

  it('the document has the paginated lists of DESIGN 5', () => {
    expect(paginated.length).toBeGreaterThanOrEqual(7);
    for (const op of paginated) {
      expect(op.query.find((q) => q.name === 'per_page')!.schema).toMatchObject({
        minimum: 1,
        maximum: 100,
      });
    }
  });

  it.each(paginated.map((op) => [op.path, op] as const))('%s', async (_path, op) => {
    const { fill } = await world();
    const token = await tokenFor(op);
    const max = op.query.find((q) => q.name === 'per_page')!.schema.maximum!;

    // Required filters (a search) take a sampled value.
    const required = new URLSearchParams(sampleQuery(op, () => undefined));
    const query = (perPage: number) => `${fill(op)}?${required}&per_page=${perPage}`;
    const atMax = await app.request('GET', query(max), { token });
    expect(atMax.status).toBe(200);
    expect(atMax.body.meta).toMatchObject({ per_page: max, current_page: 1 });

    for (const [value, message] of [
      [max + 1, `The per page field must not be greater than ${max}.`],
      [0, 'The per page field must be at least 1.'],
    ] as const) {
      const refused = await app.request('GET', query(value), { token });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ message, errors: { per_page: [message] } });
    }
  });
});

describe('413: every operation that reads a JSON body refuses one over 1 MB', () => {
  const withBody = apiOperations().filter((op) => op.contentTypes.includes('application/json'));
  const oversized = JSON.stringify({ notes: 'x'.repeat(MAX_JSON_BYTES) });

  it.each(withBody.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_name, op) => {
      const { fill } = await world();
      // The body is refused before any record is looked up: other ids need not exist.
      const res = await app.request(op.method, fill(op, randomUUID()), {
        token: await tokenFor(op),
        rawBody: oversized,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' },
      });
    },
  );
});

describe('CSV import: the 5 MB boundary', () => {
  const FIVE_MB = 5 * 1024 * 1024;
  const ROWS = 10_000;

  /** A CSV of exactly `size` bytes in 10,000 valid rows: the notes take up the slack. */
  function csvOfSize(size: number): string {
    const header = 'first_name,last_name,notes\n';
    const names = `${'F'.repeat(250)},${'L'.repeat(250)},`;
    const slack = size - header.length - ROWS * (names.length + 1);
    const notes = Math.floor(slack / ROWS);
    const longer = slack % ROWS;
    const rows = Array.from(
      { length: ROWS },
      (_, i) => `${names}${'n'.repeat(i < longer ? notes + 1 : notes)}\n`,
    );
    return header + rows.join('');
  }

  async function upload(schoolId: string, csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
    form.append('dry_run', 'true');
    return app.request('POST', `/api/schools/${schoolId}/students/import`, {
      token: await app.tokenFor(OWNER),
      rawBody: form,
    });
  }

  it('reads a file of exactly 5 MB and refuses one of 5 MB and one byte with 413', async () => {
    const { schoolId } = await world();

    const exact = csvOfSize(FIVE_MB);
    expect(Buffer.byteLength(exact)).toBe(FIVE_MB);
    const read = await upload(schoolId, exact);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ total_rows: 10_000, imported: 10_000, skipped: 0 });

    const over = await upload(schoolId, csvOfSize(FIVE_MB + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 5 MB.' },
    });
  });
});
