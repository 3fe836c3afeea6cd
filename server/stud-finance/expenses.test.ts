import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { media, studExpenseMedia, studExpenses } from '@/db/schema';
import { todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { pdf, png } from '../test/media-fixtures';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

const hay = (extra: object = {}) => ({
  date: '2026-04-02',
  category: 'feed',
  amount: 480.25,
  supplier: 'Forrajes del Valle',
  description: 'Hay, 40 bales',
  payment_method: 'transfer',
  ...extra,
});

type World = Awaited<ReturnType<typeof financeWorld>>;

const pdfFile = { bytes: pdf(), type: 'application/pdf', name: 'invoice.pdf' };

/** A receipt uploaded through the stud's media routes, as the owner unless told. */
async function upload(
  w: World,
  expenseId: string,
  file: { bytes: Buffer<ArrayBuffer>; type: string; name: string },
  as: keyof World['emails'] = 'owner',
) {
  const body = new FormData();
  body.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  body.append('subject_type', 'expense');
  body.append('subject_id', expenseId);
  return app.request('POST', `/api/studs/${w.studId}/media`, {
    token: await app.tokenFor(w.emails[as]),
    rawBody: body,
  });
}

describe('stud expenses', () => {
  it('enters an expense with its horse, dated today unless told', async () => {
    const w = await financeWorld(app);
    const bella = await w.mare('Bella');

    const res = await w.call('POST', '/expenses', hay({ horse_id: bella.id }), 'manager');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      date: '2026-04-02',
      category: 'feed',
      amount: 480.25,
      supplier: 'Forrajes del Valle',
      description: 'Hay, 40 bales',
      horse_id: bella.id,
      horse: { id: bella.id, name: 'Bella' },
      payment_method: 'transfer',
      medical_record_id: null,
      receipts: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const bare = await w.call('POST', '/expenses', { category: 'insurance', amount: 75 });
    expect(bare.status, bare.text).toBe(201);
    expect(bare.body.data).toMatchObject({
      date: todayIn('UTC'),
      supplier: null,
      horse: null,
      payment_method: null,
    });
    expect((await w.call('GET', `/expenses/${res.body.data.id}`)).body.data).toEqual(res.body.data);
  });

  it('refuses bad fields and another stud’s horse (422)', async () => {
    const hill = await financeWorld(app, 'Hill');
    const vale = await financeWorld(app, 'Vale');
    const theirMare = await vale.mare('Distant');

    const invalid = await hill.call('POST', '/expenses', {
      category: 'yachts',
      amount: -5,
      payment_method: 'barter',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual([
      'amount',
      'category',
      'payment_method',
    ]);
    const horse = await hill.call('POST', '/expenses', hay({ horse_id: theirMare.id }));
    expect(horse.status).toBe(422);
    expect(horse.body.errors).toEqual({ horse_id: ['The selected horse id is invalid.'] });
    const expense = (await hill.created('/expenses', hay())).id;
    const moved = await hill.call('PUT', `/expenses/${expense}`, { horse_id: theirMare.id });
    expect(moved.status).toBe(422);
    expect(await app.db.select().from(studExpenses)).toHaveLength(1);
  });

  it('lists newest first with filters and a search that ignores case and accents', async () => {
    const w = await financeWorld(app);
    const bella = await w.mare('Bella');
    const ids = [
      (await w.created('/expenses', hay({ date: '2026-03-01' }))).id,
      (
        await w.created(
          '/expenses',
          hay({
            date: '2026-03-20',
            category: 'veterinary',
            amount: 120,
            supplier: 'Clínica Ñandú',
            description: 'Ecografía',
            horse_id: bella.id,
          }),
        )
      ).id,
      (
        await w.created(
          '/expenses',
          hay({
            date: '2026-02-10',
            category: 'other',
            supplier: null,
            description: '100% wool rugs',
          }),
        )
      ).id,
    ];

    const all = await w.call('GET', '/expenses', undefined, 'viewer');
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(all.body.meta).toMatchObject({ total: 3, per_page: 25 });

    const found = async (query: string) =>
      (await w.call('GET', `/expenses?${query}`)).body.data.map((e: { id: string }) => e.id);
    expect(await found('search=nandu')).toEqual([ids[1]]);
    expect(await found('search=CLINICA')).toEqual([ids[1]]);
    expect(await found(`search=${encodeURIComponent('ecografia')}`)).toEqual([ids[1]]);
    expect(await found(`search=${encodeURIComponent('ÉCOGRAFÍA')}`)).toEqual([ids[1]]);
    expect(await found('search=forrajes')).toEqual([ids[0]]);
    // A LIKE wildcard is matched literally.
    expect(await found(`search=${encodeURIComponent('100%')}`)).toEqual([ids[2]]);
    expect(await found(`search=${encodeURIComponent('%')}`)).toEqual([ids[2]]);
    expect(await found('category=veterinary')).toEqual([ids[1]]);
    expect(await found(`horse_id=${bella.id}`)).toEqual([ids[1]]);
    expect(await found('from=2026-03-01&to=2026-03-19')).toEqual([ids[0]]);
    expect((await w.call('GET', '/expenses?per_page=101')).status).toBe(422);
  });

  it('takes PDF and PNG receipts through the stud’s media routes and lists them', async () => {
    const hill = await financeWorld(app, 'Hill');
    const vale = await financeWorld(app, 'Vale');
    const expense = (await hill.created('/expenses', hay())).id;

    const invoice = await upload(hill, expense, {
      bytes: pdf(),
      type: 'application/pdf',
      name: 'invoice.pdf',
    });
    expect(invoice.status, invoice.text).toBe(201);
    expect(invoice.body.data).toMatchObject({ subject_type: 'expense', subject_id: expense });
    const ticket = await upload(
      hill,
      expense,
      { bytes: await png(), type: 'image/png', name: 'ticket.png' },
      'manager',
    );
    expect(ticket.status, ticket.text).toBe(201);

    const read = await hill.call('GET', `/expenses/${expense}`, undefined, 'viewer');
    expect(read.body.data.receipts).toEqual([
      { id: invoice.body.data.id, filename: 'invoice.pdf', content_type: 'application/pdf' },
      { id: ticket.body.data.id, filename: 'ticket.png', content_type: 'image/png' },
    ]);
    expect((await hill.call('GET', '/expenses')).body.data[0].receipts).toHaveLength(2);
    // Another stud's expense is no subject here.
    const theirs = await upload(vale, expense, {
      bytes: pdf(),
      type: 'application/pdf',
      name: 'x.pdf',
    });
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toHaveProperty('subject_id');

    // Deleting the expense takes its receipt links; the files stay among the stud's media.
    expect((await hill.call('DELETE', `/expenses/${expense}`)).status).toBe(200);
    expect(
      await app.db.select().from(studExpenseMedia).where(eq(studExpenseMedia.studId, hill.studId)),
    ).toEqual([]);
    const kept = await hill.call('GET', `/media/${invoice.body.data.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ subject_type: null, subject_id: null });
  });

  it('keeps receipts from staff, who have media but no finance: neither attached, listed nor read', async () => {
    const w = await financeWorld(app, 'Hill');
    const expense = (await w.created('/expenses', hay())).id;
    const refused = await upload(w, expense, pdfFile, 'staff');
    expect(refused.status, refused.text).toBe(403);
    const receipt = await upload(w, expense, pdfFile);
    expect(receipt.status, receipt.text).toBe(201);
    const photo = await w.call('POST', '/media', {
      file: (await png()).toString('base64'),
      filename: 'yard.png',
    });
    expect(photo.status, photo.text).toBe(201);
    const id = receipt.body.data.id as string;

    const listed = await w.call('GET', '/media', undefined, 'staff');
    expect(listed.body.data.map((m: { id: string }) => m.id)).toEqual([photo.body.data.id]);
    expect(listed.body.meta.total).toBe(1);
    expect((await w.call('GET', `/media/${id}`, undefined, 'staff')).status).toBe(404);
    expect((await w.call('GET', `/media/${id}/content`, undefined, 'staff')).status).toBe(404);
    // Viewers read finance: they see it.
    expect((await w.call('GET', `/media/${id}/content`, undefined, 'viewer')).status).toBe(200);
    expect((await w.call('GET', '/media', undefined, 'viewer')).body.meta.total).toBe(2);
  });

  it('lists a page in one statement whatever the size, receipts included', async () => {
    const w = await financeWorld(app);
    const bella = await w.mare('Bella');
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        w.call('GET', '/expenses?per_page=100&search=hay'),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    const receipt = async (expenseId: string) => {
      const [file] = await app.db
        .insert(media)
        .values({
          organizationId: w.studId,
          contentType: 'application/pdf',
          sizeBytes: 1,
          sha256: 'a'.repeat(64),
          store: 'database',
          storageKey: `${w.studId}/${expenseId}.pdf`,
          filename: 'invoice.pdf',
        })
        .returning();
      await app.db
        .insert(studExpenseMedia)
        .values({ studId: w.studId, expenseId, mediaId: file!.id });
    };
    for (let n = 0; n < 2; n++) await receipt((await w.created('/expenses', hay())).id);
    const small = await count();
    for (let n = 2; n < 20; n++)
      await receipt((await w.created('/expenses', hay({ horse_id: bella.id }))).id);
    expect(await count()).toBe(small);
  });

  it('updates the fields given and deletes', async () => {
    const w = await financeWorld(app);
    const expense = (await w.created('/expenses', hay())).id;

    const res = await w.call('PUT', `/expenses/${expense}`, {
      amount: 500,
      supplier: '',
      payment_method: null,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      date: '2026-04-02',
      category: 'feed',
      amount: 500,
      supplier: null,
      description: 'Hay, 40 bales',
      payment_method: null,
    });
    const removed = await w.call('DELETE', `/expenses/${expense}`, undefined, 'manager');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Expense deleted.' });
    expect((await w.call('GET', `/expenses/${expense}`)).status).toBe(404);
    expect((await w.call('PUT', `/expenses/${expense}`, { amount: 1 })).status).toBe(404);
    expect((await w.call('DELETE', `/expenses/${expense}`)).status).toBe(404);
  });

  it('guards the routes: 401, finance roles, another stud’s ids 404', async () => {
    const hill = await financeWorld(app, 'Hill');
    const vale = await financeWorld(app, 'Vale');
    const expense = (await hill.created('/expenses', hay())).id;
    const path = `/api/studs/${hill.studId}/expenses`;

    expect((await app.request('GET', path)).status).toBe(401);
    expect((await app.request('DELETE', `${path}/${expense}`)).status).toBe(401);
    // Staff have no finance access at all.
    expect((await hill.call('GET', '/expenses', undefined, 'staff')).status).toBe(403);
    expect((await hill.call('GET', `/expenses/${expense}`, undefined, 'staff')).status).toBe(403);
    expect((await hill.call('POST', '/expenses', hay(), 'staff')).status).toBe(403);
    // Viewers read only.
    expect((await hill.call('GET', `/expenses/${expense}`, undefined, 'viewer')).status).toBe(200);
    expect((await hill.call('POST', '/expenses', hay(), 'viewer')).status).toBe(403);
    expect((await hill.call('PUT', `/expenses/${expense}`, { amount: 1 }, 'viewer')).status).toBe(
      403,
    );
    expect((await hill.call('DELETE', `/expenses/${expense}`, undefined, 'viewer')).status).toBe(
      403,
    );
    // Managers do everything.
    expect((await hill.call('POST', '/expenses', hay(), 'manager')).status).toBe(201);
    expect((await hill.call('PUT', `/expenses/${expense}`, { amount: 2 }, 'manager')).status).toBe(
      200,
    );
    // Another stud's member, and another stud's expense under one's own stud.
    const outsider = await app.tokenFor(vale.emails.owner);
    expect((await app.request('GET', path, { token: outsider })).status).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await vale.call(
        method,
        `/expenses/${expense}`,
        method === 'PUT' ? {} : undefined,
      );
      expect(res.status, method).toBe(404);
    }
    expect((await hill.call('GET', '/expenses/not-a-uuid')).status).toBe(404);
    const [row] = await app.db
      .select()
      .from(studExpenses)
      .where(and(eq(studExpenses.studId, hill.studId), eq(studExpenses.id, expense)));
    expect(row?.amount).toBe('2.00');
  });
});
