import { ArticleList, CounterClosure, type Article } from '@edicola/contracts';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';

// The counter on the counter's tablet (docs/product/counter.md#counter-screen): a cashier scans two EANs as a USB
// scanner types them, sells for cash with change, the demo RT prints the receipt, a return, the day's closure to the
// cent, and the web shop's stock moved at once. The demo catalogue's EANs: decision 0044.
const HELMET = { sku: 'F1-SF24-LEC-18', ean: '2000000000015' };
const PANINI = { sku: 'PAN-CALC-2526', ean: '2000000000060' };

async function publicArticle(sku: string): Promise<Article> {
  const list = ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
  return list.find((article) => article.sku === sku)!;
}

/** What a USB scanner does: the digits a few milliseconds apart, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

describe('the counter on a 1024 px tablet', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'it-IT' });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(() => browser?.close());

  it('sells two scanned articles for cash with change, prints the receipt, returns one, closes the day', async () => {
    const helmetBefore = await publicArticle(HELMET.sku);
    const paniniBefore = await publicArticle(PANINI.sku);

    await page.goto(`${shop.webUrl}/gestione/login`);
    await page.getByLabel('Nome utente').fill(shop.cashier.username);
    await page.getByLabel('Password').fill(shop.cashier.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    // A cashier starts at the counter, and sees only the counter, articles and orders.
    await page.waitForURL(/\/gestione\/cassa$/);
    const nav = page.getByRole('navigation', { name: 'Sezioni del back office' });
    await expectText(nav, /Cassa/);
    expect(await nav.getByRole('link', { name: /Statistiche/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Keyboard alone: the search field has the focus; the scanner types, Enter adds.
    const search = page.getByLabel('Codice o titolo');
    await search.waitFor();
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan(page, HELMET.ean);
    await page.getByRole('spinbutton', { name: `Quantità: ${helmetBefore.title}`, exact: true }).waitFor();
    await scan(page, PANINI.ean);
    await page.getByRole('spinbutton', { name: `Quantità: ${paniniBefore.title}`, exact: true }).waitFor();
    const total = euros(await page.getByTestId('sale-total').innerText());
    const expected =
      Math.round(helmetBefore.price * (100 + helmetBefore.iva_percentage)) / 100 +
      Math.round(paniniBefore.price * (100 + paniniBefore.iva_percentage)) / 100;
    expect(total).toBeCloseTo(expected, 2);

    const given = Math.ceil(total / 50) * 50 + 50;
    await page.getByLabel('Contanti ricevuti (€)').focus();
    await page.keyboard.type(String(given));
    await expectText(page.getByTestId('payment-state'), new RegExp(`Resto`));
    await page.keyboard.press('F9');
    await page.getByRole('heading', { name: 'Vendita conclusa' }).waitFor();
    const receipt = await page.getByTestId('receipt-number').innerText();
    expect(receipt).toMatch(/^\d{4}-\d{4}$/);
    expect(euros(await page.getByTestId('sale-change').innerText())).toBeCloseTo(given - total, 2);

    // The web shop's stock moved at once.
    expect((await publicArticle(HELMET.sku)).quantity_stock).toBe(helmetBefore.quantity_stock - 1);
    expect((await publicArticle(PANINI.sku)).quantity_stock).toBe(paniniBefore.quantity_stock - 1);

    // The demo RT printed it.
    await page.getByRole('button', { name: 'Stampante demo' }).click();
    const roll = page.getByRole('dialog', { name: 'Stampante demo' });
    await expectText(roll, new RegExp(receipt));
    await expectText(roll, new RegExp(helmetBefore.title.slice(0, 12)));
    await page.keyboard.press('Escape');

    // A return of the Panini piece, in cash.
    const today = page.getByRole('region', { name: 'Vendite di oggi' });
    await today
      .getByRole('button', { name: /^Apri: / })
      .first()
      .click();
    const sale = page.getByRole('dialog', { name: /^Vendita / });
    await sale.getByRole('spinbutton', { name: `Pezzi da rendere: ${paniniBefore.title}` }).fill('1');
    await sale.getByRole('button', { name: 'Registra reso' }).click();
    await sale.getByRole('heading', { name: 'Resi di questa vendita' }).waitFor();
    await page.keyboard.press('Escape');
    await waitUntil(
      async () => (await publicArticle(PANINI.sku)).quantity_stock === paniniBefore.quantity_stock,
    );

    // The day's closure matches the sale less the return, to the cent.
    await page.getByRole('button', { name: 'Chiusura giornaliera' }).click();
    const confirm = page.getByRole('dialog', { name: 'Chiusura giornaliera' });
    await confirm.getByLabel('Per confermare scrivi CHIUDI').fill('CHIUDI');
    const closed = page.waitForResponse(
      (r) => r.url().endsWith('/api/pos/closures') && r.request().method() === 'POST',
    );
    await confirm.getByRole('button', { name: 'Chiudi la giornata' }).click();
    const closure = CounterClosure.parse(await (await closed).json());
    const paniniGross = Math.round(paniniBefore.price * (100 + paniniBefore.iva_percentage)) / 100;
    expect(closure.total_sales).toBeCloseTo(total, 2);
    expect(closure.total_returns).toBeCloseTo(paniniGross, 2);
    expect(closure.net).toBeCloseTo(total - paniniGross, 2);
    expect(closure.z_number).not.toBeNull();
    const summary = page.getByRole('dialog', { name: /^Chiusura del / });
    await summary.getByRole('table', { name: 'Per metodo di pagamento' }).waitFor();
    await summary.getByRole('button', { name: 'Stampa', exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

async function expectText(locator: import('playwright-core').Locator, pattern: RegExp) {
  await waitUntil(async () => pattern.test(await locator.innerText()));
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
