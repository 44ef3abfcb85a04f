import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { ParsedMail } from 'mailparser';
import { STOCK_ALERT_CONSENT_SOURCE, STOCK_ALERT_CONSENT_VERSION, type EventData } from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { stockAlerts } from '../src/db/schema';
import { sweepUnconfirmedStockAlerts } from '../src/stock-alerts/alerts';
import { expectClean, newId, startHarness, textOf, type Harness } from './notify-harness';

jest.setTimeout(60_000);

/** The token of a link to a storefront page in an e-mail. */
function tokenOf(mail: ParsedMail, path: string): string {
  const link = new RegExp(`https://shop\\.example\\.it${path}\\?token=([\\w-]+)`).exec(mail.text ?? '');
  expect(link).not.toBeNull();
  return link![1]!;
}

// docs/product/stock-alerts.md: double opt-in, told once in order of sign-up, units plus the margin at a time.
describe('svc-notify back-in-stock alerts through a real SMTP server', () => {
  let h: Harness;
  const api = () => request(h.notify.service.app);
  const db = () => h.notify.testDatabase.database.db;

  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  const article = { id: newId(), slug: 'charizard-ex-151', title: 'Charizard ex 151' };
  let revision = 10;

  const asked = (email: string, language: EventData<'article.alert_requested'>['language'] = 'it') =>
    h.emit('article.alert_requested', {
      article_id: article.id,
      slug: article.slug,
      title: article.title,
      email,
      language,
      consent_source: STOCK_ALERT_CONSENT_SOURCE,
      consent_version: STOCK_ALERT_CONSENT_VERSION,
      requested_at: new Date().toISOString(),
    });

  const stockIs = (quantity: number, rev = ++revision) =>
    h.emit('article.changed', {
      article_id: article.id,
      revision: rev,
      sku: 'PKM-151-CHZ',
      title: article.title,
      description: '',
      category: 'Pokémon',
      ean: null,
      unit_gross_cents: 4990,
      quantity_stock: quantity,
      active: true,
      photo_urls: [],
      ebay: { enabled: false, price_cents: null, buffer: 0 },
      deleted: false,
      changed_at: new Date().toISOString(),
    });

  const kinds = (address: string) =>
    h
      .mailsTo(address)
      .map((m) => (m.subject?.includes('Conferma') || m.subject?.includes('Confirm') ? 'confirm' : 'back'));

  const signUpAndConfirm = async (address: string) => {
    await h.settled([await asked(address)]);
    const confirmation = await waitFor(() => h.mailsTo(address)[0]);
    const res = await api()
      .post('/stock-alerts/confirm')
      .send({ token: tokenOf(confirmation, '/avvisi/conferma') });
    expect(res.status).toBe(200);
  };

  it('5 waiting, 2 units come back: 2 plus the margin are told, once, in order of sign-up; the rest at the next return; the unconfirmed never', async () => {
    // Signed up first, never confirmed.
    await h.settled([await asked('ignoto@example.it')]);
    const waiting = [
      'uno@example.it',
      'due@example.it',
      'tre@example.it',
      'quattro@example.it',
      'cinque@example.it',
    ];
    for (const address of waiting) await signUpAndConfirm(address);

    const confirmation = h.mailsTo('uno@example.it')[0]!;
    expect(confirmation.subject).toBe("Conferma l'avviso per «Charizard ex 151» - Edicola Napoli");
    expect(confirmation.headerLines.find((l) => l.key === 'list-unsubscribe')?.line).toContain(
      '/avvisi/annulla?token=',
    );
    expectClean(confirmation);
    // The consent kept with its time, source and text version.
    const [kept] = await db().select().from(stockAlerts).where(eq(stockAlerts.email, 'uno@example.it'));
    expect(kept).toMatchObject({
      consentSource: 'stock_alert_form',
      consentVersion: STOCK_ALERT_CONSENT_VERSION,
    });
    expect(kept!.confirmedAt).toBeInstanceOf(Date);

    const staff = await api()
      .get('/api/admin/stock-alerts/waiting')
      .set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(staff.status).toBe(200);
    expect(staff.body).toEqual({
      articles: [{ article_id: article.id, title: article.title, waiting: 5 }],
      total: 5,
    });
    expect((await api().get('/api/admin/stock-alerts/waiting')).status).toBe(401);
    const customer = await api()
      .get('/api/admin/stock-alerts/waiting')
      .set('Authorization', `Bearer ${h.tokens.customer}`);
    expect(customer.status).toBe(403);

    // Sold out, then 2 units come back: 2 + 1 (the margin) are told.
    await h.settled([await stockIs(0)]);
    const twoBack = ++revision;
    await h.settled([await stockIs(2, twoBack)]);
    expect(waiting.map((a) => kinds(a).filter((k) => k === 'back').length)).toEqual([1, 1, 1, 0, 0]);
    const told = h.mailsTo('uno@example.it')[1]!;
    expect(told.subject).toBe('«Charizard ex 151» è di nuovo disponibile - Edicola Napoli');
    expect(textOf(told)).toContain('https://shop.example.it/prodotti/charizard-ex-151');
    expect(told.headerLines.find((l) => l.key === 'list-unsubscribe')?.line).toContain(
      '/avvisi/annulla?token=',
    );
    expectClean(told);

    // The same event again, an older one, and a sale (the stock falls): nobody more is told.
    await h.settled([await stockIs(2, twoBack), await stockIs(1, twoBack - 1), await stockIs(1)]);
    expect(waiting.map((a) => kinds(a).filter((k) => k === 'back').length)).toEqual([1, 1, 1, 0, 0]);
    const left = await api()
      .get('/api/admin/stock-alerts/waiting')
      .set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(left.body.articles).toEqual([{ article_id: article.id, title: article.title, waiting: 2 }]);

    // The next return: the rest are told; the first three are not told again.
    await h.settled([await stockIs(4)]);
    expect(waiting.map((a) => kinds(a).filter((k) => k === 'back').length)).toEqual([1, 1, 1, 1, 1]);
    // The unconfirmed address got its confirmation and nothing else.
    expect(kinds('ignoto@example.it')).toEqual(['confirm']);
  });

  it('ends an alert in one click from its e-mail: it is never told', async () => {
    await signUpAndConfirm('basta@example.it');
    const unsubscribe = tokenOf(h.mailsTo('basta@example.it')[0]!, '/avvisi/annulla');
    const res = await api().post('/stock-alerts/unsubscribe').send({ token: unsubscribe });
    expect(res.status).toBe(200);
    expect((await api().post('/stock-alerts/unsubscribe').send({ token: unsubscribe })).status).toBe(404);
    await h.settled([await stockIs(0), await stockIs(3)]);
    expect(kinds('basta@example.it')).toEqual(['confirm']);
  });

  it('asked twice, sends one confirmation, in the visitor language', async () => {
    await h.settled([await asked('zweimal@example.de', 'de'), await asked('zweimal@example.de', 'de')]);
    const mails = h.mailsTo('zweimal@example.de');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'Bestätigen Sie Ihre Benachrichtigung für „Charizard ex 151“ - Edicola Napoli',
    );
    expect(String(mails[0]!.html)).toContain('lang="de"');
  });

  it('deletes unconfirmed alerts past their window; their link no longer works', async () => {
    await h.settled([await asked('tardi@example.it')]);
    const token = tokenOf(h.mailsTo('tardi@example.it')[0]!, '/avvisi/conferma');
    await db()
      .update(stockAlerts)
      .set({ requestedAt: sql`now() - interval '49 hours'` })
      .where(eq(stockAlerts.email, 'tardi@example.it'));
    expect((await api().post('/stock-alerts/confirm').send({ token })).status).toBe(404);
    expect(await sweepUnconfirmedStockAlerts(db())).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.email, 'tardi@example.it'))).toEqual(
      [],
    );
    // Confirmed alerts stay.
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.email, 'uno@example.it'))).toHaveLength(
      1,
    );
  });

  it('answers a bad token with a readable 4xx', async () => {
    const res = await api().post('/stock-alerts/confirm').send({});
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Link non valido o scaduto.');
  });
});
