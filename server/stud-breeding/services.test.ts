import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { statementCounter } from '@/db/client';
import { horseIdentities, studClients } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();
const thisYear = new Date().getUTCFullYear();

describe('stud services: create and read', () => {
  it('offers a stallion’s frozen semen with its fees and terms, and answers the defaults', async () => {
    const { call, stallion } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const res = await call(
      'POST',
      '/services',
      {
        stallion_id: apollo.id,
        season: ' 2026 ',
        method: 'frozen_semen',
        delivery: 'shipped',
        stud_fee: 1500.5,
        booking_fee: 500,
        doses_included: 2,
        extra_dose_price: 250,
        shipping_fee: 120.75,
        guarantee: 'live_foal',
        balance_due_on: 'fixed_date',
        balance_due_date: '2026-06-30',
        confirmation_day: 30,
        substitute_mare_allowed: true,
        public: true,
        notes: 'Two doses per cycle.',
      },
      'manager',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      stallion_id: apollo.id,
      stallion: { id: apollo.id, name: 'Apollo' },
      season: '2026',
      method: 'frozen_semen',
      delivery: 'shipped',
      stud_fee: 1500.5,
      booking_fee: 500,
      doses_included: 2,
      extra_dose_price: 250,
      shipping_fee: 120.75,
      guarantee: 'live_foal',
      balance_due_on: 'fixed_date',
      balance_due_date: '2026-06-30',
      confirmation_day: 30,
      substitute_mare_allowed: true,
      requires_signed_contract: true,
      contract_template_id: null,
      public: true,
      active: true,
      notes: 'Two doses per cycle.',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await call('GET', `/services/${res.body.data.id}`, undefined, 'viewer');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);

    const cover = await call('POST', '/services', {
      stallion_id: apollo.id,
      season: '2026',
      method: 'natural_cover',
      stud_fee: 900,
    });
    expect(cover.status, cover.text).toBe(201);
    expect(cover.body.data).toMatchObject({
      delivery: 'on_site',
      booking_fee: 0,
      doses_included: 1,
      extra_dose_price: null,
      shipping_fee: null,
      guarantee: 'none',
      balance_due_on: 'confirmation',
      balance_due_date: null,
      confirmation_day: 45,
      substitute_mare_allowed: false,
      requires_signed_contract: true,
      public: false,
      active: true,
    });
  });

  it('names the stallion by role: a mare, a gelding, a colt, another stud’s or no horse → 422', async () => {
    const hill = await breedingWorld(app, 'Hill');
    const vale = await breedingWorld(app, 'Vale');
    const bella = await hill.mare('Bella');
    const gus = await hill.stallion('Gus', { gelded: true });
    const colt = await hill.stallion('Junior', { birth_year: thisYear });
    const zeus = await vale.stallion('Zeus');
    const offer = (stallionId: string) => ({
      stallion_id: stallionId,
      season: '2026',
      method: 'natural_cover',
      stud_fee: 800,
    });
    for (const id of [bella.id, gus.id, colt.id]) {
      const res = await hill.call('POST', '/services', offer(id));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        stallion_id: [
          'The stallion id must be a stallion of the stud (an entire male of a year or more).',
        ],
      });
    }
    for (const id of [zeus.id, crypto.randomUUID()]) {
      const res = await hill.call('POST', '/services', offer(id));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ stallion_id: ['The selected stallion id is invalid.'] });
    }
  });

  it('refuses every rule of the terms with 422 on its field', async () => {
    const { call, stallion } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const base = { stallion_id: apollo.id, season: '2026', method: 'fresh_semen', stud_fee: 1000 };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ season: '' }, ['season']],
      [{ season: 'x'.repeat(21) }, ['season']],
      [{ method: 'embryo_transfer' }, ['method']],
      [{ delivery: 'drone' }, ['delivery']],
      [{ method: 'natural_cover', delivery: 'shipped' }, ['delivery']],
      [{ stud_fee: undefined }, ['stud_fee']],
      [{ stud_fee: -1 }, ['stud_fee']],
      [{ stud_fee: 10.005 }, ['stud_fee']],
      [{ stud_fee: '1000' }, ['stud_fee']],
      [{ booking_fee: 1000.01 }, ['booking_fee']],
      [{ extra_dose_price: -5 }, ['extra_dose_price']],
      [{ shipping_fee: 1.001 }, ['shipping_fee']],
      [{ doses_included: -1 }, ['doses_included']],
      [{ doses_included: 1.5 }, ['doses_included']],
      [{ guarantee: 'money_back' }, ['guarantee']],
      [{ balance_due_on: 'whenever' }, ['balance_due_on']],
      [{ balance_due_on: 'fixed_date' }, ['balance_due_date']],
      [{ balance_due_date: '2026-06-30' }, ['balance_due_date']],
      [{ balance_due_on: 'fixed_date', balance_due_date: '2026-02-30' }, ['balance_due_date']],
      [{ confirmation_day: 0 }, ['confirmation_day']],
      [{ confirmation_day: 121 }, ['confirmation_day']],
      [{ contract_template_id: crypto.randomUUID() }, ['contract_template_id']],
      [{ contract_template_id: 'nope' }, ['contract_template_id']],
      [{ public: 'yes' }, ['public']],
      [
        { method: 'natural_cover', delivery: 'shipped', booking_fee: 2000 },
        ['booking_fee', 'delivery'],
      ],
    ];
    for (const [change, fields] of cases) {
      const body = { ...base, ...change };
      const res = await call('POST', '/services', body);
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(change)).toEqual(fields);
    }
    const template = await call('POST', '/services', {
      ...base,
      contract_template_id: crypto.randomUUID(),
    });
    expect(template.body.errors.contract_template_id).toEqual([
      'The selected contract template id is invalid.',
    ]);
    const booking = await call('POST', '/services', { ...base, booking_fee: 1000.01 });
    expect(booking.body.errors.booking_fee).toEqual([
      'The booking fee must not exceed the stud fee.',
    ]);
    expect((await call('GET', '/services')).body.data).toEqual([]);
  });

  it('offers one service per stallion, season, method and delivery (422 season)', async () => {
    const { call, stallion, service } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const zeus = await stallion('Zeus');
    const frozen = await service(apollo.id);
    const again = await call('POST', '/services', {
      stallion_id: apollo.id,
      season: '2026',
      method: 'frozen_semen',
      delivery: 'shipped',
      stud_fee: 2000,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      season: ['The stallion already has a service of this method and delivery in the season.'],
    });
    // Another delivery, season or stallion is another offer.
    await service(apollo.id, { delivery: 'on_site' });
    await service(apollo.id, { season: '2027' });
    await service(zeus.id);
    const moved = await call('PUT', `/services/${frozen.id}`, { season: '2027' });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.errors)).toEqual(['season']);
  });
});

