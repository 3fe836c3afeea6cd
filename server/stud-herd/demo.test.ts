import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { contractEvents, contracts } from '@/db/schema';
import { seedDemo } from '@/db/seed-demo';
import { DEMO_CONTRACT_BODY, DEMO_SIGNING_TOKEN } from '@/db/seed-demo-season';
import { renderDocumentHtml, sha256Hex } from '../stud-contracts/document';
import { verifyChain } from '../stud-contracts/event-chain';
import { unknownPlaceholders } from '../stud-contracts/placeholders';
import { useTestApp } from '../test/harness';

const app = useTestApp();

describe('the demo stud', () => {
  it('shows owner@demo.stud a herd, stallions with services, semen, medical records due, clients, tasks and the breeding season', async () => {
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
      ['Duquesa', 'mare'],
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
    // This year's offer: the season is the demo's year.
    const services = stallions[1].services as {
      season: string;
      method: string;
      delivery: string;
    }[];
    expect(services.map((s) => [s.method, s.delivery])).toEqual([
      ['frozen_semen', 'shipped'],
      ['natural_cover', 'on_site'],
    ]);
    expect(services.map((s) => s.season)).toEqual([services[0]!.season, services[0]!.season]);
    const [frozen] = (await get('/semen-batches?available=true')).data;
    expect(frozen).toMatchObject({
      stallion: { name: 'Valiente' },
      straws_per_dose: 8,
      doses_available: 18,
    });

    const overdue = (await get('/medical-records')).data.filter(
      (r: { overdue: boolean }) => r.overdue,
    );
    expect(overdue.map((r: { title: string }) => r.title)).toEqual(['Front shoes']);
    expect((await get('/clients')).meta.total).toBeGreaterThanOrEqual(2);
    const [pedro] = (await get('/prospects')).data;
    expect(pedro).toMatchObject({ last_name: 'Ruiz', interest: { stallion_id: stallions[1].id } });
    expect((await get(`/services/${pedro.interest.service_id}`)).data).toMatchObject({
      method: 'natural_cover',
      stud_fee: 1500,
    });
    // Four tasks by hand or from medical records, and the pregnancies' suggested checks.
    const tasks = (await get('/tasks?per_page=100')).data as { source: string }[];
    expect(tasks.filter((t) => ['manual', 'medical'].includes(t.source))).toHaveLength(4);
    expect(tasks.filter((t) => ['pregnancy_check', 'foaling'].includes(t.source))).toHaveLength(12);

    // The season: every state of the board but the closed ones.
    const season = String(new Date().getFullYear());
    const board = (await get(`/reservations?season=${season}&per_page=50`)).data as {
      mare: { name: string };
      status: string;
      contract: { id: string; status: string } | null;
    }[];
    expect(board.map((r) => [r.mare.name, r.status]).sort()).toEqual([
      ['Brisa', 'confirmed'],
      ['Duquesa', 'requested'],
      ['Estrella', 'in_progress'],
    ]);

    // The contracts (B.7): a breeding template with every placeholder on this season's
    // services; Estrella's contract awaits María's signature, Brisa's is a draft.
    const [template, ...otherTemplates] = (await get('/contract-templates')).data as {
      id: string;
      kind: string;
      placeholders: string[];
    }[];
    expect(otherTemplates).toEqual([]);
    expect(template!.kind).toBe('breeding');
    expect([...template!.placeholders].sort()).toEqual(
      ['client', 'fees', 'mare', 'season', 'stallion', 'stud', 'terms', 'today'].sort(),
    );
    for (const service of stallions[1].services as { id: string }[])
      expect((await get(`/services/${service.id}`)).data.contract_template_id).toBe(template!.id);
    const contractOf = (name: string) => board.find((r) => r.mare.name === name)!.contract;
    expect(contractOf('Estrella')).toMatchObject({ status: 'sent' });
    expect(contractOf('Brisa')).toMatchObject({ status: 'draft' });
    expect(contractOf('Duquesa')).toBeNull();
    const sent = (await get(`/contracts/${contractOf('Estrella')!.id}`)).data;
    expect(sent).toMatchObject({
      title: `Breeding contract: Valiente × Estrella (${season})`,
      status: 'sent',
      signers: [{ name: 'María García', role: 'client', status: 'pending' }],
    });
    // Written by the seed as sending would have: the hash is the stored HTML's, the HTML the
    // Markdown's, no placeholder left, the event chain whole, and María's link opens it.
    expect(unknownPlaceholders(DEMO_CONTRACT_BODY)).toEqual([]);
    const [row] = await app.db.select().from(contracts).where(eq(contracts.id, sent.id));
    expect(row!.documentMarkdown).not.toContain('{{');
    expect(row!.documentHtml).toBe(renderDocumentHtml(row!.documentMarkdown!));
    expect(row!.documentSha256).toBe(sha256Hex(row!.documentHtml!));
    const eventsOf = (contractId: string) =>
      app.db
        .select()
        .from(contractEvents)
        .where(and(eq(contractEvents.studId, stud.id), eq(contractEvents.contractId, contractId)))
        .orderBy(asc(contractEvents.seq));
    const events = await eventsOf(sent.id);
    expect(events.map((e) => e.type)).toEqual(['created', 'sent']);
    expect(verifyChain(events)).toEqual({ valid: true, broken_at: null });
    expect(verifyChain(await eventsOf(contractOf('Brisa')!.id)).valid).toBe(true);
    const link = await app.request('GET', `/api/public/contracts/${DEMO_SIGNING_TOKEN}`);
    expect(link.status, link.text).toBe(200);
    expect(link.body.data).toMatchObject({
      contract: { title: sent.title, status: 'sent' },
      signer: { name: 'María García', role: 'client' },
      document_sha256: row!.documentSha256,
    });
    // The next contract is numbered after the demo's two.
    const next = await app.request('POST', `/api/studs/${stud.id}/contracts`, {
      token,
      body: {
        title: 'Boarding',
        body: 'Between {{stud}} and {{client}}.',
        signers: [{ name: 'Ann', email: 'ann@example.com', role: 'client', order: 1 }],
      },
    });
    expect(next.status, next.text).toBe(201);
    expect(next.body.data.number).toBe(`C-${season}-0003`);
    const [duquesa, estrella] = (await get('/pregnancies')).data as {
      id: string;
      mare: { name: string };
      status: string;
    }[];
    expect([duquesa!.mare.name, duquesa!.status]).toEqual(['Duquesa', 'confirmed']);
    expect([estrella!.mare.name, estrella!.status]).toEqual(['Estrella', 'checking']);
    const suggested = (await get(`/pregnancies/${estrella!.id}/suggested-checks`)).data as {
      day: number;
      done: boolean;
    }[];
    expect(suggested.map((s) => [s.day, s.done])).toEqual([
      [15, true],
      [28, false],
      [45, false],
      [60, false],
      [320, false],
      [340, false],
    ]);
  });
});
