import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { students } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { readCsvRecords } from '../kernel/csv';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const STAFF = {
  'owner@s.test': 'owner',
  'manager@s.test': 'manager',
  'instructor@s.test': 'instructor',
  'viewer@s.test': 'viewer',
} as const;

const createSchool = () => app.createSchool({ members: { ...STAFF } });
const tokenOf = (role: (typeof STAFF)[keyof typeof STAFF]) => app.tokenFor(`${role}@s.test`);
const importPath = (school: string) => `/api/schools/${school}/students/import`;

/** A multipart body with the CSV in the part `file`, plus other text parts. */
function form(csv: BlobPart, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function upload(
  school: string,
  csv: BlobPart,
  fields: Record<string, string> = {},
  role: 'owner' | 'manager' = 'owner',
) {
  return app.request('POST', importPath(school), {
    token: await tokenOf(role),
    rawBody: form(csv, fields),
  });
}

const namesIn = async (school: string) =>
  (
    await app.db
      .select()
      .from(students)
      .where(eq(students.schoolId, school))
      .orderBy(asc(students.lastName), asc(students.firstName))
  ).map((s) => `${s.firstName} ${s.lastName}`);

const HEADER =
  'first_name;last_name;birth_date;gender;document_type;document_number;phone;email;street;city;state;emergency_contact_name;emergency_contact_relationship;emergency_contact_phone;level;status;notes';

describe('POST /api/schools/{schoolId}/students/import', () => {
  it('imports a UTF-8 file with BOM and `;` delimiters, every column mapped, blank cells absent', async () => {
    const school = await createSchool();
    const csv = [
      HEADER.replace('first_name', ' First_Name ') + ';shoe_size',
      'Ana;García;2012-05-01;female;DNI;DOC-1;600000000;ana@example.com;Calle Sol 2;Sevilla;Andalucía;Rosa García;mother;600111222;intermediate;inactive;Likes ponies;38',
      'Bob;Smith;;;;;;;;;;;;;;;;',
    ].join('\n');

    const res = await upload(
      school,
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(csv)]),
    );

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { total_rows: 2, imported: 2, skipped: 0, errors: [] } });
    const list = await app.request('GET', `/api/schools/${school}/students`, {
      token: await tokenOf('owner'),
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        first_name: 'Ana',
        last_name: 'García',
        birth_date: '2012-05-01',
        gender: 'female',
        document_type: 'DNI',
        document_number: 'DOC-1',
        phone: '600000000',
        email: 'ana@example.com',
        address: { street: 'Calle Sol 2', city: 'Sevilla', state: 'Andalucía' },
        emergency_contact: { name: 'Rosa García', relationship: 'mother', phone: '600111222' },
        level: 'intermediate',
        status: 'inactive',
        notes: 'Likes ponies',
        anonymized_at: null,
      }),
      expect.objectContaining({
        first_name: 'Bob',
        last_name: 'Smith',
        birth_date: null,
        document_number: null,
        email: null,
        address: { street: null, city: null, state: null },
        emergency_contact: { name: null, relationship: null, phone: null },
        level: 'beginner',
        status: 'active',
        notes: null,
      }),
    ]);
  });

  it('takes the CSV as JSON `{file}` too, BOM included', async () => {
    const school = await createSchool();

    const res = await app.request('POST', importPath(school), {
      token: await tokenOf('manager'),
      body: { file: '\uFEFFfirst_name,last_name,city\nAna,García,Sevilla\n' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { total_rows: 1, imported: 1, skipped: 0, errors: [] } });
    const [row] = await app.db.select().from(students).where(eq(students.schoolId, school));
    expect(row).toMatchObject({ firstName: 'Ana', lastName: 'García', city: 'Sevilla' });
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])(
    'reads quoted fields with commas and newlines and numbers later rows by their line (%s)',
    async (_name, eol) => {
      const school = await createSchool();
      const csv = [
        'first_name,last_name,notes,street,city',
        `"Ana, Jr.",García,"Line one${eol}line two, with comma${eol}line three","Calle ""Mayor"", 1",Madrid`,
        'Bob,,missing last name,,',
        'Carla,Ruiz,"a ""quoted"" word",,',
        `Dan,Diaz,"two${eol}lines",,`,
        'Eva,,,,',
      ].join(eol);

      const res = await upload(school, csv);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          total_rows: 5,
          imported: 3,
          skipped: 2,
          errors: [
            { row: 5, errors: { last_name: ['The last name field is required.'] } },
            { row: 9, errors: { last_name: ['The last name field is required.'] } },
          ],
        },
      });
      const rows = await app.db
        .select()
        .from(students)
        .where(eq(students.schoolId, school))
        .orderBy(asc(students.firstName));
      expect(rows.map((r) => [r.firstName, r.lastName, r.notes, r.street, r.city])).toEqual([
        [
          'Ana, Jr.',
          'García',
          `Line one${eol}line two, with comma${eol}line three`,
          'Calle "Mayor", 1',
          'Madrid',
        ],
        ['Carla', 'Ruiz', 'a "quoted" word', null, null],
        ['Dan', 'Diaz', `two${eol}lines`, null, null],
      ]);
    },
  );

  it('imports the valid rows and reports invalid and duplicate rows by line, keyed by CSV column', async () => {
    const school = await createSchool();
    await f.student(school, { firstName: 'Already', lastName: 'Here', documentNumber: 'EXIST' });
    const other = await createSchool();
    await f.student(other, { documentNumber: 'OTHER' });
    const csv = [
      'first_name,last_name,document_number,birth_date,email,level,street,emergency_contact_phone',
      'Ana,One,A-1,2010-01-01,,,,', // 2
      'Bob,Two,EXIST,,,,,', // 3: taken in the school
      ',,,,,,,', // 4: no values, not a row
      'Cid,Three,A-1,,,,,', // 5: taken on line 2
      'Dee,Four,,2010-02-30,bad-mail,expert,,', // 6
      '', // 7: empty, not a row
      'Eve,Five,OTHER,,,,,', // 8: another school's number is free here
      ',Six,,,,,,', // 9
      'Fay,Seven,B-1,2999-01-01,,,,', // 10
      `Gus,Eight,,,,,${'s'.repeat(256)},${'9'.repeat(51)}`, // 11
      'Hal,Nine,,,,,,,extra', // 12
      'Ivy,Ten,C-1,,,,,', // 13
      'Jon,,D-1,,,,,', // 14: invalid, so D-1 stays free
      'Kim,Eleven,D-1,,,,,', // 15
    ].join('\n');

    const res = await upload(school, csv);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        total_rows: 12,
        imported: 4,
        skipped: 8,
        errors: [
          { row: 3, errors: { document_number: ['The document number has already been taken.'] } },
          {
            row: 5,
            errors: { document_number: ['The document number is already used on line 2.'] },
          },
          {
            row: 6,
            errors: {
              birth_date: ['The birth date field must be a valid date (YYYY-MM-DD).'],
              email: ['The email field must be a valid email address.'],
              level: ['The selected level is invalid.'],
            },
          },
          { row: 9, errors: { first_name: ['The first name field is required.'] } },
          {
            row: 10,
            errors: {
              birth_date: ['The birth date field must be a date before or equal to today.'],
            },
          },
          {
            row: 11,
            errors: {
              street: ['The street field must not be greater than 255 characters.'],
              emergency_contact_phone: [
                'The emergency contact phone field must not be greater than 50 characters.',
              ],
            },
          },
          {
            row: 12,
            errors: { columns: ['The row has more values than the header has columns.'] },
          },
          { row: 14, errors: { last_name: ['The last name field is required.'] } },
        ],
      },
    });
    expect(await namesIn(school)).toEqual([
      'Kim Eleven',
      'Eve Five',
      'Already Here',
      'Ana One',
      'Ivy Ten',
    ]);
  });

  it('validates and reports without writing on dry_run, as a multipart field or in JSON', async () => {
    const school = await createSchool();
    await f.student(school, { firstName: 'Already', lastName: 'Here', documentNumber: 'EXIST' });
    const csv = 'first_name,last_name,document_number\nAna,One,A-1\nBob,Two,EXIST\nCid,Three,\n';
    const report = {
      data: {
        total_rows: 3,
        imported: 2,
        skipped: 1,
        errors: [
          { row: 3, errors: { document_number: ['The document number has already been taken.'] } },
        ],
      },
    };
    const token = await tokenOf('owner');

    const multipart = await upload(school, csv, { dry_run: 'true' });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toEqual(report);
    for (const dry_run of [true, 'true']) {
      const json = await app.request('POST', importPath(school), {
        token,
        body: { file: csv, dry_run },
      });
      expect(json.status).toBe(200);
      expect(json.body).toEqual(report);
    }
    expect(await namesIn(school)).toEqual(['Already Here']);

    const real = await upload(school, csv, { dry_run: 'false' });
    expect(real.body).toEqual(report);
    expect(await namesIn(school)).toEqual(['Already Here', 'Ana One', 'Cid Three']);
  });

  it('refuses an invalid dry_run with 422', async () => {
    const school = await createSchool();

    const res = await upload(school, 'first_name,last_name\nA,B\n', { dry_run: 'yes' });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['dry_run']);
    expect(await namesIn(school)).toEqual([]);
  });

  it('accepts 10,000 rows and refuses 10,001 with 422 on file', async () => {
    const school = await createSchool();
    const rows = (n: number) =>
      ['first_name,last_name', ...Array.from({ length: n }, (_, i) => `Rider,N${i}`)].join('\n');

    const limit = await upload(school, rows(10_000), { dry_run: 'true' });
    expect(limit.status).toBe(200);
    expect(limit.body.data).toMatchObject({ total_rows: 10_000, imported: 10_000, skipped: 0 });

    const over = await upload(school, rows(10_001));
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      message: 'The file must not have more than 10000 rows.',
      errors: { file: ['The file must not have more than 10000 rows.'] },
    });
    expect(await namesIn(school)).toEqual([]);
  });

  it('inserts large files in chunks and still reports duplicates across chunk boundaries', async () => {
    const school = await createSchool();
    const lines = Array.from({ length: 2_345 }, (_, i) => `Rider,N${i},DOC-${i}`);
    lines[1_500] = 'Copy,Cat,DOC-10'; // line 1502 repeats line 12
    const csv = ['first_name,last_name,document_number', ...lines].join('\n');

    const res = await upload(school, csv);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        total_rows: 2_345,
        imported: 2_344,
        skipped: 1,
        errors: [
          {
            row: 1_502,
            errors: { document_number: ['The document number is already used on line 12.'] },
          },
        ],
      },
    });
    expect(await app.db.$count(students, eq(students.schoolId, school))).toBe(2_344);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const school = await createSchool();
    const big = 'first_name,last_name\n' + 'x'.repeat(5 * 1024 * 1024);

    const res = await upload(school, big);

    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect(await namesIn(school)).toEqual([]);
  });

  it.each([
    [
      'a missing required column',
      'first_name,city\nAna,Sevilla\n',
      'The file is missing the required columns: last_name.',
    ],
    ['no header', '\n\n', 'The file has no header line.'],
    [
      'a repeated column',
      'first_name,last_name,city,City\nA,B,C,D\n',
      'The file has the column city more than once.',
    ],
    [
      'unreadable CSV',
      'first_name,last_name\n"Ana,García\n',
      expect.stringMatching(/^The file is not valid CSV: Quote Not Closed/),
    ],
    ['an empty file', '', 'The file field is required.'],
  ])('refuses %s with 422 on file', async (_label, csv, message) => {
    const school = await createSchool();

    const res = await app.request('POST', importPath(school), {
      token: await tokenOf('owner'),
      body: { file: csv },
    });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { file: [message] } });
    expect(await namesIn(school)).toEqual([]);
  });

  it('refuses a multipart body without a file part with 422', async () => {
    const school = await createSchool();
    const body = new FormData();
    body.append('dry_run', 'true');

    const res = await app.request('POST', importPath(school), {
      token: await tokenOf('owner'),
      rawBody: body,
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: ['The file field is required.'] });
  });

  it('never duplicates a document number taken while the import runs', async () => {
    const school = await createSchool();
    const token = await tokenOf('owner');
    await app.request('GET', `/api/schools/${school}/students`, { token });
    const csv = 'first_name,last_name,document_number\nAna,One,RACE-1\nBob,Two,RACE-2\n';
    let pending: Promise<Awaited<ReturnType<typeof app.request>>> | undefined;

    // On PostgreSQL the import's check misses the uncommitted row and its INSERT waits for it;
    // on PGlite the import runs after the commit. Either way RACE-1 is reported, not doubled.
    await app.db.transaction(async (tx) => {
      await tx.insert(students).values({
        schoolId: school,
        firstName: 'First',
        lastName: 'Come',
        documentNumber: 'RACE-1',
      });
      pending = app.request('POST', importPath(school), { token, body: { file: csv } });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await pending!;

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        total_rows: 2,
        imported: 1,
        skipped: 1,
        errors: [
          { row: 2, errors: { document_number: ['The document number has already been taken.'] } },
        ],
      },
    });
    expect(await namesIn(school)).toEqual(['First Come', 'Bob Two']);
  });

  it('lets two concurrent imports of one file store each student once', async () => {
    const school = await createSchool();
    const token = await tokenOf('owner');
    await app.request('GET', `/api/schools/${school}/students`, { token });
    const csv = 'first_name,last_name,document_number\nAna,One,X-1\nBob,Two,X-2\nCid,Three,X-3\n';

    const results = await Promise.all(
      [1, 2].map(() => app.request('POST', importPath(school), { token, body: { file: csv } })),
    );

    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.reduce((sum, r) => sum + r.body.data.imported, 0)).toBe(3);
    for (const r of results) expect(r.body.data.skipped).toBe(r.body.data.errors.length);
    expect(await namesIn(school)).toEqual(['Ana One', 'Cid Three', 'Bob Two']);
  });

  it('runs the same number of SQL statements for 3 and 300 rows', async () => {
    const school = await createSchool();
    const token = await tokenOf('owner');
    await app.request('GET', `/api/schools/${school}/students`, { token });
    const csv = (from: number, n: number) =>
      [
        'first_name,last_name,document_number',
        ...Array.from({ length: n }, (_, i) => `Rider,N${from + i},D-${from + i}`),
      ].join('\n');
    const count = async (file: string) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('POST', importPath(school), { token, body: { file } }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };

    expect(await count(csv(1_000, 300))).toBe(await count(csv(0, 3)));
    expect(await app.db.$count(students, eq(students.schoolId, school))).toBe(303);
  });

  it.each(['instructor', 'viewer'] as const)(
    'refuses a %s with 403 (students.create)',
    async (role) => {
      const school = await createSchool();

      const res = await app.request('POST', importPath(school), {
        token: await tokenOf(role),
        rawBody: form('first_name,last_name\nA,B\n'),
      });

      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      expect(await namesIn(school)).toEqual([]);
    },
  );

  it('answers 401 without a token and 403 to a stranger', async () => {
    const school = await createSchool();
    await app.createSchool({ members: { 'stranger@s.test': 'owner' } });

    expect(
      (
        await app.request('POST', importPath(school), {
          rawBody: form('first_name,last_name\nA,B\n'),
        })
      ).status,
    ).toBe(401);
    const stranger = await app.request('POST', importPath(school), {
      token: await app.tokenFor('stranger@s.test'),
      body: { file: 'first_name,last_name\nA,B\n' },
    });
    expect(stranger.status).toBe(403);
    expect(await namesIn(school)).toEqual([]);
  });
});

