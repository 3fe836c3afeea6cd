import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractEvents, contracts, emailOutbox } from '@/db/schema';
import { jobQueue } from '@/db/schema/jobs';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { insertContract, sendContract, type Actor } from './contract-flow';
import { SEAL_JOB } from './signing';

const app = useTestApp({ env: { TRUST_PROXY: '1' } });

const SIGNERS = [
  { name: 'Ann Client', email: 'ann@client.test', role: 'client', order: 1 },
  { name: 'Olivia Owner', email: 'owner@hill.test', role: 'stud', order: 2 },
] as const;

describe('signing under concurrency (PostgreSQL)', () => {
  it('the last two signers at once: one partially signed, one completion, one seal job', async () => {
    const studId = await app.createSchool({ type: 'stud', name: 'Hill Stud' });
    const stud = { id: studId, name: 'Hill Stud', timezone: 'UTC', currency: 'EUR' };
    const actor: Actor = { userId: null, name: 'Olivia', email: null, ip: null, userAgent: null };
    const contract = await app.db.transaction(async (tx) => {
      const draft = await insertContract(
        tx,
        stud,
        { kind: 'breeding', title: 'Breeding 2026', body: 'Between {{stud}} and the client.' },
        SIGNERS,
        actor,
      );
      return sendContract(tx, stud, draft.id, undefined, actor, 'http://localhost:3000');
    });
    const tokens = await Promise.all(
      SIGNERS.map(async (signer) => {
        const [mail] = await app.db
          .select({ props: emailOutbox.props })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.kind, 'contract-signing'), eq(emailOutbox.to, signer.email)))
          .orderBy(desc(emailOutbox.createdAt));
        return (mail!.props as { signUrl: string }).signUrl.split('/sign/')[1]!;
      }),
    );

    // Both wait on the contract's row before either counts the signatures.
    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.select({ id: contracts.id }).from(contracts).for('update'),
      () =>
        Promise.all(
          tokens.map((token, n) =>
            app.request('POST', `/api/public/contracts/${token}/sign`, {
              headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
              body: {
                signed_name: SIGNERS[n]!.name,
                consent: true,
                document_sha256: contract.documentSha256,
              },
            }),
          ),
        ),
      { waiting: 2 },
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(answers.map((res) => res.body.data.status).sort()).toEqual([
      'partially_signed',
      'signed',
    ]);
    const completed = await app.db
      .select()
      .from(contractEvents)
      .where(and(eq(contractEvents.contractId, contract.id), eq(contractEvents.type, 'completed')));
    expect(completed).toHaveLength(1);
    expect(await app.db.select().from(jobQueue).where(eq(jobQueue.name, SEAL_JOB))).toHaveLength(1);
    const [row] = await app.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.status).toBe('signed');
  });
});
