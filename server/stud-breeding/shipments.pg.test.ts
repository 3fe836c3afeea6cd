import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { semenBatches, semenShipments } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();

describe('shipments prepared concurrently (PostgreSQL)', () => {
  it('ten shipments of one dose from a batch of five: five prepared, five 409s, none left', async () => {
    const { studId, call, stallion, service, batch, mare, reservation } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const frozen = await service(apollo.id);
    const { id: batchId } = await batch(apollo.id, { doses_total: 5 });
    const bella = await mare('Bella');
    const booking = await reservation(frozen.id, bella.id);
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      const res = await call('POST', '/shipments', {
        reservation_id: booking.id,
        type: 'frozen',
        batch_id: batchId,
        doses: 1,
        destination: { name: `Farm ${n}` },
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.data.id);
    }
    const ofBatch = and(eq(semenBatches.studId, studId), eq(semenBatches.id, batchId));

    // Every move is past its status guard and queued on the batch's row, then they race.
    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.select({ id: semenBatches.id }).from(semenBatches).where(ofBatch).for('update'),
      () =>
        Promise.all(
          ids.map((id) => call('POST', `/shipments/${id}/status`, { status: 'prepared' })),
        ),
      { waiting: 10 },
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409))
      expect(res.body.error.message).toBe('Not enough doses in the batch.');
    const [row] = await app.db.select().from(semenBatches).where(ofBatch);
    expect(row).toMatchObject({ dosesTotal: 5, dosesAvailable: 0 });
    const list = await call('GET', '/shipments');
    const byStatus = (status: string) =>
      list.body.data.filter((s: { status: string }) => s.status === status).length;
    expect([byStatus('prepared'), byStatus('requested')]).toEqual([5, 5]);
  });

  it('two concurrent moves of one shipment: one succeeds, the other answers 409', async () => {
    const { studId, call, stallion, service, batch, mare, reservation } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const frozen = await service(apollo.id);
    const { id: batchId } = await batch(apollo.id);
    const bella = await mare('Bella');
    const booking = await reservation(frozen.id, bella.id);
    const res = await call('POST', '/shipments', {
      reservation_id: booking.id,
      type: 'frozen',
      batch_id: batchId,
      destination: { name: 'Farm' },
    });
    const id = res.body.data.id;
    const ofShipment = and(eq(semenShipments.studId, studId), eq(semenShipments.id, id));
    // Both read the shipment requested and queue on its row; the first guarded UPDATE wins.
    const answers = await startWhileLocked(
      app.db,
      (tx) =>
        tx.select({ id: semenShipments.id }).from(semenShipments).where(ofShipment).for('update'),
      () =>
        Promise.all([
          call('POST', `/shipments/${id}/status`, { status: 'prepared' }),
          call('POST', `/shipments/${id}/status`, { status: 'cancelled', cancelled_reason: 'x' }),
        ]),
      { waiting: 2 },
    );
    const codes = answers.map((a) => a.status).sort();
    expect(codes).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toMatch(
      /^The shipment is (prepared|cancelled): it cannot become /,
    );
    const after = await call('GET', `/shipments/${id}`);
    const batchAfter = await call('GET', `/semen-batches/${batchId}`);
    expect(batchAfter.body.data.doses_available).toBe(
      after.body.data.status === 'prepared' ? 9 : 10,
    );
  });
});
