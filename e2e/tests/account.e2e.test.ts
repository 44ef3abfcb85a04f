import type { BrowserContext, Page } from 'playwright-core';
import { expiredCopyOf, newVisitorEachTest, seriousA11yViolations, shop } from '../support/shop';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'segreta-e2e-1';

/** Fills the fields every registration has. */
async function fillCommon(page: Page, email: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Conferma password/).fill(PASSWORD);
  await page.getByLabel(/^Telefono/).fill('+39 081 123 4567');
  await page.getByLabel(/^Indirizzo/).fill('Via Toledo 1');
  await page.getByLabel(/^Città/).fill('Napoli');
  await page.getByLabel(/^Provincia/).fill('na');
  await page.getByLabel(/^CAP/).fill('80134');
}

async function register(page: Page, email: string) {
  await page.goto(`${shop.webUrl}/registrati`);
  await fillCommon(page, email);
  await page.getByLabel(/^Nome/).fill('Mario');
  await page.getByLabel(/^Cognome/).fill('Rossi');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.getByText('Registrazione completata! Ora puoi accedere.').waitFor();
}

async function login(page: Page, email: string, password = PASSWORD) {
  const main = page.getByRole('main');
  await main.getByLabel(/^Email/).fill(email);
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole('button', { name: 'Accedi' }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('customer_token'));
const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Il mio account' });

describe('customer account', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  newVisitorEachTest({ locale: 'it-IT' }, (visit) => ({ context, page, errors } = visit));

  it('refuses mismatched and short passwords, then registers a private customer', async () => {
    const email = `mario.${unique()}@example.it`;
    await page.goto(`${shop.webUrl}/registrati`);
    await page.getByRole('heading', { level: 1, name: 'Crea il tuo account' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await fillCommon(page, email);
    await page.getByLabel(/^Nome/).fill('Mario');
    await page.getByLabel(/^Cognome/).fill('Rossi');
    await page.getByLabel(/^Conferma password/).fill('un-altra-password');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByText('Le password non coincidono').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('acct-password-confirm');
    expect(await page.getByLabel(/^Conferma password/).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel(/^Password/).fill('12345');
    await page.getByLabel(/^Conferma password/).fill('12345');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByText('La password deve essere di almeno 6 caratteri').waitFor();

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Conferma password/).fill(PASSWORD);
    expect(await page.getByLabel(/^Provincia/).inputValue()).toBe('NA');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL('**/accedi');
    await page.getByText('Registrazione completata! Ora puoi accedere.').waitFor();

    // The same e-mail a second time: the server's detail is shown.
    await page.goto(`${shop.webUrl}/registrati`);
    await fillCommon(page, email);
    await page.getByLabel(/^Nome/).fill('Mario');
    await page.getByLabel(/^Cognome/).fill('Rossi');
    await page.getByRole('button', { name: 'Registrati' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('Errore durante la registrazione');
    expect(page.url()).toMatch(/\/registrati$/);
    expect(errors.filter((e) => !/\b409\b|\b400\b|\b422\b/.test(e))).toEqual([]);
  });

  it('registers a company, which logs in and sees its name, VAT number and PEC', async () => {
    const email = `ordini.${unique()}@partenopeo.example.it`;
    await page.goto(`${shop.webUrl}/registrati`);
    await page.getByLabel('Azienda').check();
    await fillCommon(page, email);
    await page.getByLabel(/^Ragione sociale/).fill('Modellismo Partenopeo S.r.l.');
    await page.getByLabel(/^Partita IVA/).fill('01114601007');
    await page.getByLabel(/^Codice fiscale dell'azienda/).fill('01114601006');
    await page.getByLabel(/^PEC/).fill('amministrazione@pec.example.it');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByText('Partita IVA non valida: controlla le 11 cifre').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel(/^Partita IVA/).fill('01114601006');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL('**/accedi');

    await login(page, email);
    await page.waitForURL('**/profilo');
    await page.getByRole('heading', { level: 1, name: 'Modellismo Partenopeo S.r.l.' }).waitFor();
    const info = page.getByRole('region', { name: 'Informazioni account' });
    await info.getByText('Azienda', { exact: true }).waitFor();
    await info.getByText('01114601006').waitFor();
    await info.getByText('amministrazione@pec.example.it').waitFor();
    expect(await accountMenu(page).getByTestId('account-name').textContent()).toBe('Modellismo Part');
    expect(errors).toEqual([]);
  });

  it('logs in after a wrong password, edits the profile, guards the pages and logs out', async () => {
    const email = `mario.${unique()}@example.it`;
    await register(page, email);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await login(page, email, 'password-sbagliata');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBeTruthy();
    expect(await storedToken(page)).toBeNull();

    await login(page, email);
    await page.waitForURL('**/profilo');
    await page.getByRole('heading', { level: 1, name: 'Mario Rossi' }).waitFor();
    expect(await storedToken(page)).toBeTruthy();
    await page.getByRole('heading', { name: 'I Miei Ordini' }).waitFor();
    await page.getByText('Non hai ancora effettuato ordini.').waitFor();
    expect(await page.getByRole('link', { name: 'Scopri i prodotti' }).getAttribute('href')).toBe(
      '/prodotti',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Edit: a new phone number and address, kept after a reload.
    await page.getByRole('button', { name: 'Modifica profilo' }).click();
    await page.getByLabel(/^Telefono/).fill('+39 081 999 0000');
    await page.getByLabel(/^CAP/).fill('');
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('acct-cap');
    await page.getByLabel(/^CAP/).fill('80121');
    await page.getByLabel(/^Indirizzo/).fill('Via Chiaia 20');
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await page.getByText('Profilo aggiornato.').waitFor();
    await page.reload();
    const info = page.getByRole('region', { name: 'Informazioni account' });
    await info.getByText('+39 081 999 0000').waitFor();
    await info.getByText('Via Chiaia 20, 80121 Napoli (NA)').waitFor();

    // Logged in: /accedi leads to the profile; the menu leads to the orders.
    await page.goto(`${shop.webUrl}/accedi`);
    await page.waitForURL('**/profilo');
    await accountMenu(page).getByRole('button', { name: /Mario/ }).click();
    await accountMenu(page).getByRole('link', { name: 'I miei ordini' }).click();
    await page.waitForURL('**/ordini/storico');
    await page.getByRole('heading', { level: 1, name: 'I Miei Ordini' }).waitFor();

    // 'Esci' goes home, logged out; the profile then asks for a login.
    await page.goto(`${shop.webUrl}/profilo`);
    await page.getByRole('main').getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBeNull();
    await accountMenu(page).getByRole('link', { name: 'Accedi' }).waitFor();
    await page.goto(`${shop.webUrl}/profilo`);
    await page.waitForURL('**/accedi');
    expect(errors.filter((e) => !/\b401\b/.test(e))).toEqual([]);
  });

  it('logs out a visitor whose stored token has expired, in every open tab', async () => {
    const email = `mario.${unique()}@example.it`;
    await register(page, email);
    await login(page, email);
    await page.waitForURL('**/profilo');
    const other = await context.newPage();
    await other.goto(shop.webUrl);
    await accountMenu(other).getByTestId('account-name').waitFor();

    const expired = expiredCopyOf((await storedToken(page))!);
    await page.evaluate((token) => localStorage.setItem('customer_token', token), expired);
    await page.goto(`${shop.webUrl}/profilo`);
    await page.waitForURL('**/accedi');
    expect(await storedToken(page)).toBeNull();
    await accountMenu(page).getByRole('link', { name: 'Accedi' }).waitFor();
    // The other tab hears of it through the storage event.
    await accountMenu(other).getByRole('link', { name: 'Accedi' }).waitFor();
    expect(errors.filter((e) => !/\b401\b/.test(e))).toEqual([]);
  });
});
