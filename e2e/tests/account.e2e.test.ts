import type { BrowserContext, Page } from 'playwright-core';
import { mailAbout } from '../support/mail';
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

const profileWith = (token: string) =>
  fetch(`${shop.apiUrl}/api/customers/profile`, { headers: { authorization: `Bearer ${token}` } });
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

    // A password change keeps this device signed in with a fresh token; the old one stops working.
    await page.goto(`${shop.webUrl}/profilo`);
    const before = (await storedToken(page))!;
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await page.getByLabel(/^Password attuale/).fill(PASSWORD);
    await page.getByLabel(/^Nuova password/).fill('Vesuvio-1944-e2e');
    await page.getByLabel(/^Conferma nuova password/).fill('Vesuvio-1944-e2e');
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await page.getByText('Password aggiornata. Le altre sessioni sono state chiuse.').waitFor();
    const after = (await storedToken(page))!;
    expect(after).not.toBe(before);
    expect((await profileWith(before)).status).toBe(401);
    expect((await profileWith(after)).status).toBe(200);

    // 'Esci' goes home, logged out, and the token is dead on the server too; the profile then asks for a login.
    await page.getByRole('main').getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBeNull();
    let status = 200;
    for (let tries = 0; status === 200 && tries < 50; tries++) {
      status = (await profileWith(after)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    await accountMenu(page).getByRole('link', { name: 'Accedi' }).waitFor();
    await page.goto(`${shop.webUrl}/profilo`);
    await page.waitForURL('**/accedi');
    expect(errors.filter((e) => !/\b401\b/.test(e))).toEqual([]);
  });

  // docs/product/account.md#data-export, docs/product/account.md#erasure
  it('downloads and reads the data, then erases the account, which signs in no more', async () => {
    const email = `mario.${unique()}@example.it`;
    await register(page, email);
    await login(page, email);
    await page.waitForURL('**/profilo');
    await page.getByRole('heading', { name: 'I miei dati' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica i miei dati' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('i-miei-dati.json');
    await page.getByRole('button', { name: 'Leggi i miei dati' }).click();
    const data = page.getByTestId('my-data');
    await data.getByText(email).waitFor();
    await data.getByText('Newsletter: nessuna iscrizione.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const token = (await storedToken(page))!;
    await page.getByRole('button', { name: 'Elimina il mio account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Eliminare il tuo account?' });
    await dialog.getByText(/art\. 2220 del codice civile/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel('Per confermare, inserisci la tua password').fill('password-sbagliata');
    await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
    await dialog.getByText('La password attuale non è corretta').waitFor();
    await dialog.getByLabel('Per confermare, inserisci la tua password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBeNull();
    expect((await profileWith(token)).status).toBe(401);

    await page.goto(`${shop.webUrl}/accedi`);
    await login(page, email);
    await page.getByRole('main').getByRole('alert').waitFor();
    expect(page.url()).toMatch(/\/accedi$/);
    expect(errors.filter((e) => !/\b401\b|\b422\b/.test(e))).toEqual([]);
  });

  // docs/product/account.md#password-reset
  it('resets a forgotten password from the e-mail: the new one signs in, the old one and old sessions do not', async () => {
    const email = `mario.${unique()}@example.it`;
    await register(page, email);
    await login(page, email);
    await page.waitForURL('**/profilo');
    const oldSession = (await storedToken(page))!;
    await page.getByRole('main').getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`${shop.webUrl}/accedi`);
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.waitForURL('**/password-dimenticata');
    await page.getByRole('heading', { level: 1, name: 'Password dimenticata' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page
      .getByRole('main')
      .getByLabel(/^Email/)
      .fill(email);
    await page.getByRole('button', { name: 'Inviami il link' }).click();
    await page.getByText(/^Se l'indirizzo appartiene a un account/).waitFor();

    const mail = await mailAbout(email, 'Reimposta la password');
    const link = /href="([^"]*\/reimposta-password\?token=[^"]+)"/.exec(String(mail.html))?.[1];
    expect(link).toMatch(new RegExp(`^${shop.webUrl}/reimposta-password\\?token=`));
    await page.goto(link!.replace(/&amp;/g, '&'));
    await page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(/^Nuova password/).fill('Posillipo-2026-e2e');
    await page.getByLabel(/^Conferma nuova password/).fill('Posillipo-2026-e2e');
    await page.getByRole('button', { name: 'Mostra password' }).click();
    expect(await page.getByLabel(/^Nuova password/).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.waitForURL('**/accedi');
    await page.getByText('Password reimpostata: accedi con la nuova password.').waitFor();

    expect((await profileWith(oldSession)).status).toBe(401);
    await login(page, email);
    await page.getByRole('main').getByText('Email o password non corretti').waitFor();
    expect(await storedToken(page)).toBeNull();
    await login(page, email, 'Posillipo-2026-e2e');
    await page.waitForURL('**/profilo');
    expect(await storedToken(page)).toBeTruthy();

    // The link works once.
    await page.getByRole('main').getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(link!.replace(/&amp;/g, '&'));
    await page.getByLabel(/^Nuova password/).fill('Marechiaro-2026-e2e');
    await page.getByLabel(/^Conferma nuova password/).fill('Marechiaro-2026-e2e');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page
      .getByRole('main')
      .getByText(/^Questo link è già stato usato/)
      .waitFor();
    expect(errors.filter((e) => !/\b(401|410)\b/.test(e))).toEqual([]);
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
  it('opens /profilo on a phone with nothing shifting while the account arrives', async () => {
    const email = `mario.${unique()}@example.it`;
    await register(page, email);
    await login(page, email);
    await page.waitForURL('**/profilo');
    await page.setViewportSize({ width: 390, height: 844 });
    // A phone's pace: a slower processor and network, so each part arrives on its own.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mario Rossi' }).waitFor();
    await page.getByRole('region', { name: 'Informazioni account' }).waitFor();
    await accountMenu(page).getByTestId('account-name').waitFor();
    // Every shift since the page began (buffered entries reach back to the navigation), with what moved.
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; moved: string[] }[]>((resolve) => {
          const found: { value: number; moved: string[] }[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              const shift = entry as unknown as { value: number; sources?: { node?: Node | null }[] };
              const moved = (shift.sources ?? []).map((source) =>
                source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : '?',
              );
              found.push({ value: shift.value, moved });
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(found), 300);
        }),
    );
    // Lighthouse reports CLS to three decimals: below 0.0005 it is 0. The header's account menu may move by
    // a few hundred-thousandths as the name takes the links' place; the page itself does not move at all.
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect({ total: total < 0.0005, shifts }).toEqual({ total: true, shifts: expect.any(Array) });
    expect(
      shifts.flatMap((shift) => shift.moved).filter((node) => !node.startsWith('NAV.acct-menu')),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });
});
