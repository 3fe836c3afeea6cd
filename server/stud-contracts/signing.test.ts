import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractEvents, contractSigners, contracts, emailOutbox, media, users } from '@/db/schema';
import { jobQueue } from '@/db/schema/jobs';
import { notifications } from '@/db/schema/notifications';
import { enqueueJob, runDueJobs, runQueuedJobs } from '../kernel/jobs';
import { mediaStore } from '../media/store';
import { registry } from '../modules';
import { png } from '../test/media-fixtures';
import { afterQueueing } from '../test/queued-jobs';
import { useTestApp, type TestApp } from '../test/harness';
import { insertContract, sendContract, type Actor } from './contract-flow';
import { sha256Hex } from './document';
import { verifyChain } from './event-chain';
import { expiryJob } from './expiry-job';
import { SEAL_JOB } from './signing';

const app = useTestApp({ env: { TRUST_PROXY: '1', APP_URL: 'https://stud.example' } });

const OWNER = 'owner@hill.test';
const MANAGER = 'manager@hill.test';
const CLIENT = 'ann@client.test';

let client = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++client}`, 'user-agent': 'Signer/1.0' });

/** The link token of the latest `kind` e-mail to `email`, from the URL under `prop`. */
async function tokenOf(test: TestApp, email: string, kind = 'contract-signing', prop = 'signUrl') {
  const [mail] = await test.db
    .select({ props: emailOutbox.props })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, email)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const url = (mail!.props as Record<string, string>)[prop]!;
  return /\/(?:sign|contracts)\/([\w-]+)/.exec(url)![1]!;
}

/** A stud whose owner and manager are users, and a contract sent to a client and the owner. */
async function world(expiresAt?: Date) {
  const studId = await app.createSchool({
    type: 'stud',
    name: 'Hill Stud',
    members: { [OWNER]: 'owner', [MANAGER]: 'manager' },
  });
  // Members become users on their first request: then they get notices.
  for (const email of [OWNER, MANAGER])
    await app.request('GET', '/api/notifications', { token: await app.tokenFor(email) });
  const stud = { id: studId, name: 'Hill Stud', timezone: 'UTC', currency: 'EUR' };
  const actor: Actor = { userId: null, name: 'Olivia', email: OWNER, ip: null, userAgent: null };
  const contract = await app.db.transaction(async (tx) => {
    const draft = await insertContract(
      tx,
      stud,
      {
        kind: 'breeding',
        title: 'Breeding 2026',
        body: '# Breeding contract\n\nBetween {{stud}} and the client.',
      },
      [
        { name: 'Ann Client', email: CLIENT, role: 'client', order: 1 },
        { name: 'Olivia Owner', email: OWNER, role: 'stud', order: 2 },
      ],
      actor,
    );
    return sendContract(tx, stud, draft.id, expiresAt, actor, app.config.appUrl);
  });
  const body = (signedName: string, extra: Record<string, unknown> = {}) => ({
    signed_name: signedName,
    consent: true,
    document_sha256: contract.documentSha256,
    ...extra,
  });
  const sign = async (token: string, signedName: string, extra?: Record<string, unknown>) =>
    app.request('POST', `/api/public/contracts/${token}/sign`, {
      headers: from(),
      body: body(signedName, extra),
    });
  const signInApp = async (token: string | undefined, signedName = 'Olivia Owner') =>
    app.request('POST', `/api/studs/${studId}/contracts/${contract.id}/sign`, {
      token,
      headers: from(),
      body: body(signedName),
    });
  const current = async () =>
    (await app.db.select().from(contracts).where(eq(contracts.id, contract.id)))[0]!;
  const events = () =>
    app.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, contract.id))
      .orderBy(asc(contractEvents.seq));
  return {
    studId,
    contract,
    client: await tokenOf(app, CLIENT),
    owner: await tokenOf(app, OWNER),
    sign,
    signInApp,
    current,
    events,
  };
}

const sealJobs = () => app.db.select().from(jobQueue).where(eq(jobQueue.name, SEAL_JOB));
const runJobs = () => runQueuedJobs(app.db, registry.queuedJobs, afterQueueing(), app.config);

/** The bytes a public document link answers, with its status. */
async function download(token: string) {
  const res = await app.handler(
    new Request(`http://localhost:3000/api/public/contracts/${token}/document`, {
      headers: from(),
    }),
  );
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

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

