import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPEN_PREGNANCY_STATUSES, pregnancies, studTasks } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();

describe('one open pregnancy per mare under concurrency (PostgreSQL)', () => {
  it('five simultaneous coverings of a mare with none open: one opens it, the others get 409', async () => {
    const { studId, call, stallion, mare } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const bella = await mare('Bella');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/pregnancies', {
          mare_id: bella.id,
          stallion_id: apollo.id,
          base_date: '2026-04-03',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.error.message).toBe('The mare already has an open pregnancy.');
    const open = await app.db
      .select()
      .from(pregnancies)
      .where(
        and(
          eq(pregnancies.studId, studId),
          eq(pregnancies.mareId, bella.id),
          inArray(pregnancies.status, [...OPEN_PREGNANCY_STATUSES]),
        ),
      );
    expect(open).toHaveLength(1);
    // The refused ones left no suggested tasks behind.
    const tasks = await app.db.select().from(studTasks).where(eq(studTasks.studId, studId));
    expect(tasks.every((t) => t.pregnancyId === open[0]!.id)).toBe(true);
    expect(tasks).toHaveLength(6);
  });
});
