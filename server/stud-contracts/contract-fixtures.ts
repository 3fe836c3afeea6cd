import { breedingWorld } from '../stud-breeding/breeding-fixtures';
import { studWorld } from '../stud-herd/herd-fixtures';
import type { TestApp } from '../test/harness';

/** Two signers: the client and the stud's manager. */
export const SIGNERS = [
  { name: 'Ann Owner', email: 'ann@client.test', role: 'client', order: 1 },
  { name: 'Max Manager', email: 'manager@hill.test', role: 'stud', order: 2 },
] as const;

export const BODY = '# Agreement\n\nBetween {{stud}} and {{client}}, on {{today}}.';

/**
 * A stud with one member of each role and its breeding helpers (`breedingWorld`), another
 * stud (`vale`, whose owner is a stranger here), and helpers writing templates, contracts and
 * a booked mare through the API.
 */
export async function contractWorld(app: TestApp) {
  const world = await breedingWorld(app, 'Hill');
  const vale = await studWorld(app, 'Vale');
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await world.call('POST', path, body);
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data;
  };
  /** An active `breeding` template with `BODY` unless `body` says otherwise. */
  const template = async (body: Record<string, unknown> = {}) =>
    created('/contract-templates', { name: 'Breeding', kind: 'breeding', body: BODY, ...body });
  /** A draft with a client and the two `SIGNERS`, unless `body` says otherwise. */
  const contract = async (body: Record<string, unknown> = {}) =>
    created('/contracts', {
      title: 'Boarding 2026',
      client_id: await world.client(),
      body: BODY,
      signers: SIGNERS,
      ...body,
    });
  /** Apollo's frozen service (fees 1500, booking 300), and Bella of client Ann Owner booked to it. */
  const booking = async () => {
    const apollo = await world.stallion('Apollo', { registered_name: 'Apollo Rex' });
    const service = await world.service(apollo.id, {
      booking_fee: 300,
      extra_dose_price: 200,
      guarantee: 'live_foal',
    });
    const clientId = await world.client();
    const bella = await world.mare('Bella');
    const reservation = await world.reservation(service.id, bella.id, { clientId });
    return { apollo, service, clientId, bella, reservation };
  };
  return { ...world, vale, template, contract, booking };
}
