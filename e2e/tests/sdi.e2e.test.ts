import type { Browser, Page } from 'playwright-core';
import { SdiRejectionList, type NextInvoiceNumber } from '@edicola/contracts';
import { collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';
import { api, newArticle, staffToken } from '../support/staff-api';

// Invoices to the demo SdI (docs/product/orders-and-payments.md#sdi), in real Chromium against the real shop: each
// document's state on the order page of the back office, delivered or rejected with the SdI's reason.

/** A bank-transfer order of one unit for a company with its SDI code, its invoice issued: answers the order's id. */
async function invoicedOrder(token: string): Promise<{ id: string; number: string }> {
  const article = await newArticle(token, 5);
  const { body: quote } = await api<{ shipping_cost: number }>(
    'GET',
    '/shipping/calculate?total_amount=24.4&quantity=1&country=IT',
  );
  const placed = await api<{ order_id: string }>('POST', '/orders', {
    items: [{ article_id: article.id, quantity: 1 }],
    customer_info: {
      name: 'Gennaro Russo',
      email: `gennaro.${Date.now()}@example.it`,
      phone: '+39 081 555 0404',
      address: 'Via Chiaia 12',
      city: 'Napoli',
      zipCode: '80121',
    },
    payment_method: 'transfer',
    total_amount: Math.round((24.4 + quote.shipping_cost) * 100) / 100,
    invoice_data: {
      requires_invoice: true,
      invoice_type: 'azienda',
      ragione_sociale: 'Russo Modellismo S.r.l.',
      piva: '00743110157',
      codice_fiscale_azienda: '00743110157',
      sdi: 'ABC1234',
      pec: null,
    },
  });
  expect(placed.status).toBe(201);
  const id = placed.body.order_id;
  const { body: next } = await api<NextInvoiceNumber>('GET', '/api/invoices/next-number', undefined, token);
  const issued = await api('PUT', `/orders/${id}/invoice`, next, token);
  expect(issued.status).toBe(200);
  return { id, number: next.invoice_number };
}

async function signIn(page: Page) {
  await page.goto(`${shop.webUrl}/gestione/login`);
  await page.getByLabel('Nome utente').fill(shop.admin.username);
  await page.getByLabel('Password').fill(shop.admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/gestione$/);
}

describe('invoices to the SdI (demo)', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await staffToken();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    errors = collectErrors(page);
    await signIn(page);
  });
  afterEach(async () => {
    await page.context().close();
  });

  it('an invoice is sent on its own, delivered (RC) and shown on the order page with its history', async () => {
    const order = await invoicedOrder(token);
    await page.goto(`${shop.webUrl}/gestione/ordini/${order.id}`);
    const doc = page.getByTestId('sdi-document');
    await doc.getByText(`Fattura ${order.number}`).waitFor();
    // The card looks again while the SdI has not answered: no reload needed.
    await doc.getByTestId('sdi-state').filter({ hasText: 'Consegnata' }).waitFor();
    await doc.getByText('Storico SdI').click();
    await doc.getByText('Consegnata (RC)').waitFor();
    await doc
      .getByRole('listitem')
      .filter({ hasText: /Inviata$/ })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a rejected invoice (NS) shows its reason on the order page and on the home screen, which leads to the order', async () => {
    const scripted = await api(
      'POST',
      '/api/admin/sdi/demo/next-receipt',
      { receipt: 'NS', code: '00311', text: '1.1.4 <CodiceDestinatario> non valido' },
      token,
    );
    expect(scripted.status).toBe(204);
    const order = await invoicedOrder(token);
    await page.goto(`${shop.webUrl}/gestione/ordini/${order.id}`);
    const doc = page.getByTestId('sdi-document');
    await doc.getByTestId('sdi-state').filter({ hasText: 'Scartata' }).waitFor();
    await expect(doc.getByTestId('sdi-reason').textContent()).resolves.toBe(
      'Scartata dal SdI: 00311 1.1.4 <CodiceDestinatario> non valido',
    );
    await doc.getByRole('button', { name: 'Invia di nuovo' }).waitFor();
    const { body } = await api<unknown>('GET', '/api/admin/sdi/rejections', undefined, token);
    expect(SdiRejectionList.parse(body)).toContainEqual(
      expect.objectContaining({
        order_id: order.id,
        document_number: order.number,
        reason: '00311 1.1.4 <CodiceDestinatario> non valido',
      }),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The home shows it with its reason, and leads to the order to correct it.
    await page.goto(`${shop.webUrl}/gestione`);
    const rejected = page
      .getByTestId('home-sdi_rejections')
      .getByRole('listitem')
      .filter({ hasText: order.number });
    await rejected.filter({ hasText: '00311 1.1.4 <CodiceDestinatario> non valido' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await rejected.getByRole('link', { name: order.number }).click();
    await page.waitForURL(new RegExp(`/gestione/ordini/${order.id}$`));
    const card = page.getByTestId('sdi-document');
    await card.getByTestId('sdi-state').filter({ hasText: 'Scartata' }).waitFor();

    // The corrected document: the recipient code fixed, the invoice sent again with its number, and delivered.
    await card.getByRole('button', { name: 'Correggi dati' }).click();
    const correction = page.getByRole('dialog', { name: /^Correggi i dati della fattura/ });
    await correction.getByLabel('Codice SDI').fill('M5UXCR1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await correction.getByRole('button', { name: 'Salva i dati' }).click();
    await card.getByText('Dati corretti: ora invia di nuovo la fattura.').waitFor();
    await card.getByRole('button', { name: 'Invia di nuovo' }).click();
    await card.getByTestId('sdi-state').filter({ hasText: 'Consegnata' }).waitFor();
    const { body: corrected } = await api<{ invoice_data: { sdi: string | null } }>(
      'GET',
      `/api/orders/${order.id}`,
      undefined,
      token,
    );
    expect(corrected.invoice_data.sdi).toBe('M5UXCR1');
    expect(errors).toEqual([]);
  });
});
