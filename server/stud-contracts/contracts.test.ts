import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  contractEvents,
  contractSigners,
  contracts,
  emailOutbox,
  media,
  mediaBlobs,
  studReservations,
} from '@/db/schema';
import { hashLinkToken } from '../kernel/link-tokens';
import { useTestApp } from '../test/harness';
import { BODY, contractWorld, SIGNERS } from './contract-fixtures';
import { sha256Hex } from './document';

const app = useTestApp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const YEAR = new Date().getUTCFullYear();

type World = Awaited<ReturnType<typeof contractWorld>>;

async function contractRow(studId: string, id: string) {
  const [row] = await app.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.studId, studId), eq(contracts.id, id)));
  return row!;
}

async function signerRows(studId: string, contractId: string) {
  return app.db
    .select()
    .from(contractSigners)
    .where(and(eq(contractSigners.studId, studId), eq(contractSigners.contractId, contractId)))
    .orderBy(contractSigners.position);
}

/** The tokens of the `contract-signing` e-mails to `email`, oldest first. */
async function tokensSentTo(email: string) {
  const rows = await app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'contract-signing'), eq(emailOutbox.to, email)))
    .orderBy(emailOutbox.createdAt);
  return rows.map((row) => (row.props as { signUrl: string }).signUrl.split('/sign/')[1]!);
}

const send = (w: World, id: string, body: Record<string, unknown> = {}) =>
  w.call('POST', `/contracts/${id}/send`, body);