describe('stud services: contract template', () => {
  it('names a contract template of the stud; another stud’s or none → 422, null clears it', async () => {
    const hill = await breedingWorld(app, 'Hill');
    const vale = await breedingWorld(app, 'Vale');
    const apollo = await hill.stallion('Apollo');
    const ours = await hill.contractTemplate();
    const retired = await hill.contractTemplate({ name: 'Old terms', active: false });
    const theirs = await vale.contractTemplate();
    const created = await hill.call('POST', '/services', {
      stallion_id: apollo.id,
      season: '2026',
      method: 'fresh_semen',
      stud_fee: 1000,
      contract_template_id: ours.id,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.contract_template_id).toBe(ours.id);
    const id = created.body.data.id;
    for (const other of [theirs.id, crypto.randomUUID()]) {
      const res = await hill.call('PUT', `/services/${id}`, { contract_template_id: other });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        contract_template_id: ['The selected contract template id is invalid.'],
      });
    }
    const moved = await hill.call('PUT', `/services/${id}`, { contract_template_id: retired.id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.contract_template_id).toBe(retired.id);
    const cleared = await hill.call('PUT', `/services/${id}`, { contract_template_id: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data.contract_template_id).toBeNull();
  });
});

describe('stud services: update', () => {
  it('changes the fields given under the rules of the service as it will stand', async () => {
    const { call, stallion, service } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const zeus = await stallion('Zeus');
    const theirs = await breedingWorld(app, 'Vale').then((vale) => vale.stallion('Other'));
    const frozen = await service(apollo.id, {
      booking_fee: 500,
      balance_due_on: 'fixed_date',
      balance_due_date: '2026-06-30',
    });
    const id = frozen.id;

    const lower = await call('PUT', `/services/${id}`, { stud_fee: 400 });
    expect(lower.status).toBe(422);
    expect(Object.keys(lower.body.errors)).toEqual(['booking_fee']);
    const cover = await call('PUT', `/services/${id}`, { method: 'natural_cover' });
    expect(cover.status).toBe(422);
    expect(Object.keys(cover.body.errors)).toEqual(['delivery']);
    const foreign = await call('PUT', `/services/${id}`, { stallion_id: theirs.id });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['stallion_id']);
    const dated = await call('PUT', `/services/${id}`, {
      balance_due_on: 'live_foal',
      balance_due_date: '2026-07-01',
    });
    expect(dated.status).toBe(422);
    expect(Object.keys(dated.body.errors)).toEqual(['balance_due_date']);
    const unchanged = await call('GET', `/services/${id}`);
    expect(unchanged.body.data).toEqual(frozen);

    // Another due point clears the date; the rest stays.
    const res = await call(
      'PUT',
      `/services/${id}`,
      {
        balance_due_on: 'pregnancy_confirmed',
        stud_fee: 1800,
        stallion_id: zeus.id,
        active: false,
        notes: '',
      },
      'manager',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      stallion: { id: zeus.id, name: 'Zeus' },
      balance_due_on: 'pregnancy_confirmed',
      balance_due_date: null,
      stud_fee: 1800,
      booking_fee: 500,
      active: false,
      notes: null,
      method: 'frozen_semen',
    });
    const natural = await call('PUT', `/services/${id}`, {
      method: 'natural_cover',
      delivery: 'on_site',
    });
    expect(natural.status, natural.text).toBe(200);
  });

  it('keeps a service editable once its stallion is gelded, without naming him anew', async () => {
    const { call, stallion, service } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const offer = await service(apollo.id);
    await app.db
      .update(horseIdentities)
      .set({ gelded: true })
      .where(eq(horseIdentities.id, apollo.horse_identity_id));
    const res = await call('PUT', `/services/${offer.id}`, {
      stallion_id: apollo.id,
      active: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.active).toBe(false);
  });
});

