import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, memberships, payments, users } from '@/db/schema';
import { FEATURES, SETTING_GROUPS, SETTINGS } from '../platform/settings-registry';
import { competitionFixtures } from '../test/competition-fixtures';
import { apiOperations, type ApiOperation } from '../test/api-routes';
import {
  prototypeKeyRequest,
  requestFor,
  type FuzzRequest,
  type KnownValues,
} from '../test/fuzz-arbitraries';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../test/harness';
import { registry } from '../modules';
import { schoolFixtures } from '../test/school-fixtures';

/*
 * Property: whatever a client sends to any operation of the OpenAPI document, the answer
 * is never a 5xx, and every 4xx has its DESIGN 5 body. CI runs FUZZ_RUNS requests per
 * operation from a fixed seed; `npm run fuzz` runs many more from a random one, printed so
 * that a failure reproduces with FUZZ_SEED=<seed>.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2 ** 31
    : Number(process.env.FUZZ_SEED ?? 20_261_121);
if (process.env.FUZZ_SEED === 'random') console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);

const app = useTestApp();
const school = schoolFixtures(() => app.db);
const competition = competitionFixtures(() => app.db);

const OWNER = 'owner@fuzz.test';

/** The DESIGN 5 `error.code` of each 4xx status. */
const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

type World = { known: KnownValues; tokens: Record<'owner' | 'admin' | 'garbage', string> };

/**
 * A school with one record of every kind (so lookups find them and business rules run),
 * its owner and a platform admin as users, and an outbox message. Field names map to the
 * ids and keys that exist.
 */
async function buildWorld(): Promise<World> {
  const schoolId = await app.createSchool({
    name: 'Fuzz Riding School',
    members: { [OWNER]: 'owner', 'manager@fuzz.test': 'manager' },
  });
  const studId = await app.createSchool({
    name: 'Fuzz Stud',
    type: 'stud',
    members: { [OWNER]: 'owner', 'staff@fuzz.test': 'staff' },
  });
  const tokens = {
    owner: await app.tokenFor(OWNER),
    admin: await app.tokenFor(ADMIN_EMAIL),
    garbage: 'not.a.token',
  };
  // A first request makes each principal a user.
  for (const token of [tokens.owner, tokens.admin])
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);

  const [ana, leo] = [
    await school.student(schoolId),
    await school.student(schoolId, { firstName: 'Leo', documentNumber: 'X-1' }),
  ];
  const instructor = await school.instructor(schoolId);
  const klass = await school.class(schoolId);
  const horse = await school.horse(schoolId);
  const schedule = await school.schedule(schoolId, {
    classId: klass.id,
    instructorId: instructor.id,
  });
  const enrollment = await school.enrollment(schoolId, {
    studentId: ana!.id,
    classId: klass.id,
    scheduleId: schedule.id,
    horseId: horse.id,
  });
  const cup = await competition.competition(schoolId, {
    fees: [
      {
        concept: 'inscription',
        name: 'Entry',
        amount: 25,
        is_required: true,
        applies_to: 'entry',
        description: null,
      },
    ],
  });
  const entry = await competition.entry(schoolId, {
    competitionId: cup.id,
    studentId: ana!.id,
    horseId: horse.id,
  });
  const fee = await competition.payment(schoolId, {
    competitionId: cup.id,
    studentId: ana!.id,
    entryId: entry.id,
  });
  const [tuition] = await app.db
    .insert(payments)
    .values({
      schoolId,
      studentId: leo!.id,
      concept: 'other',
      amount: '80.00',
      currency: 'EUR',
      dueDate: '2026-03-01',
    })
    .returning();
  const [message] = await app.db
    .insert(emailOutbox)
    .values({
      kind: 'contact',
      to: 'ops@fuzz.test',
      subject: 'Hi',
      html: '<p>Hi</p>',
      text: 'Hi',
      props: {},
      status: 'failed',
    })
    .returning();
  const members = await app.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(inArray(memberships.organizationId, [schoolId, studId]));
  const userIds = (await app.db.select({ id: users.id }).from(users)).map((u) => u.id);

  const byName: Record<string, string[]> = {
    school: [schoolId],
    stud: [studId],
    student: [ana!.id, leo!.id],
    instructor: [instructor.id],
    class: [klass.id],
    horse: [horse.id],
    schedule: [schedule.id],
    enrollment: [enrollment.id],
    competition: [cup.id],
    entry: [entry.id],
    payment: [tuition!.id, fee.id],
    member: members.map((m) => m.id),
    id: [schoolId, studId, ...userIds, message!.id],
    key: SETTINGS.map((s) => s.key),
    group: [...SETTING_GROUPS],
    feature: [...FEATURES],
    kind: [...registry.emailKinds],
    category: ['Juniors', 'Seniors'],
  };
  const known: KnownValues = (name) => byName[name.replace(/(_id|Id)$/, '')] ?? [];
  return { known, tokens };
}

