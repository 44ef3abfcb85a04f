import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, shop } from '../support/shop';

/** The server's first paint (launcher/src/storefront-first-paint.ts), before the app has replaced it. */
const FIRST_PAINT = '#root > .first-paint';

/** Holds every script for `ms`: a phone's connection, where the first paint is on screen seconds before the app. */
async function slowScripts(page: Page, ms: number) {
  await page.route(/\.js(\?|$)/, async (route) => {
    await delay(ms);
    await route.continue();
  });
}

describe("the storefront's first paint", () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await fetch(`${shop.webUrl}/sitemap.xml`); // the server has the article list at hand
  });
  afterEach(() => context?.close());
  afterAll(() => browser.close());

  it("takes a click on 'Aggiungi al Carrello' before the app has arrived, and the cart counts it", async () => {
    context = await browser.newContext({ locale: 'it-IT', viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await slowScripts(page, 2500);
    await page.goto(`${shop.webUrl}/prodotti`, { waitUntil: 'commit' });
    const button = page.locator(`${FIRST_PAINT} button.cat-add:not([disabled])`).first();
    await button.waitFor();
    const title = await page
      .locator(`${FIRST_PAINT} .cat-card`)
      .filter({ has: page.locator('button.cat-add:not([disabled])') })
      .first()
      .locator('.cat-title')
      .textContent();
    expect(await button.textContent()).toBe('Aggiungi al Carrello');
    await button.click();
    // The click landed on the server's paint: the app (and its cart) had not started yet.
    expect(await page.locator(FIRST_PAINT).count()).toBe(1);
    expect(await page.getByTestId('cart-count').count()).toBe(0);

    await page.waitForFunction(
      () => document.querySelector('[data-testid="cart-count"]')?.textContent === '1',
      undefined,
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: /^Carrello – articoli: / }).click();
    const cart = page.getByRole('dialog', { name: 'Il tuo carrello' });
    const lines = cart.getByTestId('cart-line');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain(title);
  });

  it("takes the cookie notice's button before the app has arrived", async () => {
    context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    await slowScripts(page, 2000);
    await page.goto(shop.webUrl, { waitUntil: 'commit' });
    await page.locator(`${FIRST_PAINT} .cookie-banner button`).click();
    expect(await page.locator(FIRST_PAINT).count()).toBe(1);
    // The app's own page (its main is the root's child), its notice accepted by the replayed click.
    await page.locator('#root > main').waitFor({ state: 'attached', timeout: 30_000 });
    await page.locator('.cookie-banner').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.cookie)).toContain('cookie_consent=accepted');
  });

  it("paints the page in the visitor's chosen language, and the app goes on in it", async () => {
    const english = { name: 'language', value: 'en', url: shop.webUrl };
    // Without JavaScript: what the server sent.
    const bare = await browser.newContext({ locale: 'it-IT', javaScriptEnabled: false });
    await bare.addCookies([english]);
    const still = await bare.newPage();
    await still.goto(`${shop.webUrl}/prodotti`);
    expect(await still.locator('html').getAttribute('lang')).toBe('en');
    expect(await still.locator('h1').textContent()).toBe('Product catalogue');
    expect(await still.locator('.cat-add:not([disabled])').first().textContent()).toBe('Add to Cart');
    expect(await still.getByRole('link', { name: 'Products', exact: true }).count()).toBe(1);
    await bare.close();

    context = await browser.newContext({ locale: 'it-IT' });
    await context.addCookies([english]);
    const page = await context.newPage();
    await page.goto(`${shop.webUrl}/prodotti`);
    await page.getByTestId('article-card').first().waitFor();
    expect(await page.locator(FIRST_PAINT).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Product catalogue');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('remembers a language chosen in the app in a cookie, so the next first paint is in it', async () => {
    context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto(shop.webUrl);
    await page.locator('#root > main').waitFor({ state: 'attached' }); // the app, not the first paint
    await page.getByLabel('Lingua').first().selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    const cookie = (await context.cookies()).find((c) => c.name === 'language');
    expect(cookie?.value).toBe('fr');
    const html = await (
      await fetch(shop.webUrl, { headers: { Cookie: `language=${cookie!.value}` } })
    ).text();
    expect(html).toMatch(/<html lang="fr">/);
    expect(html).toContain('Le paradis des collectionneurs à Naples');
  });
});
