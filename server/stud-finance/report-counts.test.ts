import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

const ROUTES = [
  '/dashboard',
  '/reports/season',
  '/reports/financial',
  '/reports/financial?format=csv',
  '/reports/receivables',
  '/reports/foaling',
];

/**
 * Horses `from` to `to` of the stud, written in bulk: every other one a client's mare booked to
 * the service this season, with a pregnancy due within 90 days, a breeding, a receivable, an
 * income entry and an expense.
 */
async function grow(
  w: Awaited<ReturnType<typeof financeWorld>>,
  serviceId: string,
  clientId: string,
  from: number,
  to: number,
) {
  const today = todayIn('UTC');
  await app.db.execute(sql`
    with identities as (
      insert into horse_identities (name, sex, birth_year)
      select 'Bulk ' || g, case when g % 2 = 0 then 'female' else 'male' end, 2012
        from generate_series(${from}::int, ${to}::int) g
      returning id, sex
    )
    insert into stud_horses (stud_id, horse_identity_id)
    select ${w.studId}, id from identities`);
  await app.db.execute(sql`
    insert into stud_reservations (stud_id, service_id, stallion_id, season, mare_id, client_id,
                                   status, method, delivery, stud_fee, booking_fee, doses_included,
                                   guarantee, balance_due_on, confirmation_day,
                                   substitute_mare_allowed, requires_signed_contract)
    select h.stud_id, s.id, s.stallion_id, s.season, h.id, ${clientId}, 'in_progress', s.method,
           s.delivery, s.stud_fee, s.booking_fee, s.doses_included, s.guarantee, s.balance_due_on,
           s.confirmation_day, s.substitute_mare_allowed, false
      from stud_horses h
      join horse_identities i on i.id = h.horse_identity_id and i.sex = 'female'
      join stud_services s on s.stud_id = h.stud_id and s.id = ${serviceId}
     where h.stud_id = ${w.studId}
       and not exists (select 1 from stud_reservations r where r.stud_id = h.stud_id and r.mare_id = h.id)`);
  await app.db.execute(sql`
    insert into breeding_events (stud_id, reservation_id, mare_id, stallion_id, date, kind)
    select stud_id, id, mare_id, stallion_id, ${today}::date - 300, 'natural_cover'
      from stud_reservations r
     where stud_id = ${w.studId}
       and not exists (select 1 from breeding_events e where e.stud_id = r.stud_id and e.reservation_id = r.id)`);
  await app.db.execute(sql`
    insert into pregnancies (stud_id, mare_id, stallion_id, reservation_id, breeding_event_id,
                             base_date, gestation_days, due_date, status)
    select stud_id, mare_id, stallion_id, reservation_id, id, date, 340, date + 340, 'confirmed'
      from breeding_events e
     where stud_id = ${w.studId}
       and not exists (select 1 from pregnancies p where p.stud_id = e.stud_id and p.breeding_event_id = e.id)`);
  await app.db.execute(sql`
    insert into stud_receivables (stud_id, client_id, reservation_id, kind, description, amount, due_date)
    select stud_id, client_id, id, 'booking_fee', 'Booking fee', 500, ${today}::date - 45
      from stud_reservations r
     where stud_id = ${w.studId}
       and not exists (select 1 from stud_receivables x where x.stud_id = r.stud_id and x.reservation_id = r.id)`);
  await app.db.execute(sql`
    insert into stud_income (stud_id, date, category, amount)
    select ${w.studId}, ${today}::date - (g % 60), 'stud_fees', 100 + g
      from generate_series(${from}::int, ${to}::int) g`);
  await app.db.execute(sql`
    insert into stud_expenses (stud_id, date, category, amount)
    select ${w.studId}, ${today}::date - (g % 60), 'feed', 10 + g
      from generate_series(${from}::int, ${to}::int) g`);
}

describe('stud dashboard and reports: statement counts', () => {
  it('take as many statements for a stud of 2,000 horses as for one of 20', async () => {
    const w = await financeWorld(app);
    const apollo = await w.stallion('Apollo');
    const offer = await w.service(apollo.id, { season: todayIn('UTC').slice(0, 4) });
    const client = await w.client();
    const counts = async () => {
      const result: Record<string, number> = {};
      for (const route of ROUTES) {
        const counter = { count: 0 };
        const res = await statementCounter.run(counter, () => w.call('GET', route));
        expect(res.status, `${route}: ${res.text}`).toBe(200);
        result[route] = counter.count;
      }
      return result;
    };
    await grow(w, offer.id, client, 1, 19);
    const small = await counts();
    const season = await w.call('GET', '/reports/season');
    expect(season.body.data.totals).toMatchObject({ mares_booked: 9, cycles: 9 });

    await grow(w, offer.id, client, 20, 1999);
    const large = await counts();
    const grown = await w.call('GET', '/reports/season');
    expect(grown.body.data.totals).toMatchObject({ mares_booked: 999, cycles: 999 });
    const dashboard = await w.call('GET', '/dashboard');
    expect(dashboard.body.data.stats.horses.total).toBe(2000);
    expect((await w.call('GET', '/reports/foaling')).body.data.foalings).toHaveLength(999);
    expect(large).toEqual(small);
  });
});