describe('stud contracts: write and read drafts', () => {
  it('writes a draft with its signers and `created` event, and reads it', async () => {
    const w = await contractWorld(app);
    const clientId = await w.client();
    const res = await w.call(
      'POST',
      '/contracts',
      { title: 'Boarding 2026', client_id: clientId, body: BODY, signers: SIGNERS },
      'manager',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      number: `C-${YEAR}-0001`,
      kind: 'other',
      title: 'Boarding 2026',
      status: 'draft',
      client_id: clientId,
      client: { id: clientId, name: 'Ann Owner' },
      reservation_id: null,
      template_id: null,
      body: BODY,
      signers: SIGNERS.map((s) => ({
        ...s,
        id: expect.any(String),
        status: 'pending',
        signed_name: null,
        viewed_at: null,
        signed_at: null,
        declined_at: null,
        decline_reason: null,
      })),
      expires_at: null,
      sent_at: null,
      completed_at: null,
      document_sha256: null,
      signed_pdf: null,
      void_reason: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const read = await w.call('GET', `/contracts/${res.body.data.id}`, undefined, 'staff');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);
    const second = await w.contract({ kind: 'sale', client_id: null });
    expect(second).toMatchObject({ number: `C-${YEAR}-0002`, kind: 'sale', client: null });

    const events = await w.call(
      'GET',
      `/contracts/${res.body.data.id}/events`,
      undefined,
      'viewer',
    );
    expect(events.body).toEqual({
      data: [
        {
          seq: 1,
          type: 'created',
          occurred_at: expect.stringMatching(ISO),
          actor: 'manager <manager@hill.test>',
          signer_id: null,
          ip: null,
          user_agent: null,
          details: { number: `C-${YEAR}-0001` },
          prev_hash: null,
          hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ],
      chain: { valid: true, broken_at: null },
    });
  });

  it('takes the body and kind from a template, the client from a reservation', async () => {
    const w = await contractWorld(app);
    const template = await w.template({ kind: 'boarding' });
    const fromTemplate = await w.contract({ template_id: template.id, body: undefined });
    expect(fromTemplate).toMatchObject({ template_id: template.id, kind: 'boarding', body: BODY });
    const own = await w.contract({ template_id: template.id, body: 'Own {{stud}}', kind: 'sale' });
    expect(own).toMatchObject({ kind: 'sale', body: 'Own {{stud}}' });

    const { reservation, clientId } = await w.booking();
    const booked = await w.contract({ reservation_id: reservation.id, client_id: undefined });
    expect(booked).toMatchObject({
      kind: 'breeding',
      reservation_id: reservation.id,
      client_id: clientId,
    });
    // The reservation's contract is this one.
    const [row] = await app.db
      .select()
      .from(studReservations)
      .where(and(eq(studReservations.studId, w.studId), eq(studReservations.id, reservation.id)));
    expect(row!.contractId).toBe(booked.id);
  });

  it('refuses bad fields, signers and references with 422 on the field', async () => {
    const w = await contractWorld(app);
    const clientId = await w.client();
    const inactive = await w.template({ name: 'Old', active: false });
    const foreignClient = await w.vale.client();
    const five = [1, 2, 3, 4, 5].map((n) => ({
      name: `S${n}`,
      email: `s${n}@x.test`,
      role: 'client',
      order: Math.min(n, 4),
    }));
    const base = { title: 'T', client_id: clientId, body: BODY, signers: SIGNERS };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, title: '' }, 'title'],
      [{ ...base, body: 'Fee: {{price}}' }, 'body'],
      [{ ...base, body: undefined }, 'body'],
      [{ ...base, signers: [] }, 'signers'],
      [{ ...base, signers: five }, 'signers'],
      [{ ...base, signers: [SIGNERS[0], { ...SIGNERS[1], order: 1 }] }, 'signers'],
      [{ ...base, signers: [SIGNERS[0], { ...SIGNERS[1], email: 'ANN@client.test' }] }, 'signers'],
      [{ ...base, signers: [{ ...SIGNERS[0], role: 'witness' }] }, 'signers.0.role'],
      [{ ...base, signers: [{ ...SIGNERS[0], order: 5 }] }, 'signers.0.order'],
      [{ ...base, client_id: foreignClient }, 'client_id'],
      [{ ...base, client_id: crypto.randomUUID() }, 'client_id'],
      [{ ...base, reservation_id: crypto.randomUUID() }, 'reservation_id'],
      [{ ...base, template_id: inactive.id }, 'template_id'],
      [{ ...base, template_id: inactive.id, body: undefined }, 'template_id'],
      [{ ...base, expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
      [{ ...base, kind: 'lease' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await w.call('POST', '/contracts', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const bad = await w.call('POST', '/contracts', { ...base, client_id: foreignClient });
    expect(bad.body.errors.client_id).toEqual(['The selected client id is invalid.']);
    expect(await app.db.$count(contracts)).toBe(0);
  });

  it('edits a draft (signers replaced) and deletes it; after sending both are 409', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    const other = await w.client('Other');
    const edited = await w.call(
      'PUT',
      `/contracts/${draft.id}`,
      {
        title: 'Boarding 2027',
        client_id: other,
        body: 'New {{client}}',
        signers: [{ name: 'Bob', email: 'bob@x.test', role: 'client', order: 3 }],
        expires_at: '2099-01-01T00:00:00Z',
      },
      'manager',
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: 'Boarding 2027',
      client: { id: other, name: 'Ann Other' },
      body: 'New {{client}}',
      signers: [{ name: 'Bob', email: 'bob@x.test', role: 'client', order: 3 }],
      expires_at: '2099-01-01T00:00:00.000Z',
      kind: 'other',
    });
    const kept = await w.call('PUT', `/contracts/${draft.id}`, { kind: 'sale' });
    expect(kept.body.data).toMatchObject({ title: 'Boarding 2027', kind: 'sale' });
    expect(kept.body.data.signers).toHaveLength(1);
    for (const [body, field] of [
      [{ client_id: await w.vale.client() }, 'client_id'],
      [{ signers: [] }, 'signers'],
      [{ body: '{{price}}' }, 'body'],
      [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    ] as const) {
      const res = await w.call('PUT', `/contracts/${draft.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }

    const doomed = await w.contract();
    const removed = await w.call('DELETE', `/contracts/${doomed.id}`, undefined, 'manager');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Contract deleted.' });
    expect((await w.call('GET', `/contracts/${doomed.id}`)).status).toBe(404);
    expect(await signerRows(w.studId, doomed.id)).toEqual([]);

    expect((await send(w, draft.id)).status).toBe(200);
    const put = await w.call('PUT', `/contracts/${draft.id}`, { title: 'Late' });
    expect(put.status).toBe(409);
    expect(put.body.error.message).toBe('The contract is sent: it cannot be edited.');
    const del = await w.call('DELETE', `/contracts/${draft.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe('The contract is sent: it cannot be deleted.');
  });
});

describe('stud contracts: lists', () => {
  it('lists newest first, paginated, with filters and search', async () => {
    const w = await contractWorld(app);
    const clientId = await w.client('Filtered');
    const first = await w.contract({ title: 'Stabling' });
    const second = await w.contract({ title: 'Sale of Zeus', kind: 'sale', client_id: clientId });
    const { reservation } = await w.booking();
    const third = await w.contract({ title: 'Breeding', reservation_id: reservation.id });
    await send(w, second.id);
    await w.vale.call('POST', '/contracts', { title: 'Foreign', body: 'x', signers: SIGNERS });

    const res = await w.call('GET', '/contracts', undefined, 'viewer');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(res.body.data[1]).toMatchObject({
      status: 'sent',
      client: { id: clientId, name: 'Ann Filtered' },
      signers: [{ name: 'Ann Owner' }, { name: 'Max Manager' }],
    });
    expect(res.body.meta).toMatchObject({ total: 3, per_page: 25, current_page: 1 });

    const ids = async (query: string) =>
      (await w.call('GET', `/contracts?${query}`)).body.data.map((c: { id: string }) => c.id);
    expect(await ids('status=sent')).toEqual([second.id]);
    expect(await ids('kind=breeding')).toEqual([third.id]);
    expect(await ids(`client_id=${clientId}`)).toEqual([second.id]);
    expect(await ids(`reservation_id=${reservation.id}`)).toEqual([third.id]);
    expect(await ids('search=zeus')).toEqual([second.id]);
    expect(await ids(`search=${YEAR}-0001`)).toEqual([first.id]);
    expect(await ids('search=%25')).toEqual([]);
    const page = await w.call('GET', '/contracts?per_page=2&page=2');
    expect(page.body.data.map((c: { id: string }) => c.id)).toEqual([first.id]);
    expect(page.body.meta).toMatchObject({ total: 3, last_page: 2, from: 3, to: 3 });
    expect((await w.call('GET', '/contracts?status=open')).status).toBe(422);
  });

  it('reads the list in as many statements for 2 contracts as for 20', async () => {
    const w = await contractWorld(app);
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => w.call('GET', '/contracts'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    for (let n = 0; n < 2; n++) await w.contract();
    const small = await count();
    for (let n = 2; n < 20; n++) await w.contract();
    expect(await count()).toBe(small);
  });
});

describe('stud contracts: sending and reminding', () => {
  it('sends: freezes the document with its SHA-256, mails each signer a working link', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    const res = await send(w, draft.id, { expires_at: '2099-06-01T12:00:00Z' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'sent',
      sent_at: expect.stringMatching(ISO),
      expires_at: '2099-06-01T12:00:00.000Z',
      document_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      body: BODY,
    });
    const row = await contractRow(w.studId, draft.id);
    expect(row.documentHtml).toContain('Between Hill Stud and Ann Owner');
    expect(res.body.data.document_sha256).toBe(sha256Hex(row.documentHtml!));
    const signers = await signerRows(w.studId, draft.id);
    for (const signer of signers) {
      const tokens = await tokensSentTo(signer.email);
      expect(tokens).toHaveLength(1);
      expect(hashLinkToken(tokens[0]!)).toBe(signer.tokenHash);
    }
    const again = await send(w, draft.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The contract is sent: it cannot be sent.');
    const events = await w.call('GET', `/contracts/${draft.id}/events`);
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(['created', 'sent']);
  });

  it('defaults the expiry to 30 days, and refuses a draft without signers or values', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    const before = Date.now();
    const sent = await send(w, draft.id);
    const expires = new Date(sent.body.data.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(expires - before).toBeLessThan(30 * 86_400_000 + 60_000);

    const bare = await w.contract();
    await app.db.delete(contractSigners).where(eq(contractSigners.contractId, bare.id));
    const noSigner = await send(w, bare.id);
    expect(noSigner.status).toBe(422);
    expect(Object.keys(noSigner.body.errors)).toEqual(['signers']);

    // No reservation: nothing fills the mare.
    const mare = await w.contract({ body: 'The mare {{mare}} of {{client}}.' });
    const missing = await send(w, mare.id);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['body']);
    expect(missing.body.errors.body[0]).toContain('{{mare}}');
    expect((await send(w, mare.id, { expires_at: '2020-01-01T00:00:00Z' })).status).toBe(422);
    expect((await contractRow(w.studId, mare.id)).status).toBe('draft');
  });

  it('fills the placeholders from the reservation', async () => {
    const w = await contractWorld(app);
    const { reservation } = await w.booking();
    const draft = await w.contract({
      reservation_id: reservation.id,
      client_id: undefined,
      body: '{{mare}} to {{stallion}}, season {{season}}.\n\n{{fees}}\n\n{{terms}}',
    });
    expect((await send(w, draft.id)).status).toBe(200);
    const html = (await contractRow(w.studId, draft.id)).documentHtml!;
    expect(html).toContain('Bella to Apollo (Apollo Rex), season 2026.');
    expect(html).toContain('Stud fee: EUR 1500.00');
    expect(html).toContain('Booking fee (part of the stud fee, due on confirmation): EUR 300.00');
    expect(html).toContain('Each extra dose: EUR 200.00');
    expect(html).toContain('Guarantee: a live foal (stands and nurses)');
  });

  it('reminds: a new link replaces the old one, with one `reminded` event per signer', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    await send(w, draft.id);
    const [ann, max] = await signerRows(w.studId, draft.id);
    const oldHash = ann!.tokenHash;

    const all = await w.call('POST', `/contracts/${draft.id}/remind`, {}, 'manager');
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.status).toBe('sent');
    const [ann2, max2] = await signerRows(w.studId, draft.id);
    const annTokens = await tokensSentTo(ann!.email);
    expect(annTokens).toHaveLength(2);
    expect(hashLinkToken(annTokens[1]!)).toBe(ann2!.tokenHash);
    expect(ann2!.tokenHash).not.toBe(oldHash);
    const holders = await app.db
      .select()
      .from(contractSigners)
      .where(eq(contractSigners.tokenHash, oldHash!));
    expect(holders).toEqual([]);
    expect(max2!.tokenHash).not.toBe(max!.tokenHash);

    // One signer has signed: only the other is reminded, and naming the first is a 422.
    await app.db
      .update(contractSigners)
      .set({ status: 'signed', signedName: 'Max Manager', signedAt: new Date() })
      .where(eq(contractSigners.id, max!.id));
    await app.db
      .update(contracts)
      .set({ status: 'partially_signed' })
      .where(eq(contracts.id, draft.id));
    const signed = await w.call('POST', `/contracts/${draft.id}/remind`, { signer_id: max!.id });
    expect(signed.status).toBe(422);
    expect(Object.keys(signed.body.errors)).toEqual(['signer_id']);
    const stranger = await w.call('POST', `/contracts/${draft.id}/remind`, {
      signer_id: crypto.randomUUID(),
    });
    expect(stranger.status).toBe(422);
    const one = await w.call('POST', `/contracts/${draft.id}/remind`, { signer_id: ann!.id });
    expect(one.status).toBe(200);
    expect(await tokensSentTo(ann!.email)).toHaveLength(3);
    expect(await tokensSentTo(max!.email)).toHaveLength(2);

    const events = await w.call('GET', `/contracts/${draft.id}/events`);
    expect(
      events.body.data.map((e: { type: string; details: object; signer_id: string | null }) => [
        e.type,
        e.details,
        e.signer_id,
      ]),
    ).toEqual([
      ['created', { number: draft.number }, null],
      ['sent', expect.objectContaining({ document_sha256: expect.any(String) }), null],
      ['reminded', { signer: 'Ann Owner' }, ann!.id],
      ['reminded', { signer: 'Max Manager' }, max!.id],
      ['reminded', { signer: 'Ann Owner' }, ann!.id],
    ]);
    expect(events.body.chain).toEqual({ valid: true, broken_at: null });
  });

  it('refuses to remind a draft, an expired or voided contract with 409 naming the state', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    const remind = (id: string) => w.call('POST', `/contracts/${id}/remind`, {});
    const early = await remind(draft.id);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('The contract is a draft: it cannot be reminded.');

    await send(w, draft.id);
    await app.db
      .update(contracts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contracts.id, draft.id));
    const late = await remind(draft.id);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('The contract is expired: it cannot be reminded.');

    const voided = await w.contract();
    await send(w, voided.id);
    expect(
      (await w.call('POST', `/contracts/${voided.id}/void`, { reason: 'Wrong mare' })).status,
    ).toBe(200);
    const gone = await remind(voided.id);
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe('The contract is voided: it cannot be reminded.');
  });
});

describe('stud contracts: voiding, evidence and the document', () => {
  it('voids a draft or a sent contract, never a signed one', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    const res = await w.call('POST', `/contracts/${draft.id}/void`, { reason: 'Duplicate' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'voided', void_reason: 'Duplicate' });
    expect((await contractRow(w.studId, draft.id)).closedAt).toBeInstanceOf(Date);
    const twice = await w.call('POST', `/contracts/${draft.id}/void`, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('The contract is voided: it cannot be voided.');

    const sent = await w.contract();
    await send(w, sent.id);
    const blank = await w.call('POST', `/contracts/${sent.id}/void`, { reason: ' ' });
    expect(Object.keys(blank.body.errors)).toEqual(['reason']);
    expect((await w.call('POST', `/contracts/${sent.id}/void`, { reason: 'Wrong' })).status).toBe(
      200,
    );
    const events = await w.call('GET', `/contracts/${sent.id}/events`);
    expect(events.body.data.at(-1)).toMatchObject({
      type: 'voided',
      details: { reason: 'Wrong' },
      actor: 'owner <owner@hill.test>',
    });

    const signed = await w.contract();
    await send(w, signed.id);
    await app.db.update(contracts).set({ status: 'signed' }).where(eq(contracts.id, signed.id));
    const refused = await w.call('POST', `/contracts/${signed.id}/void`, { reason: 'No' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'A signed contract is never voided; an amendment is a new contract.',
    );
    await app.db.update(contracts).set({ status: 'declined' }).where(eq(contracts.id, signed.id));
    expect((await w.call('POST', `/contracts/${signed.id}/void`, { reason: 'No' })).status).toBe(
      409,
    );
  });

  it('shows where the event chain breaks when an event is altered', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    await send(w, draft.id);
    await w.call('POST', `/contracts/${draft.id}/remind`, {});
    const intact = await w.call('GET', `/contracts/${draft.id}/events`);
    expect(intact.body.data.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'sent',
      'reminded',
      'reminded',
    ]);
    expect(intact.body.chain).toEqual({ valid: true, broken_at: null });
    for (const [i, event] of intact.body.data.entries())
      expect(event.prev_hash).toBe(i === 0 ? null : intact.body.data[i - 1].hash);

    await app.db.execute(
      sql`update contract_events set actor = 'someone else'
           where contract_id = ${draft.id} and seq = 2`,
    );
    const broken = await w.call('GET', `/contracts/${draft.id}/events`);
    expect(broken.body.chain).toEqual({ valid: false, broken_at: 2 });
    await app.db.delete(contractEvents).where(eq(contractEvents.contractId, draft.id));
    expect((await w.call('GET', `/contracts/${draft.id}/events`)).body).toEqual({
      data: [],
      chain: { valid: true, broken_at: null },
    });
  });

  it('answers the PDF: watermarked until signed, 409 while sealing, the sealed file after', async () => {
    const w = await contractWorld(app);
    const draft = await w.contract();
    const pdf = async (id: string) => {
      const res = await w.call('GET', `/contracts/${id}/document`, undefined, 'viewer');
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('inline');
      expect(res.headers.get('content-disposition')).toContain(`${draft.number}.pdf`);
      expect(res.text.startsWith('%PDF')).toBe(true);
      return res;
    };
    await pdf(draft.id);
    await send(w, draft.id);
    await pdf(draft.id);

    await app.db.update(contracts).set({ status: 'signed' }).where(eq(contracts.id, draft.id));
    const sealing = await w.call('GET', `/contracts/${draft.id}/document`);
    expect(sealing.status).toBe(409);
    expect(sealing.body.error.message).toBe(
      'The signed PDF is being sealed; try again in a minute.',
    );

    const bytes = new TextEncoder().encode('%PDF-1.7 sealed');
    const [file] = await app.db
      .insert(media)
      .values({
        organizationId: w.studId,
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        sha256: sha256Hex(bytes),
        store: 'database',
        storageKey: 'contract-sealed',
        filename: 'sealed.pdf',
      })
      .returning();
    await app.db.insert(mediaBlobs).values({ mediaId: file!.id, bytes });
    await app.db
      .update(contracts)
      .set({ signedPdfId: file!.id, signedPdfSha256: file!.sha256 })
      .where(eq(contracts.id, draft.id));
    const sealed = await pdf(draft.id);
    expect(sealed.text).toBe('%PDF-1.7 sealed');
    expect((await w.call('GET', `/contracts/${draft.id}`)).body.data.signed_pdf).toEqual({
      sha256: file!.sha256,
      size_bytes: bytes.length,
    });

    const voided = await w.contract();
    await w.call('POST', `/contracts/${voided.id}/void`, { reason: 'x' });
    const res = await w.call('GET', `/contracts/${voided.id}/document`);
    expect(res.status).toBe(200);
    expect(res.text.startsWith('%PDF')).toBe(true);
  });
});

describe('stud contracts: access', () => {
  it('is for the stud’s members: 401, 403 for writes without permission, 404 for others’', async () => {
    const w = await contractWorld(app);
    const mine = await w.contract();
    const foreign = await w.vale.call('POST', '/contracts', {
      title: 'Foreign',
      body: 'x',
      signers: SIGNERS,
    });
    expect(foreign.status, foreign.text).toBe(201);
    const base = `/api/studs/${w.studId}/contracts`;
    expect((await app.request('GET', base)).status).toBe(401);
    expect((await app.request('GET', `${base}/${mine.id}/document`)).status).toBe(401);
    expect((await app.request('POST', `${base}/${mine.id}/send`, { body: {} })).status).toBe(401);

    const writes: [string, string, unknown][] = [
      ['POST', '/contracts', { title: 'X', body: 'x', signers: SIGNERS }],
      ['PUT', `/contracts/${mine.id}`, { title: 'X' }],
      ['DELETE', `/contracts/${mine.id}`, undefined],
      ['POST', `/contracts/${mine.id}/send`, {}],
      ['POST', `/contracts/${mine.id}/remind`, {}],
      ['POST', `/contracts/${mine.id}/void`, { reason: 'x' }],
    ];
    const reads = ['', `/${mine.id}`, `/${mine.id}/events`, `/${mine.id}/document`];
    for (const as of ['staff', 'viewer'] as const) {
      for (const read of reads)
        expect((await w.call('GET', `/contracts${read}`, undefined, as)).status, read).toBe(200);
      for (const [method, path, body] of writes)
        expect((await w.call(method, path, body, as)).status, `${as} ${method} ${path}`).toBe(403);
    }
    const stranger = await app.tokenFor(w.vale.emails.owner);
    for (const read of reads)
      expect((await app.request('GET', `${base}${read}`, { token: stranger })).status).toBe(403);
    expect(
      (await app.request('POST', `${base}/${mine.id}/void`, { token: stranger, body: {} })).status,
    ).toBe(403);

    for (const id of [foreign.body.data.id, crypto.randomUUID(), 'nope']) {
      for (const read of ['', '/events', '/document'])
        expect((await w.call('GET', `/contracts/${id}${read}`)).status, read).toBe(404);
      expect((await w.call('PUT', `/contracts/${id}`, { title: 'Mine' })).status).toBe(404);
      expect((await w.call('DELETE', `/contracts/${id}`)).status).toBe(404);
      expect((await send(w, id)).status).toBe(404);
      expect((await w.call('POST', `/contracts/${id}/remind`, {})).status).toBe(404);
      expect((await w.call('POST', `/contracts/${id}/void`, { reason: 'x' })).status).toBe(404);
    }
    expect((await contractRow(w.vale.studId, foreign.body.data.id)).status).toBe('draft');
  });
});
