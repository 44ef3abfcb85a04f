import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { orderReference as reference } from '@edicola/contracts';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { fatturaPaErrors } from '../support/fatturapa';
import { collectErrors, launchBrowser, shop } from '../support/shop';
import { api, newArticle, staffToken } from '../support/staff-api';

// Partial refunds of online orders with the demo providers (card and Klarna through the fake Stripe, PayPal through
// the fake PayPal, their webhooks included): each refund is one fact, booked once in the order, its credit note,
// the buyer's e-mail and the orders CSV, whichever of the provider's answer and its webhook comes first.

type Method = 'card' | 'klarna' | 'paypal';

interface StaffOrder {
  id: string;
  status: string;
  payment_status: string;
  total_amount: number;
  refunded_amount: number;
  refunds: { state: string; amount: number | null }[];
  credit_notes: { number: string; amount: number }[];
  invoice_data: { invoice_issued: boolean } | null;
}

const SHIPPING = {
  name: 'Anna Esposito',
  phone: '+39 081 555 1234',
  address: 'Via Toledo 256',
  city: 'Napoli',
  zipCode: '80132',
  notes: null,
};
const INVOICE = { requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resume) => setTimeout(resume, 200));
  }
}

/** The refund e-mails the shop wrote to `email` (no SMTP in the journeys: .eml files under DATA_DIR/mail). */
async function refundMails(email: string): Promise<string[]> {
  const folder = path.join(shop.dataDir, 'mail');
  const names = await readdir(folder).catch(() => [] as string[]);
  const subjects: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const mail = await simpleParser(await readFile(path.join(folder, name)));
    if (JSON.stringify(mail.to).includes(email) && mail.subject?.startsWith('Rimborso per')) {
      subjects.push(String(mail.text));
    }
  }
  return subjects;
}

