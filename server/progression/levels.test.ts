import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { progressionFixtures, schoolWithRoles } from '../test/progression-fixtures';

const app = useTestApp();
const p = progressionFixtures(() => app.db);

const setup = () => schoolWithRoles(app);

const base = (school: string) => `/api/schools/${school}/levels`;

describe('levels', () => {
  it('builds a ladder: positions follow creation, the list is ordered, a level reads, updates and deletes', async () => {
    const { school, manager } = await setup();
    const names = ['Pony', 'Bronze', 'Silver'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await app.request('POST', base(school), {
        token: manager,
        body: { name, base_level: name === 'Silver' ? 'intermediate' : 'beginner' },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const created = await app.request('POST', base(school), {
      token: manager,
      body: {
        name: ' Gold ',
        description: 'Jumps a full course',
        base_level: 'advanced',
        requirements: ['Canter both leads', 'Course of 8 fences at 90 cm'],
        min_attended_classes: 20,
        active: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'Gold',
      description: 'Jumps a full course',
      position: 4,
      base_level: 'advanced',
      requirements: ['Canter both leads', 'Course of 8 fences at 90 cm'],
      min_attended_classes: 20,
      active: true,
      students_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const list = await app.request('GET', base(school), { token: manager });
    expect(
      list.body.data.map((l: { name: string; position: number }) => [l.name, l.position]),
    ).toEqual([
      ['Pony', 1],
      ['Bronze', 2],
      ['Silver', 3],
      ['Gold', 4],
    ]);

    const updated = await app.request('PUT', `${base(school)}/${ids[0]}`, {
      token: manager,
      body: { name: 'Pony club', min_attended_classes: 4 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Pony club',
      min_attended_classes: 4,
      position: 1,
    });
    expect(
      (await app.request('GET', `${base(school)}/${ids[0]}`, { token: manager })).body.data.name,
    ).toBe('Pony club');

    const removed = await app.request('DELETE', `${base(school)}/${ids[2]}`, { token: manager });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Level deleted.' });
    expect((await app.request('GET', `${base(school)}/${ids[2]}`, { token: manager })).status).toBe(
      404,
    );
  });

  it('refuses bad input with 422 on the field: names unique in the school, positions unique, at most 30 requirements', async () => {
    const { school, other, owner, stranger } = await setup();
    await p.level(school, { name: 'Bronze', position: 1 });
    await p.level(other, { name: 'Silver', position: 2 });

    const cases: [Record<string, unknown>, string][] = [
      [{ base_level: 'beginner' }, 'name'],
      [{ name: 'X' }, 'base_level'],
      [{ name: 'X', base_level: 'expert' }, 'base_level'],
      [
        { name: 'bronze'.toUpperCase().replace('BRONZE', 'Bronze'), base_level: 'beginner' },
        'name',
      ],
      [{ name: 'X', base_level: 'beginner', position: 1 }, 'position'],
      [{ name: 'X', base_level: 'beginner', position: 0 }, 'position'],
      [{ name: 'X', base_level: 'beginner', min_attended_classes: -1 }, 'min_attended_classes'],
      [
        {
          name: 'X',
          base_level: 'beginner',
          requirements: Array.from({ length: 31 }, (_, i) => `R${i}`),
        },
        'requirements',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await app.request('POST', base(school), { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    // Names are unique per school only.
    const elsewhere = await app.request('POST', base(other), {
      token: stranger,
      body: { name: 'Bronze', base_level: 'beginner' },
    });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data.position).toBe(3);
  });

  it('reorders the whole ladder in one request, and refuses a list that is not every level once', async () => {
    const { school, other, owner } = await setup();
    const [a, b, c] = [
      await p.level(school, { name: 'A', position: 1 }),
      await p.level(school, { name: 'B', position: 2 }),
      await p.level(school, { name: 'C', position: 3 }),
    ];
    const foreign = await p.level(other, { name: 'F', position: 1 });

    const res = await app.request('POST', `${base(school)}/reorder`, {
      token: owner,
      body: { ids: [c!.id, a!.id, b!.id] },
    });
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((l: { name: string; position: number }) => `${l.position}:${l.name}`),
    ).toEqual(['1:C', '2:A', '3:B']);

    for (const ids of [
      [c!.id, a!.id],
      [c!.id, a!.id, a!.id],
      [c!.id, a!.id, foreign!.id],
      [c!.id, a!.id, b!.id, foreign!.id],
      ['not-a-uuid', a!.id, b!.id],
    ]) {
      const bad = await app.request('POST', `${base(school)}/reorder`, {
        token: owner,
        body: { ids },
      });
      expect(bad.status, JSON.stringify(ids)).toBe(422);
      expect(bad.body.errors).toHaveProperty('ids');
    }
    const after = await app.request('GET', base(school), { token: owner });
    expect(after.body.data.map((l: { name: string }) => l.name)).toEqual(['C', 'A', 'B']);
  });

  it('keeps a level in use (409) and counts the students on it', async () => {
    const { school, owner } = await setup();
    const level = await p.level(school, { name: 'Bronze', position: 1 });
    const rider = await p.rider(school);
    const moved = await app.request(
      'POST',
      `/api/schools/${school}/students/${rider.student.id}/level-changes`,
      { token: owner, body: { level_id: level.id } },
    );
    expect(moved.status).toBe(201);
    expect(
      (await app.request('GET', `${base(school)}/${level.id}`, { token: owner })).body.data
        .students_count,
    ).toBe(1);

    const res = await app.request('DELETE', `${base(school)}/${level.id}`, { token: owner });
    expect(res.status).toBe(409);
    expect((await app.request('GET', `${base(school)}/${level.id}`, { token: owner })).status).toBe(
      200,
    );
  });

  it('answers 401 without a token, 403 to roles without the permission and to strangers, 404 for another school’s level', async () => {
    const { school, other, instructor, viewer, stranger, owner } = await setup();
    const level = await p.level(school, { name: 'Bronze', position: 1 });
    const foreign = await p.level(other, { name: 'Foreign', position: 1 });

    expect((await app.request('GET', base(school))).status).toBe(401);
    for (const token of [instructor, viewer]) {
      expect((await app.request('GET', base(school), { token })).status).toBe(200);
      expect(
        (
          await app.request('POST', base(school), {
            token,
            body: { name: 'X', base_level: 'beginner' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await app.request('POST', `${base(school)}/reorder`, { token, body: { ids: [level.id] } }))
          .status,
      ).toBe(403);
      expect((await app.request('DELETE', `${base(school)}/${level.id}`, { token })).status).toBe(
        403,
      );
    }
    expect((await app.request('GET', base(school), { token: stranger })).status).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE'])
      expect(
        (
          await app.request(method, `${base(school)}/${foreign.id}`, {
            token: owner,
            body: method === 'PUT' ? { name: 'Mine' } : undefined,
          })
        ).status,
      ).toBe(404);
    expect(
      (await app.request('GET', `${base(other)}/${foreign.id}`, { token: stranger })).body.data
        .name,
    ).toBe('Foreign');
  });
});
