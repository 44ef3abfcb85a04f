import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { orderReference } from '@edicola/contracts';
import { fatturaPaErrors } from '../support/fatturapa';
import { collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';
import { api, newArticle, staffToken } from '../support/staff-api';

// The Ordini tab of the back office, in real Chromium against the real shop (demo payments, demo Packlink).

const stockOf = async (articleId: string) =>
  (await api<{ id: string; quantity_stock: number }[]>('GET', '/public/articles')).body.find(
    (a) => a.id === articleId,
  )?.quantity_stock;

/** A bank-transfer order of `quantity` units (24,40 € each) with the shop's shipping; answers its id and total. */
async function transferOrder(articleId: string, quantity: number, invoice = false) {
  const goods = Math.round(2440 * quantity) / 100;
  const { body: quote } = await api<{ shipping_cost: number }>(
    'GET',
    `/shipping/calculate?total_amount=${goods}&quantity=${quantity}&country=IT`,
  );
  const total = Math.round((goods + quote.shipping_cost) * 100) / 100;
  const placed = await api<{ order_id: string }>('POST', '/orders', {
    items: [{ article_id: articleId, quantity }],
    customer_info: {
      name: 'Salvatore Esposito',
      email: `salvatore.${Date.now()}@example.it`,
      phone: '+39 081 555 0303',
      address: 'Via Duomo 40',
      city: 'Napoli',
      zipCode: '80138',
    },
    payment_method: 'transfer',
    total_amount: total,
    ...(invoice
      ? {
          invoice_data: {
            requires_invoice: true,
            invoice_type: 'privato',
            codice_fiscale: 'RSSMRA85T10A562S',
          },
        }
      : {}),
  });
  expect(placed.status).toBe(201);
  return { id: placed.body.order_id, ref: orderReference(placed.body.order_id), total };
}

async function signIn(page: Page) {
  await page.goto(`${shop.webUrl}/gestione/login`);
  await page.getByLabel('Nome utente').fill(shop.admin.username);
  await page.getByLabel('Password').fill(shop.admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/gestione$/);
}

/**
 * An order row's action by its name ('Fattura: ORD-…'): the row's primary button, else the item of its 'Altre
 * azioni' menu (docs/product/back-office.md#order-rows), the menu opened.
 */
async function rowAction(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) return button;
  await page.getByRole('button', { name: `Altre azioni: ${name.split(': ').at(-1)!}` }).click();
  return page.getByRole('menuitem', { name, exact: true });
}

/** Waits for the order's row to show the status: the list refreshes after each action, and a menu opened on the
 * row it replaces closes with it. */
async function rowInStatus(page: Page, ref: string, status: string) {
  await page.getByTestId('order-row').filter({ hasText: ref }).locator(`.adm-status-${status}`).waitFor();
}

const fileOf = async (download: Download) => readFileSync((await download.path())!);
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

