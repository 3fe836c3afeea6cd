import type { Database } from '@/db/client';
import {
  horseIdentities,
  medicalRecords,
  studClients,
  studHorses,
  studSettings,
} from '@/db/schema';
import type { TestApp } from '../test/harness';

/** The stud tasks tests' records, written straight to the database. */
export function taskFixtures(db: () => Database) {
  return {
    /** A stud horse over a new identity named `name`. */
    async horse(studId: string, name = 'Bella') {
      const [identity] = await db()
        .insert(horseIdentities)
        .values({ name, sex: 'female', birthYear: 2015 })
        .returning({ id: horseIdentities.id });
      const [horse] = await db()
        .insert(studHorses)
        .values({ studId, horseIdentityId: identity!.id })
        .returning({ id: studHorses.id });
      return horse!.id;
    },
    async client(studId: string, values: Partial<typeof studClients.$inferInsert> = {}) {
      const [client] = await db()
        .insert(studClients)
        .values({ studId, firstName: 'Ana', lastName: 'Ruiz', ...values })
        .returning({ id: studClients.id });
      return client!.id;
    },
    async medicalRecord(studId: string, horseId: string, date = '2026-03-01') {
      const [record] = await db()
        .insert(medicalRecords)
        .values({ studId, horseId, date, type: 'vaccination', title: 'Flu jab' })
        .returning({ id: medicalRecords.id });
      return record!.id;
    },
    async settings(studId: string, values: Partial<typeof studSettings.$inferInsert>) {
      await db()
        .insert(studSettings)
        .values({ studId, ...values })
        .onConflictDoUpdate({ target: studSettings.studId, set: values });
    },
  };
}

/** Signs `email` in once, so that their membership binds, and answers their user id. */
export async function userIdOf(app: TestApp, email: string): Promise<string> {
  const me = await app.request('GET', '/api/auth/me', { token: await app.tokenFor(email) });
  return me.body.id as string;
}
