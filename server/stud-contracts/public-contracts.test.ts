import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractEvents, contractSigners, contracts, emailOutbox } from '@/db/schema';
import { notifications } from '@/db/schema/notifications';
import { PUBLIC_LIMITS } from '../kernel/trpc/public';
import { useTestApp, type TestApp } from '../test/harness';
import { awayFromWindowEdge } from '../test/rate-limit-window';
import { CONSENT_TEXT } from './contract-schema';
import { insertContract, issueSigningLinks, sendContract, type Actor } from './contract-flow';

const app = useTestApp({ env: { TRUST_PROXY: '1', APP_URL: 'https://stud.example' } });

const OWNER = 'owner@hill.test';
const CLIENT = 'ann@client.test';
const BODY = '# Breeding contract\n\nBetween **{{stud}}** and the client, made on {{today}}.';

/** Each test's public calls come from their own client, so the limiter's buckets do not mix. */
let client = 0;
const from = () => ({
  'x-forwarded-for': `198.51.100.${++client}`,
  'user-agent': 'SignerBrowser/1.0',
});

/** The link token of the latest `contract-signing` e-mail to `email`. */
async function tokenOf(test: TestApp, email: string): Promise<string> {
  const [mail] = await test.db
    .select({ props: emailOutbox.props })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'contract-signing'), eq(emailOutbox.to, email)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return (mail!.props as { signUrl: string }).signUrl.split('/sign/')[1]!;
}

/** A stud whose owner is a user, and a contract sent to a client and to the owner. */
async function world() {
  const studId = await app.createSchool({
    type: 'stud',
    name: 'Hill Stud',
    members: { [OWNER]: 'owner', 'manager@hill.test': 'manager' },
  });
  // Members become users on their first request: then they get notices.
  await app.request('GET', '/api/notifications', { token: await app.tokenFor(OWNER) });
  const stud = { id: studId, name: 'Hill Stud', timezone: 'UTC', currency: 'EUR' };
  const actor: Actor = { userId: null, name: 'Olivia', email: OWNER, ip: null, userAgent: null };
  const contract = await app.db.transaction(async (tx) => {
    const draft = await insertContract(
      tx,
      stud,
      { kind: 'breeding', title: 'Breeding 2026', body: BODY },
      [
        { name: 'Ann Client', email: CLIENT, role: 'client', order: 1 },
        { name: 'Olivia Owner', email: OWNER, role: 'stud', order: 2 },
      ],
      actor,
    );
    return sendContract(tx, stud, draft.id, undefined, actor, app.config.appUrl);
  });
  const path = (token: string, action = '') => `/api/public/contracts/${token}${action}`;
  const read = async (token: string, headers = from()) =>
    app.request('GET', path(token), { headers });
  const sign = async (token: string, body: Record<string, unknown> = {}) =>
    app.request('POST', path(token, '/sign'), {
      headers: from(),
      body: {
        signed_name: 'Ann Client',
        consent: true,
        document_sha256: contract.documentSha256,
        ...body,
      },
    });
  const decline = async (token: string, reason = 'The fee is too high.') =>
    app.request('POST', path(token, '/decline'), { headers: from(), body: { reason } });
  const events = () =>
    app.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, contract.id))
      .orderBy(asc(contractEvents.seq));
  const signer = async (email: string) =>
    (await app.db.select().from(contractSigners).where(eq(contractSigners.email, email)))[0]!;
  return {
    stud,
    contract,
    client: await tokenOf(app, CLIENT),
    owner: await tokenOf(app, OWNER),
    path,
    read,
    sign,
    decline,
    events,
    signer,
  };
}

describe('GET /api/public/contracts/{token}', () => {
  it('answers the document and records the first read as viewed, with the evidence', async () => {
    const { contract, client, read, events, signer } = await world();
    const res = await read(client, { 'x-forwarded-for': '192.0.2.7', 'user-agent': 'Reader/2.0' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        contract: {
          number: contract.number,
          title: 'Breeding 2026',
          stud: { name: 'Hill Stud' },
          status: 'sent',
          expires_at: contract.expiresAt!.toISOString(),
        },
        signer: { name: 'Ann Client', role: 'client', status: 'viewed' },
        document_html: expect.stringContaining('<strong>Hill Stud</strong>'),
        document_sha256: contract.documentSha256,
        consent_text: CONSENT_TEXT,
      },
    });
    const viewed = (await events()).filter((e) => e.type === 'viewed');
    expect(viewed).toEqual([
      expect.objectContaining({
        actor: `Ann Client <${CLIENT}>`,
        signerId: (await signer(CLIENT)).id,
        ip: '192.0.2.7',
        userAgent: 'Reader/2.0',
      }),
    ]);
    expect((await signer(CLIENT)).viewedAt).not.toBeNull();

    // Later reads record nothing more.
    expect((await read(client)).body.data.signer.status).toBe('viewed');
    expect((await events()).filter((e) => e.type === 'viewed')).toHaveLength(1);
  });

  it('an unknown token is a 404 on every route', async () => {
    const { path, sign, decline } = await world();
    const unknown = 'x'.repeat(43);
    expect((await app.request('GET', path(unknown), { headers: from() })).status).toBe(404);
    expect((await app.request('GET', path(unknown, '/document'), { headers: from() })).status).toBe(
      404,
    );
    const signed = await sign(unknown);
    expect(signed.status).toBe(404);
    expect(signed.body.error.message).toBe('Contract not found.');
    expect((await decline(unknown)).status).toBe(404);
  });

  it('a reminded signer’s old link is a 404 and the new one works', async () => {
    const { stud, contract, client, read, signer } = await world();
    const ann = await signer(CLIENT);
    await app.db.transaction(async (tx) =>
      issueSigningLinks(tx, stud, contract, [ann], app.config.appUrl),
    );
    const renewed = await tokenOf(app, CLIENT);
    expect(renewed).not.toBe(client);
    expect((await read(client)).status).toBe(404);
    expect((await read(renewed)).status).toBe(200);
  });

  it('past expires_at the link is a 409 naming the expiry, before the expiry job runs', async () => {
    const { contract, client, path, read, sign, decline } = await world();
    await app.db
      .update(contracts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contracts.id, contract.id));
    for (const res of [
      await read(client),
      await sign(client),
      await decline(client),
      await app.request('GET', path(client, '/document'), { headers: from() }),
    ]) {
      expect(res.status, res.text).toBe(409);
      expect(res.body.error.message).toMatch(/^The contract is expired: /);
    }
  });

  it('a voided contract’s link is a 409 naming it', async () => {
    const { contract, client, read } = await world();
    await app.db.update(contracts).set({ status: 'voided' }).where(eq(contracts.id, contract.id));
    const res = await read(client);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^The contract is voided: /);
  });
});