describe('the Ordini tab', () => {
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
    const context = await browser.newContext({
      locale: 'it-IT',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(25_000);
    errors = collectErrors(page);
    await signIn(page);
  });
  afterEach(async () => {
    await page.context().close();
  });

  it('takes an order through its life: transfer received, confirmed, shipped with tracking, delivered', async () => {
    const article = await newArticle(token, 10);
    const order = await transferOrder(article.id, 2);
    await page.goto(`${shop.webUrl}/gestione/ordini?q=${order.ref}`);
    await page.getByTestId('order-row').filter({ hasText: order.ref }).waitFor();
    // Unpaid: it cannot be confirmed yet.
    expect(await (await rowAction(page, `Conferma: ${order.ref}`)).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await (await rowAction(page, `Bonifico ricevuto: ${order.ref}`)).click();
    const transfer = page.getByRole('dialog', { name: `Bonifico ricevuto – ordine ${order.ref}` });
    await transfer.getByLabel('Data del bonifico').fill(romeToday());
    await transfer.getByLabel('Importo ricevuto (€)').fill(String(order.total));
    await transfer.getByLabel('Riferimento bancario (CRO/TRN)').fill('TRN 0042 E2E');
    await transfer.getByRole('button', { name: 'Registra bonifico' }).click();
    await page.getByText(`Bonifico registrato per l'ordine ${order.ref}`).waitFor();
    await rowInStatus(page, order.ref, 'paid');

    await (await rowAction(page, `Conferma: ${order.ref}`)).click();
    await page.getByText(`Ordine ${order.ref}: Confermato`).waitFor();
    await rowInStatus(page, order.ref, 'confirmed');

    await (await rowAction(page, `Segna come spedito: ${order.ref}`)).click();
    const ship = page.getByRole('dialog', { name: `Spedizione dell'ordine ${order.ref}` });
    await ship.getByLabel('Numero di tracking').fill('BRT0123456789');
    await ship.getByRole('button', { name: 'Segna come spedito' }).click();
    await page.getByText(`Ordine ${order.ref}: Spedito`).waitFor();
    await rowInStatus(page, order.ref, 'shipped');

    await (await rowAction(page, `Segna come consegnato: ${order.ref}`)).click();
    await page.getByText(`Ordine ${order.ref}: Consegnato`).waitFor();

    const { body: detail } = await api<{
      status: string;
      tracking_number: string;
      payment_status: string;
      status_history: { to: string; changed_by: string | null }[];
    }>('GET', `/api/orders/${order.id}`, undefined, token);
    expect(detail).toMatchObject({
      status: 'delivered',
      tracking_number: 'BRT0123456789',
      payment_status: 'paid',
    });
    expect(detail.status_history.map((h) => h.to)).toEqual([
      'pending',
      'paid',
      'confirmed',
      'shipped',
      'delivered',
    ]);
    expect(detail.status_history.at(-1)?.changed_by).toBe(shop.admin.username);
    // 10 on the shelf, 2 sold and delivered.
    expect(await stockOf(article.id)).toBe(8);
    expect(errors).toEqual([]);
  });

  it("corrects a pending order's address from its page, and the timeline says so", async () => {
    const article = await newArticle(token, 5);
    const order = await transferOrder(article.id, 1);
    await page.goto(`${shop.webUrl}/gestione/ordini/${order.id}`);
    await page.getByRole('button', { name: 'Modifica cliente e indirizzo' }).click();
    const dialog = page.getByRole('dialog', { name: `Cliente e indirizzo – ordine ${order.ref}` });
    await dialog.getByLabel('Indirizzo di spedizione').fill('Via dei Tribunali 32');
    await dialog.getByLabel('CAP').fill('801');
    await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
    await dialog.getByText('Il CAP deve essere di 5 cifre').waitFor();
    await dialog.getByLabel('CAP').fill('80138');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
    await page.getByText('Dati del cliente aggiornati').waitFor();
    await page.getByText('Via dei Tribunali 32, 80138 Napoli').waitFor();
    await page
      .getByTestId('timeline')
      .getByText('Dati del cliente modificati: Indirizzo di spedizione')
      .waitFor();
    const { body } = await api<{ customer_info: { address: string } }>(
      'GET',
      `/api/orders/${order.id}`,
      undefined,
      token,
    );
    expect(body.customer_info.address).toBe('Via dei Tribunali 32');
    // The refused postcode's 422 is the browser's only complaint.
    expect(errors.filter((e) => !/\b422\b/.test(e))).toEqual([]);
  });

  it('cancels a pending order, and its units go back on sale', async () => {
    const article = await newArticle(token, 5);
    const order = await transferOrder(article.id, 3);
    expect(await stockOf(article.id)).toBe(2);
    await page.goto(`${shop.webUrl}/gestione/ordini?q=${order.ref}`);
    await (await rowAction(page, `Annulla ordine: ${order.ref}`)).click();
    const confirm = page.getByRole('dialog', { name: 'Annulla ordine' });
    await confirm.getByText(`Annullare l'ordine ${order.ref}? Gli articoli tornano disponibili.`).waitFor();
    await confirm.getByRole('button', { name: 'Annulla ordine' }).click();
    await page.getByText(`Ordine ${order.ref}: Annullato`).waitFor();
    // svc-catalog gives the units back when it hears of the cancellation.
    for (let i = 0; i < 50 && (await stockOf(article.id)) !== 5; i++) await page.waitForTimeout(200);
    expect(await stockOf(article.id)).toBe(5);
    expect(errors).toEqual([]);
  });

  it('issues the invoice (PDF and a FatturaPA file the official schema accepts), ships through demo Packlink with its label, refunds part of it and exports the CSV', async () => {
    const article = await newArticle(token, 10);
    const order = await transferOrder(article.id, 2, true);
    const recorded = await api(
      'PUT',
      `/api/orders/${order.id}/payment`,
      { received_on: romeToday(), amount: order.total, bank_reference: 'TRN 0043 E2E' },
      token,
    );
    expect(recorded.status).toBe(200);
    await page.goto(`${shop.webUrl}/gestione/ordini?q=${order.ref}`);

    // The invoice: number and date proposed, saved, then its files.
    await (await rowAction(page, `Fattura: ${order.ref}`)).click();
    const invoice = page.getByRole('dialog', { name: `Fattura – ordine ${order.ref}` });
    const number = invoice.getByLabel('Numero fattura');
    // The next free number of the year arrives from the server.
    for (let i = 0; i < 50 && !(await number.inputValue()); i++) await page.waitForTimeout(100);
    const invoiceNumber = await number.inputValue();
    expect(invoiceNumber).toMatch(/^\d+\/\d{4}$/);
    await number.fill('');
    await invoice.getByRole('button', { name: 'Salva fattura' }).click();
    await invoice.getByText('Inserisci numero fattura e data').waitFor();
    await number.fill(invoiceNumber);
    await invoice.getByRole('button', { name: 'Salva fattura' }).click();
    await page.getByText(`Fattura ${invoiceNumber} salvata con successo!`).waitFor();

    await page.getByRole('link', { name: `Apri l'ordine ${order.ref}` }).click();
    await page.waitForURL(new RegExp(`/gestione/ordini/${order.id}$`));
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Fattura PDF' }).click(),
    ]);
    expect((await fileOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Fattura XML (FatturaPA)' }).click(),
    ]);
    const xmlText = (await fileOf(xml)).toString('utf8');
    expect(xmlText).toContain('<CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale>');
    expect(await fatturaPaErrors(xmlText)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A partial refund of one unit, put back on sale: a transfer is paid back by the shop, so it is done at once.
    await page.getByRole('button', { name: 'Rimborso parziale' }).click();
    const refund = page.getByRole('dialog', { name: `Rimborso parziale – ordine ${order.ref}` });
    await refund.getByLabel(/^Minichamps Ferrari 312 T4/).fill('1');
    await refund.getByLabel('Rimetti in magazzino le unità rimborsate').check();
    await refund.getByLabel('Motivo').fill('Scatola rovinata');
    await refund.getByRole('button', { name: 'Rimborsa' }).click();
    await refund.waitFor({ state: 'detached' });
    for (let i = 0; i < 50 && (await stockOf(article.id)) !== 9; i++) await page.waitForTimeout(200);
    expect(await stockOf(article.id)).toBe(9);
    const { body: refunded } = await api<{ refunded_amount: number; refunds: { state: string }[] }>(
      'GET',
      `/api/orders/${order.id}`,
      undefined,
      token,
    );
    expect(refunded.refunded_amount).toBe(24.4);
    expect(refunded.refunds.map((r) => r.state)).toEqual(['done']);

    // Packlink in demo mode: quotes, a shipment, then its label once the demo draft is ready.
    await page.goto(`${shop.webUrl}/gestione/ordini?q=${order.ref}`);
    await (await rowAction(page, `Crea spedizione: ${order.ref}`)).click();
    const shipment = page.getByRole('dialog', { name: `Crea spedizione – ordine ${order.ref}` });
    await shipment.getByText('DEMO').first().waitFor();
    await shipment.getByRole('radio').first().check();
    await shipment.getByRole('button', { name: 'Crea spedizione' }).click();
    await page.getByText(/Spedizione creata con /).waitFor();
    // The demo draft becomes ready after a few seconds; Packlink's callback then brings the tracking number.
    for (let i = 0; i < 60; i++) {
      const { body } = await api<{ packlink_data: { tracking_number: string | null } | null }>(
        'GET',
        `/api/orders/${order.id}`,
        undefined,
        token,
      );
      if (body.packlink_data?.tracking_number) break;
      await page.waitForTimeout(250);
    }
    await page.reload();
    const [labelFile] = await Promise.all([
      page.waitForEvent('download'),
      (await rowAction(page, `Etichetta: ${order.ref}`)).click(),
    ]);
    const label = await fileOf(labelFile);
    expect(label?.subarray(0, 5).toString()).toBe('%PDF-');

    // The list's CSV for Italian Excel, filtered to this order.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await page.getByText('Export completato!').waitFor();
    expect(csv.suggestedFilename()).toMatch(/^ordini-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await fileOf(csv)).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = text.slice(1).trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(order.ref);
    expect(rows[1]!.split(';')).toContain(invoiceNumber);
    expect(errors).toEqual([]);
  });
});