describe('the last signature completes the contract (B.7 rule 3)', () => {
  it('first signer: partially signed; last: signed, completed once, one seal job, staff told', async () => {
    const { contract, client, owner, sign, current, events } = await world();
    const first = await sign(client, 'Ann Client');
    expect(first.body).toEqual({ data: { status: 'partially_signed' } });
    expect(await sealJobs()).toHaveLength(0);

    const image = `data:image/png;base64,${(await png(40, 16)).toString('base64')}`;
    const last = await sign(owner, 'Olivia Owner', { signature_image: image });
    expect(last.status, last.text).toBe(200);
    expect(last.body).toEqual({ data: { status: 'signed' } });
    const row = await current();
    expect(row.status).toBe('signed');
    expect(row.completedAt).not.toBeNull();
    expect((await events()).map((e) => [e.type, e.actor])).toEqual([
      ['created', `Olivia <${OWNER}>`],
      ['sent', `Olivia <${OWNER}>`],
      ['consented', `Ann Client <${CLIENT}>`],
      ['signed', `Ann Client <${CLIENT}>`],
      ['consented', `Olivia Owner <${OWNER}>`],
      ['signed', `Olivia Owner <${OWNER}>`],
      ['completed', 'system'],
    ]);
    expect(await sealJobs()).toEqual([
      expect.objectContaining({
        status: 'queued',
        payload: { studId: contract.studId, contractId: contract.id, appUrl: app.config.appUrl },
      }),
    ]);
    const notices = await app.db.select().from(notifications);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({
      type: 'stud.contract_signed',
      title: `${contract.number} was signed by all`,
      link: `/studs/${contract.studId}/contracts/${contract.id}`,
    });

    // The links now answer the state.
    for (const res of [
      await app.request('GET', `/api/public/contracts/${client}`, { headers: from() }),
      await sign(client, 'Ann Client'),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/^The contract is signed: /);
    }
  });

  it('the seal job stores the sealed PDF, its hash and sends every signer a download link', async () => {
    const { contract, client, owner, sign, current, events } = await world();
    await sign(client, 'Ann Client');
    await sign(owner, 'Olivia Owner');
    // Not sealed yet: the signed copy is being made.
    const early = await download(client);
    expect(early.res.status).toBe(409);
    expect(JSON.parse(new TextDecoder().decode(early.bytes)).error.message).toMatch(/being sealed/);

    expect(await runJobs()).toBe(1);
    const row = await current();
    expect(row.signedPdfId).not.toBeNull();
    const served = await download(client);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('content-type')).toBe('application/pdf');
    expect(row.signedPdfSha256).toBe(sha256Hex(served.bytes));
    const [file] = await app.db.select().from(media).where(eq(media.id, row.signedPdfId!));
    expect(file).toMatchObject({
      organizationId: contract.studId,
      contentType: 'application/pdf',
      sha256: row.signedPdfSha256,
      storageKey: `${contract.studId}/${file!.id}.pdf`,
      filename: `${contract.number}-signed.pdf`,
    });
    const stored = await mediaStore(app.config.mediaStore).open(app.db, {
      mediaId: file!.id,
      key: file!.storageKey,
      contentType: file!.contentType,
    });
    expect(sha256Hex(stored as Uint8Array)).toBe(row.signedPdfSha256);

    const text = await pdfText(served.bytes);
    expect(text).toContain('Ann Client');
    expect(text).toContain('Olivia Owner');
    expect(text).toContain('Event log');
    expect(text).toContain((await events()).at(-1)!.hash);
    expect(text).not.toContain('NOT SIGNED');

    // One completion e-mail per signer; its link downloads the same PDF.
    const mails = await app.db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'contract-completed'));
    expect(mails.map((m) => m.to).sort()).toEqual([CLIENT, OWNER]);
    for (const email of [CLIENT, OWNER]) {
      const token = await tokenOf(app, email, 'contract-completed', 'documentUrl');
      const byMail = await download(token);
      expect(byMail.res.status).toBe(200);
      expect(sha256Hex(byMail.bytes)).toBe(row.signedPdfSha256);
    }

    // Sealing again does nothing.
    await enqueueJob(app.db, SEAL_JOB, {
      studId: contract.studId,
      contractId: contract.id,
      appUrl: app.config.appUrl,
    });
    expect(await runJobs()).toBe(1);
    expect(await app.db.select({ id: media.id }).from(media)).toHaveLength(1);
    expect((await current()).signedPdfSha256).toBe(row.signedPdfSha256);
  });

  it('the signed copy is downloadable 90 days after completion, then 409', async () => {
    const { contract, client, owner, sign } = await world();
    await sign(client, 'Ann Client');
    await sign(owner, 'Olivia Owner');
    await runJobs();
    await app.db
      .update(contracts)
      .set({ completedAt: sql`now() - interval '89 days'` })
      .where(eq(contracts.id, contract.id));
    expect((await download(client)).res.status).toBe(200);
    await app.db
      .update(contracts)
      .set({ completedAt: sql`now() - interval '90 days 1 minute'` })
      .where(eq(contracts.id, contract.id));
    const late = await app.request('GET', `/api/public/contracts/${client}/document`, {
      headers: from(),
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/90 days/);
  });

  it('the completed contract’s event chain verifies, and breaks where an event is altered', async () => {
    const { client, owner, sign, events } = await world();
    await sign(client, 'Ann Client');
    await sign(owner, 'Olivia Owner');
    const log = await events();
    expect(verifyChain(log)).toEqual({ valid: true, broken_at: null });
    const signed = log.find((e) => e.type === 'signed')!;
    await app.db
      .update(contractEvents)
      .set({ details: { signed_name: 'Someone Else' } })
      .where(eq(contractEvents.id, signed.id));
    expect(verifyChain(await events())).toEqual({ valid: false, broken_at: signed.seq });
  });
});

