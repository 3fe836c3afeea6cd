import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { memberships, studSettings, studTasks } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { studWorld } from './herd-fixtures';

const app = useTestApp();

describe('optional links inside a stud', () => {
  it('are cleared when what they name goes, and the records stay in the stud', async () => {
    const { studId, call, client, mare } = await studWorld(app);
    const staffId = (
      await app.request('GET', '/api/auth/me', { token: await app.tokenFor('staff@hill.test') })
    ).body.id as string;
    const bella = await mare('Bella');
    const apollo = await call('POST', '/horses', {
      identity: { name: 'Apollo', sex: 'male', birth_year: 2010 },
    });
    const owner = await client('Smith');
    await call('PUT', '/settings', { default_assignee_id: staffId });
    const task = await call('POST', '/tasks', {
      title: 'Check Bella',
      horse_id: bella.id,
      client_id: owner,
      assigned_to: staffId,
    });
    expect(task.status, task.text).toBe(201);
    const prospect = await call('POST', '/prospects', {
      first_name: 'Leo',
      last_name: 'Park',
      interest: { stallion_id: apollo.body.data.id },
    });
    expect(prospect.status, prospect.text).toBe(201);

    expect((await call('DELETE', `/clients/${owner}`)).status).toBe(200);
    expect((await call('DELETE', `/horses/${bella.id}`)).status).toBe(200);
    expect((await call('DELETE', `/horses/${apollo.body.data.id}`)).status).toBe(200);
    const [member] = await app.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, studId), eq(memberships.userId, staffId)));
    expect((await call('DELETE', `/members/${member!.id}`)).status).toBe(200);

    const [row] = await app.db.select().from(studTasks).where(eq(studTasks.id, task.body.data.id));
    expect(row).toMatchObject({ studId, clientId: null, horseId: null, assignedTo: null });
    const lead = await call('GET', `/prospects/${prospect.body.data.id}`);
    expect(lead.body.data.interest).toMatchObject({ stallion_id: null });
    const [settings] = await app.db
      .select()
      .from(studSettings)
      .where(eq(studSettings.studId, studId));
    expect(settings).toMatchObject({ studId, defaultAssigneeId: null, gestationDays: 340 });
  });
});
