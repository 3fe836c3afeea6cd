import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO_OWNER_EMAIL, seedDemo } from '@/db/seed-demo';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();

describe('the demo marketplace', () => {
  it('fills the catalogue, the sellers’ pages and the moderation queues, once', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const owner = await app.tokenFor(DEMO_OWNER_EMAIL);
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const get = async (path: string, token = owner) => {
      const res = await app.request('GET', `/api/${path}`, { token });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body;
    };

    type Node = { slug: string; children: Node[] };
    const tree = (await get('marketplace/categories')).data as Node[];
    expect(tree.map((c) => [c.slug, c.children.map((child) => child.slug)])).toEqual([
      ['horses', ['sport-horses', 'leisure-horses', 'ponies']],
      ['tack', ['saddles', 'bridles']],
      ['transport', []],
      ['services', ['training', 'farriery']],
      ['stallion-services', []],
    ]);

    // Every active listing is found, in euros, each with a photo.
    type Card = {
      id: string;
      title: string;
      currency: string;
      image: { url: string } | null;
      favourites_count: number;
      seller: { display_name: string; verified: boolean };
    };
    const search = await get('marketplace/listings?per_page=100');
    expect(search.meta.total).toBe(23);
    const cards = search.data as Card[];
    expect(cards.every((c) => c.currency === 'EUR' && c.image !== null)).toBe(true);
    expect(new Set(cards.map((c) => c.seller.display_name))).toEqual(
      new Set(['Demo Riding School', 'Demo Stud Farm', 'Lucía Fernández', 'Emma Clarke']),
    );
    const verified = (name: string) => cards.find((c) => c.seller.display_name === name)!;
    expect(verified('Demo Riding School').seller.verified).toBe(true);
    expect(verified('Lucía Fernández').seller.verified).toBe(true);
    expect(verified('Emma Clarke').seller.verified).toBe(false);
    const mare = cards.find((c) => c.title.startsWith('Yegua PRE de 7 años'))!;
    expect(mare.favourites_count).toBe(2);
    const photo = await app.request('GET', mare.image!.url, { token: owner });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    // Horse searches filter on the attributes.
    const ponies = await get('marketplace/listings?breed=Welsh%20Pony');
    expect(ponies.data.map((c: Card) => c.title)).toEqual(['Poni Welsh para niños, muy noble']);

    // The gelding shows his pedigree.
    const tornado = cards.find((c) => c.title.startsWith('Tornado'))!;
    const detail = (await get(`marketplace/listings/${tornado.id}`)).data;
    expect(detail.horse).toMatchObject({ name: 'Tornado' });
    expect(detail.images).toHaveLength(2);

    // The demo owner manages the school's and the stud's shops, and reads their enquiries.
    const mine = await get('marketplace/my/listings?per_page=100');
    expect(mine.meta.total).toBe(12);
    const received = await get('marketplace/contacts/received');
    expect(received.meta.total).toBe(2);

    // The administrators' queues.
    const pending = (await get('admin/moderation/publications', admin)).data;
    expect(pending.map((l: { title: string }) => l.title)).toEqual([
      'Pony club saddle 15"',
      'Potro PRE de 3 años, hijo de Valiente',
      'Caballo de salto 1,30 m, Silla Francés',
    ]);
    const reported = (await get('admin/moderation/publications?status=reported', admin)).data;
    expect(reported).toMatchObject([{ open_reports: 1, report_reasons: ['fraud'] }]);
    const rejected = (await get('admin/moderation/publications?status=rejected', admin)).data;
    expect(rejected).toHaveLength(1);
    const history = (await get(`admin/moderation/publications/${rejected[0].id}`, admin)).data
      .history;
    expect(history).toMatchObject([{ action: 'reject', admin: null }]);

    // Lucía's cart: a saddle of Emma's and two of the school's (as she signs in, her account).
    const cart = await queryRows<{ title: string; quantity: number }>(
      app.db,
      sql`select p.title, c.quantity from cart_items c
            join users u on u.id = c.user_id join publications p on p.id = c.publication_id
           where u.email = 'lucia.fernandez@example.com' and p.status = 'active'
           order by p.title`,
    );
    expect(cart).toEqual([
      { title: 'Close-contact jumping saddle, 17"', quantity: 1 },
      { title: 'Sillas mixtas de escuela (se venden sueltas)', quantity: 2 },
    ]);

    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(false);
  });
});
