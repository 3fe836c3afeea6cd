import { horseIdentities, studClients } from '@/db/schema';
import type { TestApp } from '../test/harness';

/** A stud with one member of each role, and helpers to call its routes as one of them. */
export async function studWorld(app: TestApp, name = 'Hill') {
  const domain = `${name.toLowerCase()}.test`;
  const emails = {
    owner: `owner@${domain}`,
    manager: `manager@${domain}`,
    staff: `staff@${domain}`,
    viewer: `viewer@${domain}`,
  };
  const studId = await app.createSchool({
    type: 'stud',
    name: `${name} Stud`,
    members: {
      [emails.owner]: 'owner',
      [emails.manager]: 'manager',
      [emails.staff]: 'staff',
      [emails.viewer]: 'viewer',
    },
  });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    as: keyof typeof emails = 'owner',
  ) =>
    app.request(method, `/api/studs/${studId}${path}`, {
      token: await app.tokenFor(emails[as]),
      body,
    });
  /** An identity of the platform, written directly (another organization's, say). */
  const identity = async (
    values: Partial<typeof horseIdentities.$inferInsert> & { name: string },
  ) => {
    const [row] = await app.db
      .insert(horseIdentities)
      .values({ sex: 'female', birthYear: 2015, ...values })
      .returning({ id: horseIdentities.id });
    return row!.id;
  };
  const client = async (lastName = 'Owner') => {
    const [row] = await app.db
      .insert(studClients)
      .values({ studId, firstName: 'Ann', lastName })
      .returning({ id: studClients.id });
    return row!.id;
  };
  /** A mare with a new identity, through the API. */
  const mare = async (name = 'Bella', extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/horses', {
      identity: { name, sex: 'female', birth_year: 2012 },
      ...extra,
    });
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data as { id: string; horse_identity_id: string };
  };
  return { studId, emails, call, identity, client, mare };
}