describe('POST /api/public/contracts/{token}/sign: what is signed is what was seen', () => {
  it('refuses without consent (422), without a name (422), and another document (409)', async () => {
    const { client, sign, events, signer } = await world();
    const noConsent = await sign(client, { consent: false });
    expect(noConsent.status).toBe(422);
    expect(noConsent.body.errors).toHaveProperty('consent');
    const noName = await sign(client, { signed_name: undefined });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toHaveProperty('signed_name');
    const notAnImage = await sign(client, {
      signature_image: `data:image/png;base64,${Buffer.from('not a picture').toString('base64')}`,
    });
    expect(notAnImage.status).toBe(422);
    expect(notAnImage.body.errors).toHaveProperty('signature_image');
    const changed = await sign(client, { document_sha256: 'a'.repeat(64) });
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toMatch(/^The document changed since you read it/);
    expect((await signer(CLIENT)).status).toBe('pending');
    expect((await events()).map((e) => e.type)).toEqual(['created', 'sent']);
  });

  it('the first signer makes it partially signed; signing again is a 409', async () => {
    const { client, sign, events, signer } = await world();
    const res = await sign(client, { signed_name: 'Ann M. Client' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { status: 'partially_signed' } });
    const row = await signer(CLIENT);
    expect(row).toMatchObject({ status: 'signed', signedName: 'Ann M. Client' });
    expect(row.signedAt).not.toBeNull();
    const log = await events();
    expect(log.map((e) => e.type)).toEqual(['created', 'sent', 'consented', 'signed']);
    expect(log.at(-1)).toMatchObject({
      actor: `Ann Client <${CLIENT}>`,
      signerId: row.id,
      userAgent: 'SignerBrowser/1.0',
      details: { signed_name: 'Ann M. Client' },
    });
    const again = await sign(client);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already signed this contract.');
  });
});

describe('POST /api/public/contracts/{token}/decline', () => {
  it('declines the contract, tells the owner, and closes every link', async () => {
    const { contract, client, owner, read, sign, decline, events } = await world();
    const res = await decline(client, 'The fee is too high.');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { status: 'declined' } });
    const [row] = await app.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row).toMatchObject({ status: 'declined' });
    expect(row!.closedAt).not.toBeNull();
    expect((await events()).at(-1)).toMatchObject({
      type: 'declined',
      details: { reason: 'The fee is too high.' },
    });
    const notices = await app.db.select().from(notifications);
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'stud.contract_declined',
        organizationId: contract.studId,
        title: `${contract.number} was declined`,
        link: `/studs/${contract.studId}/contracts/${contract.id}`,
      }),
    ]);
    for (const after of [await read(client), await decline(client), await sign(owner)]) {
      expect(after.status).toBe(409);
      expect(after.body.error.message).toMatch(/^The contract is declined: /);
    }
  });
});

describe('GET /api/public/contracts/{token}/document', () => {
  it('while out for signing: the sent document as a PDF marked NOT SIGNED', async () => {
    const { client, path } = await world();
    const res = await app.handler(
      new Request(`http://localhost:3000${path(client, '/document')}`, { headers: from() }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('NOT SIGNED');
    expect(text).toContain('Breeding contract');
  });
});

describe('the public limit', () => {
  it('answers 429 after 5 writes a minute from one client', async () => {
    const { client, sign } = await world();
    await awayFromWindowEdge(app.db);
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const write = () =>
      app.request('POST', `/api/public/contracts/${client}/sign`, {
        headers,
        body: { signed_name: 'Ann', consent: false, document_sha256: 'x' },
      });
    for (let n = 0; n < PUBLIC_LIMITS.write; n++) expect((await write()).status).toBe(422);
    const limited = await write();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another client is not limited.
    expect((await sign(client)).status).toBe(200);
  });
});

/** The text of a PDF's pages. */
async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}