describe('POST /api/studs/{studId}/contracts/{contractId}/sign (in the app)', () => {
  it('the stud signer signs with their verified e-mail; others meet a 409; no token is a 401', async () => {
    const { contract, client, sign, signInApp, events } = await world();
    expect((await signInApp(undefined)).status).toBe(401);

    const manager = await signInApp(await app.tokenFor(MANAGER));
    expect(manager.status).toBe(409);
    expect(manager.body.error.message).toMatch(/^You are not a stud signer of this contract/);
    // The owner's e-mail, unverified by their provider.
    const unverified = await signInApp(await app.tokenFor(OWNER, { email_verified: false }));
    expect(unverified.status).toBe(409);

    await sign(client, 'Ann Client');
    const res = await signInApp(await app.tokenFor(OWNER));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { status: 'signed' } });
    const [user] = await app.db.select().from(users).where(eq(users.email, OWNER));
    const [signer] = await app.db
      .select()
      .from(contractSigners)
      .where(and(eq(contractSigners.contractId, contract.id), eq(contractSigners.email, OWNER)));
    expect(signer).toMatchObject({
      status: 'signed',
      signedName: 'Olivia Owner',
      userId: user!.id,
    });
    expect((await events()).filter((e) => e.signerId === signer!.id)).toEqual([
      expect.objectContaining({
        type: 'consented',
        actorUserId: user!.id,
        userAgent: 'Signer/1.0',
      }),
      expect.objectContaining({ type: 'signed', actorUserId: user!.id }),
    ]);
    expect(await sealJobs()).toHaveLength(1);
  });
});

describe('the expiry job (contracts.expire)', () => {
  it('expires contracts past their expiry once, with one system event each', async () => {
    const expiresAt = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const { current, events } = await world(expiresAt);
    const at = (offsetMs: number) => new Date(expiresAt.getTime() + offsetMs);

    expect(await runDueJobs(app.db, [expiryJob], at(-60_000), app.config)).toEqual([
      'contracts.expire',
    ]);
    expect((await current()).status).toBe('sent');

    expect(await runDueJobs(app.db, [expiryJob], at(300_000), app.config)).toEqual([
      'contracts.expire',
    ]);
    const row = await current();
    expect(row.status).toBe('expired');
    expect(row.closedAt).toEqual(at(300_000));
    const log = await events();
    expect(log.at(-1)).toMatchObject({ type: 'expired', actor: 'system', ip: null });
    expect(verifyChain(log)).toEqual({ valid: true, broken_at: null });

    // A later run finds nothing more to do.
    await runDueJobs(app.db, [expiryJob], at(900_000), app.config);
    expect((await events()).filter((e) => e.type === 'expired')).toHaveLength(1);
  });
});
