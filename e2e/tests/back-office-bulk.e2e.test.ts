import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { orderReference } from '@edicola/contracts';
import { collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';
import { api, newArticle, staffToken } from '../support/staff-api';

// The Ordini list to work from (docs/product/back-office.md#order-rows, #bulk-actions, #list-refresh), in real
// Chromium against the real shop: demo Packlink, bank transfers recorded by staff.

const MINUTE = 60_000;

/** A paid order: a bank-transfer order of one unit placed as the checkout does, its transfer then recorded. */
async function paidOrder(token: string, articleId: string, name: string, n: number) {
  const { body: quote } = await api<{ shipping_cost: number }>(
    'GET',
    '/shipping/calculate?total_amount=24.4&quantity=1&country=IT',
  );
  const total = Math.round((24.4 + quote.shipping_cost) * 100) / 100;
  const placed = await api<{ order_id: string }>('POST', '/orders', {
    items: [{ article_id: articleId, quantity: 1 }],
    customer_info: {
      name,
      email: `massivo.${Date.now()}.${n}@example.it`,
      phone: '+39 081 555 0404',
      address: 'Via dei Tribunali 32',
      city: 'Napoli',
      zipCode: '80138',
    },
    payment_method: 'transfer',
    total_amount: total,
  });
  expect(placed.status).toBe(201);
  const id = placed.body.order_id;
  const received = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const paid = await api(
    'PUT',
    `/api/orders/${id}/payment`,
    { received_on: received, amount: total, bank_reference: `TRN MASSIVO ${n}` },
    token,
  );
  expect(paid.status).toBe(200);
  return id;
}

/** A demo Packlink shipment for the order (its cheapest quote), as 'Crea spedizione' makes it. */
async function shipmentFor(token: string, orderId: string) {
  const { body: quotes } = await api<{ quotes: { service_id: string }[] }>(
    'GET',
    `/api/orders/${orderId}/shipment-quotes`,
    undefined,
    token,
  );
  const created = await api(
    'POST',
    `/api/orders/${orderId}/create-shipment`,
    { service_id: quotes.quotes[0]!.service_id },
    token,
  );
  expect(created.status).toBe(201);
}

interface ListedOrder {
  id: string;
  status: string;
  tracking_number: string | null;
  packlink_data: { tracking_number: string | null } | null;
}
const ordersNamed = async (token: string, name: string) =>
  (
    await api<{ orders: ListedOrder[] }>(
      'GET',
      `/api/orders?page_size=100&q=${encodeURIComponent(name)}`,
      undefined,
      token,
    )
  ).body.orders;

describe('the Ordini list to work from', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await staffToken();
  });
  afterAll(() => browser?.close());

  it(
    'confirms 10 paid orders, prints their labels and slips as one PDF, marks them shipped with their tracking, and shows a new order without a reload',
    async () => {
      const name = `Cliente Massivo ${Date.now()}`;
      const article = await newArticle(token, 40, { photo: true });
      const ids: string[] = [];
      for (let n = 0; n < 10; n++) ids.push(await paidOrder(token, article.id, name, n));
      for (const id of ids) await shipmentFor(token, id);
      // The demo drafts become ready after a few seconds; Packlink's callback then brings each tracking number.
      for (let i = 0; i < 120; i++) {
        const orders = await ordersNamed(token, name);
        if (orders.every((o) => o.packlink_data?.tracking_number)) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }

      const context = await browser.newContext({
        locale: 'it-IT',
        viewport: { width: 1366, height: 900 },
        acceptDownloads: true,
      });
      page = await context.newPage();
      page.setDefaultTimeout(25_000);
      errors = collectErrors(page);
      await page.goto(`${shop.webUrl}/gestione/login`);
      await page.getByLabel('Nome utente').fill(shop.admin.username);
      await page.getByLabel('Password').fill(shop.admin.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL(/\/gestione$/);
      await page.goto(`${shop.webUrl}/gestione/ordini?q=${encodeURIComponent(name)}`);
      const rows = page.getByTestId('order-row');
      await rows.nth(9).waitFor();
      expect(await rows.count()).toBe(10);

      // Compact rows: each one line of 64 px at most, with the line to pack and its photo.
      for (const row of await rows.all()) {
        expect((await row.boundingBox())!.height).toBeLessThanOrEqual(64);
      }
      const firstRow = rows.first();
      expect(await firstRow.getByRole('list', { name: 'Da imballare' }).textContent()).toContain('1×');
      expect(await firstRow.locator('img.adm-pack-thumb').getAttribute('src')).toMatch(/\/media\/articles\//);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Choose all, confirm.
      await page.getByRole('checkbox', { name: 'Scegli tutti gli ordini della pagina' }).check();
      const bar = page.getByRole('region', { name: 'Azioni sugli ordini scelti' });
      await bar.getByText('Ordini scelti: 10').waitFor();
      await bar.getByRole('button', { name: 'Conferma' }).click();
      await bar.getByText('Confermati: 10.').waitFor();
      expect((await ordersNamed(token, name)).map((o) => o.status)).toEqual(Array(10).fill('confirmed'));

      // Labels and packing slips in one PDF: a label and a slip per order.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        bar.getByRole('button', { name: 'Stampa etichette e distinte' }).click(),
      ]);
      const pdf = readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(20);
      await bar.getByText('PDF pronto: etichette e distinte di tutti gli ordini scelti.').waitFor();

      // Shipped with their tracking: the carrier's filled in, one typed by staff.
      await bar.getByRole('button', { name: 'Segna come spediti' }).click();
      const dialog = page.getByRole('dialog', { name: 'Segna come spediti (10 ordini)' });
      const firstRef = orderReference(ids[0]!);
      const typed = dialog.getByLabel(new RegExp(`Tracking di ${firstRef}`));
      expect(await typed.inputValue()).toMatch(/^DEMO/);
      await typed.fill('BRT-E2E-0001');
      await dialog.getByRole('button', { name: 'Segna come spediti' }).click();
      await bar.getByText('Spediti: 10.').waitFor();
      const shipped = await ordersNamed(token, name);
      expect(shipped.map((o) => o.status)).toEqual(Array(10).fill('shipped'));
      expect(shipped.find((o) => o.id === ids[0])!.tracking_number).toBe('BRT-E2E-0001');
      for (const o of shipped.filter((o) => o.id !== ids[0])) {
        expect(o.tracking_number).toBe(o.packlink_data!.tracking_number);
      }

      // A new order appears in the list by itself, without a reload.
      const newcomer = await paidOrder(token, article.id, name, 10);
      await page
        .getByTestId('order-row')
        .filter({ hasText: orderReference(newcomer) })
        .waitFor({ timeout: 20_000 });
      expect(await rows.count()).toBe(11);
      expect(errors).toEqual([]);
      await context.close();
    },
    5 * MINUTE,
  );
});
