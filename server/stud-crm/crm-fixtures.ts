import { horseIdentities, studHorses } from '@/db/schema';
import type { TestApp } from '../test/harness';

export type Member = 'owner' | 'manager' | 'staff' | 'viewer' | 'stranger';

/**
 * A stud with one member of each role, another stud (whose owner is the `stranger`) and a
 * school the owner also belongs to; `call` sends a request to a stud route as a member.
 */
export async function crmWorld(app: TestApp) {
  const emails: Record<Member, string> = {
    owner: 'owner@hill.test',
    manager: 'manager@hill.test',
    staff: 'staff@hill.test',
    viewer: 'viewer@hill.test',
    stranger: 'owner@vale.test',
  };
  const studId = await app.createSchool({
    type: 'stud',
    name: 'Hill Stud',
    members: {
      [emails.owner]: 'owner',
      [emails.manager]: 'manager',
      [emails.staff]: 'staff',
      [emails.viewer]: 'viewer',
    },
  });
  const otherStudId = await app.createSchool({
    type: 'stud',
    name: 'Vale Stud',
    members: { [emails.stranger]: 'owner' },
  });
  const schoolId = await app.createSchool({
    type: 'school',
    name: 'Hill School',
    members: { [emails.owner]: 'owner' },
  });
  /** `path` under `/api/studs/{studId}` (of `stud`, this stud unless given). */
  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; as?: Member; stud?: string } = {},
  ) =>
    app.request(method, `/api/studs/${options.stud ?? studId}${path}`, {
      token: await app.tokenFor(emails[options.as ?? 'owner']),
      body: options.body,
    });
  /** A client through the API, as the owner; its detail. */
  const client = async (body: Record<string, unknown> = {}, stud = studId) => {
    const res = await call('POST', '/clients', {
      body: { first_name: 'Ann', last_name: 'Owner', ...body },
      stud,
      as: stud === studId ? 'owner' : 'stranger',
    });
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data;
  };
  const tag = async (name: string, stud = studId) => {
    const res = await call('POST', '/tags', {
      body: { name },
      stud,
      as: stud === studId ? 'owner' : 'stranger',
    });
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data as { id: string; name: string };
  };
  return { studId, otherStudId, schoolId, emails, call, client, tag };
}

/** A stud horse with an identity of its own, written directly (the herd has its own routes). */
export async function studHorse(
  app: TestApp,
  studId: string,
  values: {
    name: string;
    sex?: 'male' | 'female' | 'unknown';
    gelded?: boolean;
    ownerClientId?: string;
  },
): Promise<string> {
  const [identity] = await app.db
    .insert(horseIdentities)
    .values({
      name: values.name,
      sex: values.sex ?? 'female',
      gelded: values.gelded ?? false,
      birthYear: 2015,
    })
    .returning({ id: horseIdentities.id });
  const [horse] = await app.db
    .insert(studHorses)
    .values({
      studId,
      horseIdentityId: identity!.id,
      ownership: values.ownerClientId ? 'client' : 'own',
      ownerClientId: values.ownerClientId,
    })
    .returning({ id: studHorses.id });
  return horse!.id;
}
