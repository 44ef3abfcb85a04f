import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { placeTransferOrder } from '../support/guest-orders';
import { collectErrors, launchBrowser, root, seriousA11yViolations, shop } from '../support/shop';

// The back office's own frame, home and order page (docs/product/back-office.md#frame, #home, #order-detail;
// docs/decisions/0060-back-office-frame.md), measured in real Chromium at the owner's 1366 px laptop, the
// shop's 1024 px tablet and a 390 px phone.

const shots = path.join(root, 'test-results', 'screenshots');

const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

const DESKTOP = { width: 1366, height: 900 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

async function signIn(page: Page) {
  await page.goto(`${shop.webUrl}/gestione/login`);
  await page.getByLabel('Nome utente').fill(shop.admin.username);
  await page.getByLabel('Password').fill(shop.admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/gestione$/);
}

/** What the storefront draws around its pages, none of which belongs in the back office. */
async function storefrontChrome(page: Page) {
  return {
    header: await page.locator('.site-header').count(),
    demoBar: await page.locator('.demo-notice').count(),
    cookieBanner: await page.locator('.cookie-banner').count(),
    cart: await page.locator('.cart-slot, .cko-cart').count(),
    footer: await page.getByRole('contentinfo').count(),
    accedi: await page.getByRole('link', { name: 'Accedi' }).count(),
    registrati: await page.getByRole('link', { name: 'Registrati' }).count(),
    languageSelectors: await page.getByRole('combobox', { name: 'Lingua' }).count(),
  };
}

const NO_CHROME = {
  header: 0,
  demoBar: 0,
  cookieBanner: 0,
  cart: 0,
  footer: 0,
  accedi: 0,
  registrati: 0,
  languageSelectors: 1,
};

describe('the back office frame', () => {
  jest.setTimeout(120_000);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let orderId: string;
  let orderTotal: number;
  let orderRef: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Enough orders for a full first screen of the list, each a transfer still awaited.
    for (let i = 0; i < 10; i++) {
      const { order } = await placeTransferOrder(`frame.${Date.now()}.${i}@example.it`, 'it');
      orderId = order.order_id;
      orderTotal = order.total_amount;
      orderRef = order.order_reference;
    }
  });
  afterAll(() => browser?.close());

  const open = async (viewport: { width: number; height: number }) => {
    context = await browser.newContext({ locale: 'it-IT', viewport });
    page = await context.newPage();
    page.setDefaultTimeout(25_000);
    errors = collectErrors(page);
    await signIn(page);
  };
  afterEach(() => context?.close());

  it.each([
    ['1366×900', DESKTOP],
    ['1024×768', TABLET],
  ])(
    'at %s: no storefront chrome, a home of what to do, and the orders table within the first 250 px',
    async (label, viewport) => {
      await open(viewport);
      // The home: what needs doing, each card leading to its list; the awaited transfers are there.
      await page.getByRole('heading', { level: 2, name: 'Da fare oggi' }).waitFor();
      const transfers = page.getByTestId('home-transfers_due');
      await transfers.getByRole('link', { name: /^Vedi tutti \(\d+\)$/ }).waitFor();
      expect(await storefrontChrome(page)).toEqual(NO_CHROME);
      expect(await page.getByRole('button', { name: 'Esci' }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `back-office-home-${viewport.width}.png`) });

      await transfers.getByRole('link', { name: /^Vedi tutti/ }).click();
      await page.waitForURL(/\/gestione\/ordini\?stato=nuovi&metodo=transfer&pagamento=to_pay/);
      const rows = page.getByTestId('order-row');
      await rows.nth(7).waitFor();
      expect(await storefrontChrome(page)).toEqual(NO_CHROME);
      await page.screenshot({ path: path.join(shots, `back-office-orders-${viewport.width}.png`) });
      // The frame's own share: the Ordini page starts right under its header.
      const panel = await page.locator('#adm-content').boundingBox();
      expect(panel!.y).toBeLessThanOrEqual(viewport === DESKTOP ? 60 : 100);
      const table = await page.locator('table.adm-orders').boundingBox();
      expect(table!.y).toBeLessThanOrEqual(250);
      if (viewport === DESKTOP) {
        // At 1366 × 900 the first screen shows at least 8 whole orders.
        const bottoms = await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect().bottom));
        expect(bottoms.filter((bottom) => bottom <= viewport.height).length).toBeGreaterThanOrEqual(8);
      }
      expect(errors).toEqual([]);
      void label;
    },
  );

  it("keeps the current section's tab in sight on a tablet, where the admin's tabs do not all fit", async () => {
    await open(TABLET);
    const tabs = page.getByRole('navigation', { name: 'Sezioni del back office' });
    const last = tabs.getByRole('link', { name: 'Cassa' });
    // Fifteen tabs are wider than the bar: the last one waits beyond its edge...
    expect((await last.boundingBox())!.x).toBeGreaterThan(TABLET.width);
    await page.goto(`${shop.webUrl}/gestione/cassa`);
    await page.waitForURL(/\/gestione\/cassa$/);
    // ... and comes into sight with its section.
    const inSight = async () => {
      const box = (await last.boundingBox())!;
      // Its right edge at the bar's, give or take a sub-pixel.
      return box.x >= 0 && box.x + box.width <= TABLET.width + 1;
    };
    for (let i = 0; i < 50 && !(await inSight()); i++) await page.waitForTimeout(100);
    expect(await inSight()).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each([
    ['1366', DESKTOP],
    ['1024', TABLET],
    ['390', PHONE],
  ])('the order page at %s px shows every column of its lines, nothing cut', async (label, viewport) => {
    await open(viewport);
    await page.goto(`${shop.webUrl}/gestione/ordini/${orderId}`);
    const lines = page.getByTestId('order-lines');
    await lines.locator('tbody tr').first().waitFor();
    await page.getByTestId('timeline').locator('li').first().waitFor();
    // Nothing overflows: not the page, not the lines' table in its box, not a cell out of the window.
    const measures = await lines.evaluate((table) => {
      const wrap = table.parentElement!;
      const shown = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      };
      const cells = [...table.querySelectorAll('th, td')].filter(shown).map((cell) => {
        const box = cell.getBoundingClientRect();
        return {
          text: (cell as HTMLElement).innerText,
          label: cell.getAttribute('data-label'),
          inside: box.left >= 0 && box.right <= window.innerWidth + 0.5,
          fits: cell.scrollWidth <= cell.clientWidth + 1,
        };
      });
      return {
        page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        wrap: wrap.scrollWidth <= wrap.clientWidth,
        cells,
        headers: [...table.querySelectorAll('th')].map((th) => (th as HTMLElement).textContent),
      };
    });
    expect(measures.page).toBe(true);
    expect(measures.wrap).toBe(true);
    expect(measures.cells.filter((cell) => !cell.inside || !cell.fits)).toEqual([]);
    expect(measures.headers).toEqual([
      'Articolo',
      'Quantità',
      'Prezzo netto',
      'IVA',
      'Prezzo IVA inclusa',
      'Totale',
    ]);
    // Every column is on screen: as a header on the wide screens, as each cell's label on the phone.
    const shownNames =
      viewport === PHONE
        ? measures.cells.map((cell) => cell.label)
        : measures.cells.filter((cell) => cell.label === null).map((cell) => cell.text.trim());
    for (const header of measures.headers) expect(shownNames).toContain(header);
    if (viewport === PHONE) {
      expect(
        await lines
          .locator('td[data-label="Prezzo IVA inclusa"]')
          .evaluate((td) => getComputedStyle(td, '::before').content),
      ).toBe('"Prezzo IVA inclusa"');
    }
    await page.screenshot({ path: path.join(shots, `back-office-order-${label}.png`), fullPage: true });
    if (viewport !== PHONE) expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps the focus on the next thing to do after an action on the order page', async () => {
    await open(DESKTOP);
    await page.goto(`${shop.webUrl}/gestione/ordini/${orderId}`);
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText);
    // A transfer awaited: staff record it, and the focus goes to 'Conferma', now possible, not to the page's top.
    await page.getByRole('button', { name: `Bonifico ricevuto: ${orderRef}` }).click();
    const transfer = page.getByRole('dialog', { name: `Bonifico ricevuto – ordine ${orderRef}` });
    await transfer.getByLabel('Data del bonifico').fill(romeToday());
    await transfer.getByLabel('Importo ricevuto (€)').fill(String(orderTotal));
    await transfer.getByLabel('Riferimento bancario (CRO/TRN)').fill('TRN 0060 E2E');
    await transfer.getByRole('button', { name: 'Registra bonifico' }).click();
    await page.getByTestId('order-status').filter({ hasText: 'Pagato' }).waitFor();
    const focusOn = (text: string) =>
      page.waitForFunction((t) => (document.activeElement as HTMLElement | null)?.innerText === t, text);
    await focusOn('Conferma').catch(async () => expect(await focused()).toBe('Conferma'));
    // The keyboard alone goes on: Enter confirms, and the focus is on shipping it (its shipment first).
    await page.keyboard.press('Enter');
    await page.getByTestId('order-status').filter({ hasText: 'Confermato' }).waitFor();
    await focusOn('Crea spedizione').catch(async () => expect(await focused()).toBe('Crea spedizione'));
    expect(errors).toEqual([]);
  });
});
