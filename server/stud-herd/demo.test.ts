import { describe, expect, it } from 'vitest';
import { seedDemo } from '@/db/seed-demo';
import { useTestApp } from '../test/harness';

const app = useTestApp();

describe('the demo stud', () => {
  it('shows owner@demo.stud a herd, stallions, medical records due, clients and tasks', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const token = await app.tokenFor('owner@demo.stud');
    const [stud] = (await app.request('GET', '/api/studs', { token })).body.data;
    const get = async (path: string) => {
      const res = await app.request('GET', `/api/studs/${stud.id}${path}`, { token });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body;
    };

    const herd = (await get('/horses')).data as { name: string; role: string }[];
    expect(herd.map((h) => [h.name, h.role])).toEqual([
      ['Brisa', 'mare'],
      ['Estrella', 'mare'],
      ['Luna', 'mare'],
      ['Luna Nueva', 'foal'],
      ['Rhosyn Storm', 'stallion'],
      ['Tornado', 'gelding'],
      ['Valiente', 'stallion'],
    ]);
    const stallions = (await get('/stallions')).data;
    expect(stallions.map((s: { name: string }) => s.name)).toEqual(['Rhosyn Storm', 'Valiente']);
    expect(stallions[1].profile).toMatchObject({ book_limit: 40, approvals: ['ANCCE'] });

    const overdue = (await get('/medical-records')).data.filter(
      (r: { overdue: boolean }) => r.overdue,
    );
    expect(overdue.map((r: { title: string }) => r.title)).toEqual(['Front shoes']);
    expect((await get('/clients')).meta.total).toBeGreaterThanOrEqual(2);
    expect((await get('/prospects')).data[0]).toMatchObject({ last_name: 'Ruiz' });
    expect((await get('/tasks')).meta.total).toBe(4);
  });
});