describe('partial refunds of online orders', () => {
  let token: string;
  let article: { id: string; title: string };
  beforeAll(async () => {
    token = await staffToken();
    article = await newArticle(token, 40);
  });

  const order = async (id: string) =>
    (await api<StaffOrder>('GET', `/api/orders/${id}`, undefined, token)).body;

  /** Two units of the test's article, paid through the demo provider's page; answers the shop order's id. */
  async function paidOrder(method: Method, email: string, invoice: boolean): Promise<string> {
    const checkout = {
      items: [{ article_id: article.id, quantity: 2 }],
      customer_email: email,
      customer_name: 'Anna Esposito',
      shipping_address: SHIPPING,
      invoice_data: invoice ? INVOICE : null,
    };
    let orderId: string;
    if (method === 'card') {
      const { body } = await api<{ session_id: string; order_id: string }>(
        'POST',
        '/checkout/session',
        checkout,
      );
      expect((await api('POST', `/payments/demo/card/${body.session_id}/approve`)).status).toBe(200);
      orderId = body.order_id;
    } else if (method === 'paypal') {
      const { body } = await api<{ order_id: string; shop_order_id: string }>(
        'POST',
        '/paypal/create-order',
        checkout,
      );
      expect((await api('POST', `/payments/demo/paypal/${body.order_id}/approve`)).status).toBe(200);
      expect((await api('POST', '/paypal/capture-order', { order_id: body.order_id })).status).toBe(200);
      orderId = body.shop_order_id;
    } else {
      const { body: quote } = await api<{ shipping_cost: number }>(
        'GET',
        '/shipping/calculate?total_amount=48.8&quantity=2&country=IT',
      );
      const placed = await api<{ order_id: string }>('POST', '/orders', {
        items: checkout.items,
        customer_info: { ...SHIPPING, email },
        payment_method: 'klarna',
        total_amount: Math.round((48.8 + quote.shipping_cost) * 100) / 100,
        ...(invoice ? { invoice_data: INVOICE } : {}),
      });
      expect(placed.status).toBe(201);
      orderId = placed.body.order_id;
      const { body: intent } = await api<{ payment_intent_id: string }>(
        'POST',
        '/payments/klarna/create-intent',
        {
          order_id: orderId,
          customer_email: email,
          customer_name: 'Anna Esposito',
        },
      );
      expect((await api('POST', `/payments/demo/klarna/${intent.payment_intent_id}/approve`)).status).toBe(
        200,
      );
    }
    await until(
      () => order(orderId),
      (o) => o.payment_status === 'paid',
      `${method} order paid`,
    );
    return orderId;
  }

  async function invoice(orderId: string) {
    const year = new Date().getFullYear();
    const { body: next } = await api<{ invoice_number: string }>(
      'GET',
      `/api/invoices/next-number?year=${year}`,
      undefined,
      token,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const saved = await api(
      'PUT',
      `/orders/${orderId}/invoice`,
      { invoice_number: next.invoice_number, invoice_date: today },
      token,
    );
    expect(saved.status).toBe(200);
  }

  const refund = (orderId: string, body: object) =>
    api<StaffOrder>('POST', `/api/orders/${orderId}/refunds`, body, token, {
      'idempotency-key': randomUUID(),
    });

  async function ordersCsvRow(orderId: string): Promise<Record<string, string>> {
    const { body } = await api<string>('GET', '/orders/export/csv', undefined, token);
    const rows = parse(body, { delimiter: ';', columns: true, bom: true }) as Record<string, string>[];
    const row = rows.find((r) => r.Riferimento === reference(orderId));
    if (!row) throw new Error(`no CSV row for ${reference(orderId)}`);
    return row;
  }

  it.each<[Method, boolean]>([
    ['card', true],
    ['card', false],
    ['klarna', true],
    ['klarna', false],
    ['paypal', true],
    ['paypal', false],
  ])(
    '%s, invoiced %s: 5 € by amount, then one unit by lines: two refunds, credit notes and e-mails, once each',
    async (method, invoiced) => {
      const email = `rimborso.${method}.${Date.now()}@example.it`;
      const orderId = await paidOrder(method, email, invoiced);
      if (invoiced) await invoice(orderId);

      const byAmount = await refund(orderId, { amount: 5, reason: 'Spedizione in ritardo' });
      expect(byAmount.status).toBe(202);
      await until(
        () => order(orderId),
        (o) => o.refunds.every((r) => r.state === 'done'),
        'the first refund',
      );
      const byLines = await refund(orderId, {
        lines: [{ article_id: article.id, quantity: 1 }],
        reason: 'Scatola rovinata',
      });
      expect(byLines.status).toBe(202);
      const done = await until(
        () => order(orderId),
        (o) => o.refunds.length === 2 && o.refunds.every((r) => r.state === 'done'),
        'both refunds',
      );

      expect(done.refunds.map((r) => r.amount)).toEqual([5, 24.4]);
      expect(done.refunded_amount).toBe(29.4);
      expect(done.payment_status).toBe('partially_refunded');
      expect(done.credit_notes.map((n) => n.amount)).toEqual(invoiced ? [5, 24.4] : []);
      const mails = await until(
        () => refundMails(email),
        (m) => m.length >= 2,
        'two refund e-mails',
      );
      expect(mails.map((text) => /rimborsato ([\d,]+)\s€/.exec(text)?.[1]).sort()).toEqual(['24,40', '5,00']);
      expect((await ordersCsvRow(orderId)).Rimborsato).toBe('29,40');

      // Anything still on its way (a late webhook, a relay's second try) has arrived by now and changed nothing.
      await new Promise((resume) => setTimeout(resume, 1500));
      const after = await order(orderId);
      expect(after.refunded_amount).toBe(29.4);
      expect(after.refunds).toHaveLength(2);
      expect(after.credit_notes).toHaveLength(invoiced ? 2 : 0);
      expect(await refundMails(email)).toHaveLength(2);
    },
  );

  describe('in the back office', () => {
    let browser: Browser;
    let page: Page;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser?.close());

    it("'Rimborso parziale' of 5 € on an invoiced card order: refunded 5 €, one credit note, one e-mail", async () => {
      const email = `rimborso.pagina.${Date.now()}@example.it`;
      const orderId = await paidOrder('card', email, true);
      await invoice(orderId);
      const context = await browser.newContext({
        locale: 'it-IT',
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      page = await context.newPage();
      page.setDefaultTimeout(25_000);
      const errors = collectErrors(page);
      await page.goto(`${shop.webUrl}/gestione/login`);
      await page.getByLabel('Nome utente').fill(shop.admin.username);
      await page.getByLabel('Password').fill(shop.admin.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL(/\/gestione$/);
      await page.goto(`${shop.webUrl}/gestione/ordini/${orderId}`);

      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/orders/${orderId}/refunds`))
          requests.push(r.url());
      });
      await page.getByRole('button', { name: 'Rimborso parziale' }).click();
      const dialog = page.getByRole('dialog', { name: `Rimborso parziale – ordine ${reference(orderId)}` });
      await dialog.getByLabel('Un importo').check();
      await dialog.getByLabel('Importo (€)').fill('5');
      await dialog.getByLabel('Motivo').fill('Spedizione in ritardo');
      await dialog.getByRole('button', { name: 'Rimborsa' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(requests).toHaveLength(1);

      const done = await until(
        () => order(orderId),
        (o) => o.refunds.length === 1 && o.refunds[0]!.state === 'done',
        'the refund',
      );
      expect(done.refunded_amount).toBe(5);
      expect(done.credit_notes.map((n) => n.amount)).toEqual([5]);
      await page.reload();
      await page
        .getByText(/^Rimborsato 5,00\s€$/)
        .first()
        .waitFor();
      // Its credit note downloads from the order page, as PDF and as a FatturaPA file the official schema accepts.
      const [note] = done.credit_notes;
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Nota di credito ${note!.number} PDF` }).click(),
      ]);
      expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
      const [xml] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Nota di credito ${note!.number} XML (FatturaPA)` }).click(),
      ]);
      const xmlText = (await readFile((await xml.path())!)).toString('utf8');
      expect(xmlText).toContain('<TipoDocumento>TD04</TipoDocumento>');
      expect(await fatturaPaErrors(xmlText)).toEqual([]);
      await until(
        () => refundMails(email),
        (m) => m.length >= 1,
        'the refund e-mail',
      );
      await new Promise((resume) => setTimeout(resume, 1500));
      expect(await refundMails(email)).toHaveLength(1);
      expect((await order(orderId)).credit_notes).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