describe('student CSV line numbers and local dates (issue 13)', () => {
  it("gives the import page's preview the server's line numbers: quoted line breaks, CRLF, empty lines", async () => {
    const school = await createSchool();
    const csv = [
      '\uFEFFfirst_name,last_name,birth_date,email,notes', // 1
      'Ana,Ruiz,2010-01-01,ana@x.test,"two\r\nlines"', // 2-3
      'Bad,Mail,2010-01-01,not-an-email,x', // 4
      '', // 5: empty, not a row
      '"Multi\nline",Name,someday,,', // 6-7
      ',,,,', // 8: no values, not a row
      'Carl,,,,"a\r\n\r\nb"', // 9-11
      'Dan,Cruz,,dan@x.test,', // 12
      'Eva,Gil,,,"\r\n"', // 13-14
      'Fay,,,,', // 15
    ].join('\r\n');

    // The preview: what the import page shows (the header is line 1).
    const [header, ...preview] = readCsvRecords(csv);
    expect(header).toEqual({
      line: 1,
      cells: ['first_name', 'last_name', 'birth_date', 'email', 'notes'],
    });
    const previewLines = new Map(preview.map((record) => [record.line, record.cells[0]]));
    expect([...previewLines]).toEqual([
      [2, 'Ana'],
      [4, 'Bad'],
      [6, 'Multi\nline'],
      [9, 'Carl'],
      [12, 'Dan'],
      [13, 'Eva'],
      [15, 'Fay'],
    ]);

    // The server, over HTTP, on the same file.
    const res = await upload(school, csv, { dry_run: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.data.total_rows).toBe(preview.length);
    const rows = (res.body.data.errors as { row: number; errors: Record<string, string[]> }[]).map(
      (e) => [e.row, Object.keys(e.errors)],
    );
    expect(rows).toEqual([
      [4, ['email']],
      [6, ['birth_date']],
      [9, ['last_name']],
      [15, ['last_name']],
    ]);
    // Every line the server names is a row of the preview, the one that holds the fault.
    expect(rows.map(([row]) => previewLines.get(row as number))).toEqual([
      'Bad',
      'Multi\nline',
      'Carl',
      'Fay',
    ]);
  });

  it('reads DD/MM/YYYY birth dates in a day-first school and MM/DD/YYYY in a US one', async () => {
    const madrid = await app.createSchool({ timezone: 'Europe/Madrid', members: { ...STAFF } });
    const csv = [
      'first_name,last_name,birth_date',
      'Ana,Uno,03/04/2010', // 2
      'Bea,Dos,31.12.2009', // 3
      'Cid,Tres,2011-06-07', // 4
      'Dee,Cuatro,04/13/2010', // 5: no month 13
      'Eli,Cinco,31/02/2010', // 6: no 31 February
    ].join('\n');

    const res = await upload(madrid, csv);

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 5, imported: 3 });
    expect(res.body.data.errors).toEqual([
      {
        row: 5,
        errors: { birth_date: ['The birth date field must be a valid date (YYYY-MM-DD).'] },
      },
      {
        row: 6,
        errors: { birth_date: ['The birth date field must be a valid date (YYYY-MM-DD).'] },
      },
    ]);
    const dates = async (school: string) =>
      Object.fromEntries(
        (await app.db.select().from(students).where(eq(students.schoolId, school))).map((s) => [
          s.firstName,
          s.birthDate,
        ]),
      );
    expect(await dates(madrid)).toEqual({
      Ana: '2010-04-03',
      Bea: '2009-12-31',
      Cid: '2011-06-07',
    });

    const newYork = await app.createSchool({ timezone: 'America/New_York', members: { ...STAFF } });
    const us = await upload(
      newYork,
      'first_name,last_name,birth_date\nAna,One,03/04/2010\nBob,Two,04/13/2010',
    );
    expect(us.body.data).toMatchObject({ imported: 2, errors: [] });
    expect(await dates(newYork)).toEqual({ Ana: '2010-03-04', Bob: '2010-04-13' });
  });

  it('refuses a date that reads both ways where the school does not say which, naming row and field', async () => {
    const school = await createSchool(); // UTC: no known order
    const csv = [
      'first_name,last_name,birth_date',
      'Ana,Uno,03/04/2010', // 2: 3 April or 4 March
      'Bea,Dos,13/04/2010', // 3: only 13 April
      'Cid,Tres,04/13/2010', // 4: only 13 April
      'Dee,Cuatro,05/05/2010', // 5: the same either way
    ].join('\r\n');

    const res = await upload(school, csv);

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 4, imported: 3, skipped: 1 });
    expect(res.body.data.errors).toEqual([
      {
        row: 2,
        errors: {
          birth_date: [
            'The birth date 03/04/2010 is ambiguous: it may be 2010-04-03 or 2010-03-04. Write it as YYYY-MM-DD.',
          ],
        },
      },
    ]);
    const rows = await app.db.select().from(students).where(eq(students.schoolId, school));
    expect(Object.fromEntries(rows.map((s) => [s.firstName, s.birthDate]))).toEqual({
      Bea: '2010-04-13',
      Cid: '2010-04-13',
      Dee: '2010-05-05',
    });
  });
});
