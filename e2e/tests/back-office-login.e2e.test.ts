import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';

describe('back office sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('refuses wrong credentials, then signs staff in and out', async () => {
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${shop.webUrl}/gestione`);
    await page.waitForURL('**/gestione/login');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Nome utente').fill(shop.admin.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByText('Username o password non corretti').waitFor();

    await page.getByLabel('Password').fill(shop.admin.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(/\/gestione$/);
    await page.getByText(shop.admin.username).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

    await page.reload();
    await page.getByText(shop.admin.username).first().waitFor();
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL('**/gestione/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The wrong password's 401 is the one expected console error.
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    await context.close();
  });
});