/** Who sends a request: mostly the school's owner, on admin routes mostly the admin. */
function principalFor(op: ApiOperation) {
  const admin =
    op.path.startsWith('/admin') ||
    op.path === '/test/dashboard' ||
    op.path.startsWith('/email-preview');
  return fc.oneof(
    { weight: admin ? 2 : 8, arbitrary: fc.constant('owner' as const) },
    { weight: admin ? 8 : 1, arbitrary: fc.constant('admin' as const) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant('garbage' as const) },
  );
}

function describeRequest(request: FuzzRequest, principal: string | undefined): string {
  const body =
    request.body === undefined
      ? ''
      : ` body(${request.body.length}): ${request.body.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)} as ${principal ?? 'anonymous'} ${JSON.stringify(request.headers)}${body}`;
}

/** The DESIGN 5 body of a 4xx, or why it is not. */
function checkErrorBody(request: FuzzRequest, res: TestResponse): void {
  expect(res.headers.get('content-type'), 'content type').toMatch(/^application\/json/);
  if (res.status === 422) {
    expect(Object.keys(res.body).sort()).toEqual(['errors', 'message']);
    const lists = Object.values(res.body.errors as Record<string, unknown>);
    expect(lists.length, 'a 422 names at least one field').toBeGreaterThan(0);
    for (const list of lists) {
      expect(
        Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string'),
        'messages are strings',
      ).toBe(true);
    }
    const all = lists.flat() as string[];
    // Laravel's wording: "The x field …" / "The selected x is invalid.", first one, then a count.
    for (const message of all) expect(message).toMatch(/^The .+\.$/s);
    const rest = all.length - 1;
    const suffix = rest > 0 ? ` (and ${rest} more ${rest === 1 ? 'error' : 'errors'})` : '';
    expect(res.body.message).toBe(`${all[0]}${suffix}`);
    return;
  }
  if (res.status === 401 && new URL(request.url, 'http://x').pathname === '/api/auth/me') {
    expect(res.body).toEqual({ message: expect.any(String) });
    return;
  }
  expect(res.body).toEqual({ error: { code: CODES[res.status], message: expect.any(String) } });
  expect(res.body.error.message).not.toBe('');
  if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
}

/** A per-operation seed, so that each operation gets its own inputs from one FUZZ_SEED. */
function seedOf(op: ApiOperation): number {
  let hash = SEED;
  for (const char of op.operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let world: World;
  beforeEach(async () => {
    world = await buildWorld();
  });

  it.each(apiOperations().map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: never a 5xx, every 4xx shaped as DESIGN 5',
    async (_name, op) => {
      const requests = fc.tuple(
        requestFor(op, (name) => world.known(name)),
        principalFor(op),
      );
      await fc.assert(
        fc.asyncProperty(requests, async ([request, principal]) => {
          const res = await app.request(request.method, request.url, {
            token: principal ? world.tokens[principal] : undefined,
            headers: request.headers,
            rawBody: request.body,
          });
          const context = `${describeRequest(request, principal)}\n→ ${res.status} ${res.text.slice(0, 500)}`;
          expect(res.status, context).toBeLessThan(500);
          if (res.status >= 400) {
            try {
              checkErrorBody(request, res);
            } catch (error) {
              throw new Error(`${context}\n${(error as Error).message}`);
            }
          }
        }),
        {
          numRuns: RUNS,
          seed: seedOf(op),
          endOnFailure: process.env.FUZZ_SHRINK !== '1',
          // First, inherited names (`constructor`, `__proto__`…) as query and body keys, as each principal.
          examples: (['owner', 'admin', undefined] as const).map(
            (principal): [[FuzzRequest, typeof principal]] => [
              [prototypeKeyRequest(op, world.known), principal],
            ],
          ),
        },
      );
    },
    Math.max(30_000, RUNS * 2_000),
  );
});
