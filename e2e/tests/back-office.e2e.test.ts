import { ArticleList } from '@edicola/contracts';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';
import { png } from '../support/staff-api';

async function signIn(page: Page) {
  await page.goto(`${shop.webUrl}/gestione/login`);
  await page.getByLabel('Nome utente').fill(shop.admin.username);
  await page.getByLabel('Password').fill(shop.admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  // Staff land on the home (docs/product/back-office.md#home); these journeys start from Articoli.
  await page.waitForURL(/\/gestione$/);
  await page
    .getByRole('navigation', { name: 'Sezioni del back office' })
    .getByRole('link', { name: /^Articoli/ })
    .click();
  await page.waitForURL(/\/gestione\/articoli$/);
}

async function shippingFor(total: number, quantity: number): Promise<number> {
  const answer = await fetch(
    `${shop.apiUrl}/shipping/calculate?total_amount=${total}&quantity=${quantity}&country=IT`,
  );
  return ((await answer.json()) as { shipping_cost: number }).shipping_cost;
}

async function staffToken(): Promise<string> {
  const login = await fetch(`${shop.apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(shop.admin),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

describe('back office journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('creates a pre-sale article with a photo and finds it in the shop through the copied link', async () => {
    jest.setTimeout(150_000);
    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(25_000);
    const errors = collectErrors(page);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Sezioni del back office' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Nuovo articolo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo articolo' });
    // Blank texts: nothing is sent.
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText('SKU, titolo e descrizione sono obbligatori').waitFor();
    // A file that is not a photo is refused as soon as it is chosen.
    await dialog
      .getByLabel('Foto')
      .setInputFiles({ name: 'scheda.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await dialog.getByText('Tipo di file non supportato. Usa JPEG, PNG, GIF o WebP.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const sku = `E2E-${Date.now()}`;
    await dialog.getByLabel('SKU *').fill(sku);
    await dialog.getByLabel('Titolo *').fill('Casco Leclerc 2027 replica');
    await dialog.getByLabel('Descrizione *').fill('Replica 1:2 del casco di Charles Leclerc.');
    await dialog.getByLabel('Categoria *').fill('Caschi');
    await dialog.getByLabel('Tipo di prodotto *').selectOption('prevendita');
    // A pre-sale comes in the future: three months from the day the test runs.
    const availableOn = new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await dialog.getByLabel('Data di disponibilità *').fill(availableOn);
    await dialog.getByLabel('Prezzo netto (€) *').fill('129.90');
    await dialog.getByLabel('Quantità in magazzino *').fill('4');
    await dialog
      .getByLabel('Foto')
      .setInputFiles({ name: 'casco.png', mimeType: 'image/png', buffer: png(64, 48) });
    await dialog.getByRole('img', { name: 'Anteprima della foto' }).waitFor();
    await dialog.getByRole('button', { name: 'Salva' }).click();

    const panel = page.getByTestId('link-panel');
    await panel.waitFor();
    const link = await panel.getByLabel('Link pubblico').inputValue();
    expect(link).toMatch(/\/prodotti\?article=[0-9a-f-]{36}$/);
    // The pre-sale tab lists it with its date.
    await page.getByRole('link', { name: /Prevendita/ }).click();
    await page.waitForURL(/\/gestione\/prevendita$/);
    await page.getByText(sku).waitFor();
    await page
      .getByText(new RegExp(`Disponibile dal \\S*${availableOn.slice(0, 4)}`))
      .first()
      .waitFor();

    const shopPage = await context.newPage();
    await shopPage.goto(link);
    const card = shopPage.locator('article', { hasText: 'Casco Leclerc 2027 replica' }).first();
    await card.waitFor();
    await card.locator('img').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('approves and answers a review, and the shop shows the answer', async () => {
    const [article] = ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
    const title = `Arrivato perfetto ${Date.now()}`;
    const posted = await fetch(`${shop.apiUrl}/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.webUrl },
      body: JSON.stringify({
        rating: 4,
        title,
        comment: 'Imballo curato, consegna in due giorni.',
        customer_name: 'Lucia Esposito',
        customer_email: 'lucia.esposito@example.it',
        article_id: article!.id,
        order_id: null,
      }),
    });
    expect(posted.status).toBe(201);

    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(25_000);
    const errors = collectErrors(page);
    await signIn(page);
    await page.goto(`${shop.webUrl}/gestione/recensioni?vista=in-attesa`);
    const card = page.locator('article', { hasText: title });
    await card.getByRole('button', { name: 'Approva' }).click();
    await page.getByText('Recensione approvata con successo!').waitFor();
    // Approved, it leaves the pending view; the answer is given from the full list.
    await card.waitFor({ state: 'detached' });
    await page.getByLabel('Mostra').selectOption('');
    await card.getByText('Approvata').waitFor();
    await card.getByLabel('Rispondi').fill('Grazie Lucia, a presto in edicola!');
    await card.getByRole('button', { name: 'Invia risposta' }).click();
    await page.getByText('Risposta inviata con successo!').waitFor();
    // Success banners leave after 3 s (docs/product/back-office.md#banners).
    await page.getByText('Risposta inviata con successo!').waitFor({ state: 'detached', timeout: 6_000 });

    const shopPage = await context.newPage();
    await shopPage.goto(`${shop.webUrl}/prodotti?article=${article!.id}`);
    const shopCard = shopPage.locator('article', { hasText: article!.title }).first();
    await shopCard.getByRole('button', { name: 'Leggi recensioni' }).click();
    const modal = shopPage.getByRole('dialog');
    await modal.getByText(title).waitFor();
    await modal.getByText('Grazie Lucia, a presto in edicola!').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("adds received stock by a delta while an order takes units, and keeps the order's units", async () => {
    const token = await staffToken();
    const sku = `E2E-STOCK-${Date.now()}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      sku,
      title: `Bburago Ferrari SF-25 ${sku}`,
      description: 'Modellino 1:43 della monoposto 2025.',
      category: 'Modellismo',
      product_type: 'normale',
      price: '20.00',
      iva_percentage: '22',
      quantity_stock: '10',
    }))
      form.append(key, value);
    const created = await fetch(`${shop.apiUrl}/api/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const article = (await created.json()) as { id: string; title: string };

    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(25_000);
    const errors = collectErrors(page);
    await signIn(page);
    await page.getByLabel('Cerca per titolo o SKU').fill(sku);
    await page.getByLabel('Cerca per titolo o SKU').press('Enter');
    await page.getByRole('button', { name: `Modifica: ${article.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica articolo' });
    await expect(dialog.getByTestId('stock-now').textContent()).resolves.toBe('10');

    // A shopper takes 3 units while the dialog is open: the figure on screen is now stale.
    const placed = await fetch(`${shop.apiUrl}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.webUrl },
      body: JSON.stringify({
        items: [{ article_id: article.id, quantity: 3 }],
        customer_info: {
          name: 'Gennaro Russo',
          email: `gennaro.${Date.now()}@example.it`,
          phone: '+39 081 555 0101',
          address: 'Via Toledo 1',
          city: 'Napoli',
          zipCode: '80134',
        },
        payment_method: 'transfer',
        total_amount: 73.2 + (await shippingFor(73.2, 3)),
      }),
    });
    expect(placed.status).toBe(201);

    await dialog.getByLabel('Variazione (+/−)').fill('5');
    await dialog.getByLabel('Motivo').selectOption('received');
    await dialog.getByRole('button', { name: 'Registra' }).click();
    // 10 − 3 sold + 5 received: the delta lands on the real figure, not on the stale 10.
    await dialog.getByTestId('stock-now').filter({ hasText: /^12$/ }).waitFor();
    // The ledger, newest first: the received goods on the real figure, the web order's units before them.
    const received = dialog
      .getByTestId('ledger-row')
      .filter({ hasText: 'Merce ricevuta' })
      .filter({ hasText: '+5' });
    await received.waitFor();
    await expect(received.innerText()).resolves.toMatch(/Merce ricevuta\s+\+5\s+12\s/);
    await expect(dialog.getByTestId('ledger-row').nth(1).innerText()).resolves.toMatch(
      /Ordine web\s+-3\s+7\s/,
    );
    const [publicArticle] = (
      (await (await fetch(`${shop.apiUrl}/public/articles`)).json()) as {
        id: string;
        quantity_stock: number;
      }[]
    ).filter((a) => a.id === article.id);
    expect(publicArticle?.quantity_stock).toBe(12);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a shipping rule for one country and the cart quotes it, then deletes it', async () => {
    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(25_000);
    const errors = collectErrors(page);
    await signIn(page);
    await page.goto(`${shop.webUrl}/gestione/spedizioni`);
    await page.getByRole('button', { name: 'Nuova regola' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova regola di spedizione' });
    const name = `Francia E2E ${Date.now()}`;
    await dialog.getByLabel('Nome *').fill(name);
    await dialog.getByLabel('Zona *').selectOption('specific_country');
    await dialog.getByLabel('Codice paese (ISO, es. DE) *').fill('fr');
    await dialog.getByLabel('Costo di spedizione (€) *').fill('7.77');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Regola creata con successo!').waitFor();

    try {
      // The cart's «Europa» is quoted for France (docs/product/cart-and-checkout.md#shipping-zone): the rule
      // for France now decides it.
      const shopPage = await context.newPage();
      await shopPage.goto(`${shop.webUrl}/prodotti`);
      await shopPage
        .getByTestId('article-card')
        .filter({ has: shopPage.getByRole('button', { name: 'Aggiungi al Carrello' }) })
        .first()
        .getByRole('button', { name: 'Aggiungi al Carrello' })
        .click();
      await shopPage.getByRole('button', { name: /^Carrello – articoli: / }).click();
      const cart = shopPage.getByRole('dialog', { name: 'Il tuo carrello' });
      await cart.getByLabel('Zona di spedizione').selectOption('international');
      await cart.getByTestId('cart-shipping').filter({ hasText: '7,77' }).waitFor();
      await shopPage.close();
    } finally {
      await page.bringToFront();
      await page.getByRole('button', { name: `Elimina: ${name}` }).click();
      await page
        .getByRole('dialog', { name: 'Eliminare la regola?' })
        .getByRole('button', { name: 'Elimina' })
        .click();
      await page.getByText('Regola eliminata con successo!').waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a visit and a paid order in the statistics', async () => {
    const token = await staffToken();
    const stats = async () =>
      (await (
        await fetch(`${shop.apiUrl}/api/analytics/payment-stats`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { total_orders_this_month: number };
    const before = (await stats()).total_orders_this_month;

    const visit = await fetch(`${shop.apiUrl}/analytics/visit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.webUrl },
      body: JSON.stringify({
        page_url: '/prodotti',
        page_title: 'Prodotti',
        session_id: `e2e-${Date.now()}`,
      }),
    });
    expect(visit.status).toBeLessThan(300);
    const [article] = ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json()).filter(
      (a) => a.quantity_stock > 0 && a.product_type === 'normale',
    );
    const gross = Math.round(Math.round(article!.price * 100) * (1 + article!.iva_percentage / 100)) / 100;
    const total = Math.round((gross + (await shippingFor(gross, 1))) * 100) / 100;
    const placed = await fetch(`${shop.apiUrl}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.webUrl },
      body: JSON.stringify({
        items: [{ article_id: article!.id, quantity: 1 }],
        customer_info: {
          name: 'Carmela Iovine',
          email: `carmela.${Date.now()}@example.it`,
          phone: '+39 081 555 0202',
          address: 'Via Foria 20',
          city: 'Napoli',
          zipCode: '80137',
        },
        payment_method: 'transfer',
        total_amount: total,
      }),
    });
    expect(placed.status).toBe(201);
    const { order_id: orderId } = (await placed.json()) as { order_id: string };
    const today = new Date().toISOString().slice(0, 10);
    const recorded = await fetch(`${shop.apiUrl}/api/orders/${orderId}/payment`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ received_on: today, amount: total, bank_reference: 'CRO 0001 E2E' }),
    });
    expect(recorded.status).toBe(200);
    expect((await stats()).total_orders_this_month).toBe(before + 1);

    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(25_000);
    const errors = collectErrors(page);
    await signIn(page);
    await page.goto(`${shop.webUrl}/gestione/statistiche`);
    await page.getByRole('heading', { name: 'Statistiche' }).waitFor();
    await page
      .getByTestId('revenue-month')
      .filter({ hasText: before + 1 === 1 ? '1 ordine' : `${before + 1} ordini` })
      .waitFor();
    const methods = page.getByRole('figure').filter({ hasText: 'Metodi di pagamento (anno)' });
    expect(await methods.textContent()).toMatch(/Bonifico: [\d.]+,\d{2}\s€/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walks a tab with the keyboard alone on a phone', async () => {
    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Sezioni del back office' }).waitFor();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        () => document.activeElement?.textContent?.startsWith('Spedizioni') ?? false,
      );
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/gestione\/spedizioni$/);
    await page.getByRole('heading', { name: 'Regole di spedizione' }).waitFor();
    // The new-rule dialog opens, takes the focus, and Escape closes it.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.textContent === 'Nuova regola')) break;
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nuova regola di spedizione' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