describe('stud services: list', () => {
  it('lists newest season first, by stallion, with stallion, season and active filters', async () => {
    const { call, stallion, service } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const zeus = await stallion('Zeus');
    await service(zeus.id, { season: '2026', method: 'natural_cover', delivery: 'on_site' });
    await service(apollo.id, { season: '2025' });
    await service(apollo.id, { season: '2026', method: 'fresh_semen', delivery: 'on_site' });
    await service(apollo.id, { season: '2026', active: false });

    const all = await call('GET', '/services', undefined, 'staff');
    expect(all.status).toBe(200);
    const rows = (data: { stallion: { name: string }; season: string; method: string }[]) =>
      data.map((s) => `${s.season} ${s.stallion.name} ${s.method}`);
    expect(rows(all.body.data)).toEqual([
      '2026 Apollo fresh_semen',
      '2026 Apollo frozen_semen',
      '2026 Zeus natural_cover',
      '2025 Apollo frozen_semen',
    ]);
    const list = async (query: string) => rows((await call('GET', `/services?${query}`)).body.data);
    expect(await list(`stallion_id=${zeus.id}`)).toEqual(['2026 Zeus natural_cover']);
    expect(await list('season=2025')).toEqual(['2025 Apollo frozen_semen']);
    expect(await list('active=false')).toEqual(['2026 Apollo frozen_semen']);
    expect(await list(`active=true&stallion_id=${apollo.id}&season=2026`)).toEqual([
      '2026 Apollo fresh_semen',
    ]);
    expect(await list(`stallion_id=${crypto.randomUUID()}`)).toEqual([]);
    expect((await call('GET', '/services?active=maybe')).status).toBe(422);
    expect((await call('GET', '/services?stallion_id=nope')).status).toBe(422);
  });

  it('reads the list in as many SQL statements for 2 services as for 20', async () => {
    const { call, stallion, service } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => call('GET', '/services'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    for (let year = 2000; year < 2002; year++) await service(apollo.id, { season: `${year}` });
    const small = await count();
    for (let year = 2002; year < 2020; year++) await service(apollo.id, { season: `${year}` });
    expect(await count()).toBe(small);
  });
});

describe('stud services: delete and stallions', () => {
  it('deletes a service and clears a prospect’s interest in it; 404s another stud’s', async () => {
    const hill = await breedingWorld(app, 'Hill');
    const vale = await breedingWorld(app, 'Vale');
    const apollo = await hill.stallion('Apollo');
    const offer = await hill.service(apollo.id);
    const prospect = await hill.call('POST', '/prospects', {
      first_name: 'Pia',
      last_name: 'Prospect',
      interest: { stallion_id: apollo.id, service_id: offer.id },
    });
    expect(prospect.status, prospect.text).toBe(201);
    expect(prospect.body.data.interest).toEqual({ stallion_id: apollo.id, service_id: offer.id });

    expect((await vale.call('GET', `/services/${offer.id}`)).status).toBe(404);
    expect((await vale.call('PUT', `/services/${offer.id}`, { active: false })).status).toBe(404);
    expect((await vale.call('DELETE', `/services/${offer.id}`)).status).toBe(404);
    expect((await hill.call('GET', '/services/not-a-uuid')).status).toBe(404);
    expect((await hill.call('DELETE', `/services/${offer.id}`, undefined, 'staff')).status).toBe(
      403,
    );
    const gone = await hill.call('DELETE', `/services/${offer.id}`, undefined, 'manager');
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'Service deleted.' });
    expect((await hill.call('GET', `/services/${offer.id}`)).status).toBe(404);
    const [row] = await app.db
      .select()
      .from(studClients)
      .where(and(eq(studClients.studId, hill.studId), eq(studClients.id, prospect.body.data.id)));
    expect(row).toMatchObject({ interestStallionId: apollo.id, interestServiceId: null });
  });

  it('keeps a stallion with services (409) and shows his active services on GET /stallions', async () => {
    const { call, stallion, service, mare } = await breedingWorld(app);
    await mare('Bella');
    const apollo = await stallion('Apollo');
    const zeus = await stallion('Zeus');
    const frozen = await service(apollo.id, { season: '2026', stud_fee: 1500.5, public: true });
    const cover = await service(apollo.id, {
      season: '2027',
      method: 'natural_cover',
      delivery: 'on_site',
      stud_fee: 900,
    });
    await service(apollo.id, { season: '2025', active: false });

    expect((await call('DELETE', `/horses/${apollo.id}`)).status).toBe(409);
    const stallions = await call('GET', '/stallions', undefined, 'viewer');
    expect(stallions.status, stallions.text).toBe(200);
    expect(
      stallions.body.data.map((s: { name: string; services: unknown[] }) => [s.name, s.services]),
    ).toEqual([
      [
        'Apollo',
        [
          {
            id: cover.id,
            season: '2027',
            method: 'natural_cover',
            delivery: 'on_site',
            stud_fee: 900,
            public: false,
          },
          {
            id: frozen.id,
            season: '2026',
            method: 'frozen_semen',
            delivery: 'shipped',
            stud_fee: 1500.5,
            public: true,
          },
        ],
      ],
      ['Zeus', []],
    ]);
    // Once the services are gone the stallion may go.
    for (const s of (await call('GET', `/services?stallion_id=${apollo.id}`)).body.data)
      expect((await call('DELETE', `/services/${s.id}`)).status).toBe(200);
    expect((await call('DELETE', `/horses/${apollo.id}`)).status).toBe(200);
    expect((await call('GET', '/stallions')).body.data.map((s: { id: string }) => s.id)).toEqual([
      zeus.id,
    ]);
  });

  it('keeps a service with reservations (409) and shows each stallion’s book per season', async () => {
    const { call, stallion, service, mare, reservation } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    await stallion('Zeus');
    expect((await call('PUT', `/stallions/${apollo.id}/profile`, { book_limit: 40 })).status).toBe(
      200,
    );
    const offer = await service(apollo.id);
    await service(apollo.id, { season: '2027', active: false });
    const [bella, rosa, lola] = [await mare('Bella'), await mare('Rosa'), await mare('Lola')];
    await reservation(offer.id, bella.id);
    await reservation(offer.id, rosa.id, { status: 'pregnant' });
    await reservation(offer.id, lola.id, { status: 'requested' });

    const kept = await call('DELETE', `/services/${offer.id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.error.code).toBe('CONFLICT');
    const stallions = await call('GET', '/stallions', undefined, 'viewer');
    expect(
      stallions.body.data.map((s: { name: string; book: unknown[] }) => [s.name, s.book]),
    ).toEqual([
      [
        'Apollo',
        [
          { season: '2027', booked: 0, limit: 40 },
          { season: '2026', booked: 2, limit: 40 },
        ],
      ],
      ['Zeus', []],
    ]);
  });

  it('reads the stallions with their services in as many statements for 2 as for 20', async () => {
    const { call, stallion, service } = await breedingWorld(app);
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => call('GET', '/stallions'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    const offer = async (n: number) => {
      const horse = await stallion(`Stallion ${n}`);
      await service(horse.id);
    };
    for (let n = 0; n < 2; n++) await offer(n);
    const small = await count();
    for (let n = 2; n < 20; n++) await offer(n);
    expect(await count()).toBe(small);
  });
});

describe('stud services: who may', () => {
  it('answers 401 without a token; services are for owners and managers to write', async () => {
    const { studId, call, stallion, service } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const offer = await service(apollo.id);
    expect((await app.request('GET', `/api/studs/${studId}/services`)).status).toBe(401);
    const body = { stallion_id: apollo.id, season: '2027', method: 'natural_cover', stud_fee: 1 };
    for (const as of ['staff', 'viewer'] as const) {
      expect((await call('GET', '/services', undefined, as)).status, as).toBe(200);
      expect((await call('GET', `/services/${offer.id}`, undefined, as)).status, as).toBe(200);
      expect((await call('POST', '/services', body, as)).status, as).toBe(403);
      expect((await call('PUT', `/services/${offer.id}`, { public: true }, as)).status, as).toBe(
        403,
      );
      expect((await call('DELETE', `/services/${offer.id}`, undefined, as)).status, as).toBe(403);
    }
    expect((await call('POST', '/services', body, 'manager')).status).toBe(201);
  });

  it('answers 403 for a school’s id under /studs', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const res = await app.request('GET', `/api/studs/${schoolId}/services`, {
      token: await app.tokenFor('owner@school.test'),
    });
    expect(res.status).toBe(403);
  });
});
