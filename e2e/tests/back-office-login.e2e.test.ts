import type { Browser } from 'playwright-core';
import { collectErrors, expiredCopyOf, launchBrowser, seriousA11yViolations, shop } from '../support/shop';

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
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Logged in: the login page leads to the back office.
    await page.goto(`${shop.webUrl}/gestione/login`);
    await page.waitForURL(/\/gestione$/);
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL('**/gestione/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The wrong password's 401 is the one expected console error.
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    await context.close();
  });

  it('logs out staff whose stored token has expired', async () => {
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto(`${shop.webUrl}/gestione/login`);
    await page.getByLabel('Nome utente').fill(shop.admin.username);
    await page.getByLabel('Password').fill(shop.admin.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(/\/gestione$/);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));

    const expired = expiredCopyOf(token!);
    await page.evaluate((value) => {
      localStorage.setItem('access_token', value);
      localStorage.setItem('token', value);
    }, expired);
    await page.goto(`${shop.webUrl}/gestione`);
    await page.waitForURL('**/gestione/login');
    await page.getByRole('heading', { name: 'Accesso staff' }).waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('token')]),
    ).toEqual([null, null]);
    await context.close();
  });
});
