import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, root, seriousA11yViolations, shop } from '../support/shop';

// Staff accounts from the back office while the shop runs, and an admin's second factor
// (docs/product/back-office.md#staff-accounts, docs/decisions/0062-staff-accounts-and-two-factor.md).
const shots = path.join(root, 'test-results', 'screenshots');

/** RFC 6238 as the admin's phone computes it: HMAC-SHA1 of the 30-second step, 6 digits. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(step).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A tab of the back office's navigation. */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sezioni del back office' }).getByRole('link', { name, exact: true });

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${shop.webUrl}/gestione/login`);
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** The first sign-in with a temporary password: the back office asks for a new one first. */
async function firstSignIn(page: Page, username: string, temporary: string, chosen: string) {
  await signIn(page, username, temporary);
  await page.getByRole('heading', { name: 'Scegli una nuova password' }).waitFor();
  await page.getByLabel('Password attuale').fill(temporary);
  await page.getByLabel('Nuova password', { exact: true }).fill(chosen);
  await page.getByLabel('Conferma nuova password').fill(chosen);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await page.getByText('Password cambiata con successo!').waitFor();
}

/** Personale → 'Nuovo account': the temporary password the dialog shows once. */
async function createAccount(owner: Page, username: string, role: 'amministratore' | 'cassiere') {
  await owner.getByRole('button', { name: 'Nuovo account' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Nuovo account' });
  await dialog.getByLabel('Nome utente').fill(username);
  await dialog.getByLabel('Ruolo').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Crea account' }).click();
  const shown = owner.getByRole('dialog', { name: `Password temporanea di ${username}` });
  const password = (await shown.getByTestId('temporary-password').textContent())!.trim();
  await shown.getByRole('button', { name: "Fatto, l'ho annotata" }).click();
  await owner.getByTestId('staff-row').filter({ hasText: username }).waitFor();
  return password;
}

describe('staff accounts', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newPage = async () => {
    const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    return context.newPage();
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the owner creates a cashier while the shop runs, and deactivating it ends its session at once', async () => {
    const cashierName = `cassa-${randomUUID().slice(0, 6)}`;
    const owner = await newPage();
    await signIn(owner, shop.admin.username, shop.admin.password);
    await owner.waitForURL(/\/gestione$/);
    await tab(owner, 'Personale').click();
    await owner.getByRole('heading', { name: 'Personale', exact: true }).waitFor();
    const temporary = await createAccount(owner, cashierName, 'cassiere');
    expect(await seriousA11yViolations(owner)).toEqual([]);
    await owner.screenshot({ path: path.join(shots, 'staff-accounts-1366.png') });

    // The cashier: the counter, articles and orders; no Personale, no Registro, not even by address.
    const cashier = await newPage();
    await firstSignIn(cashier, cashierName, temporary, `Banco-${randomUUID()}`);
    const tabs = cashier.getByRole('navigation', { name: 'Sezioni del back office' });
    await tabs.getByRole('link', { name: 'Cassa' }).waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Cassa'), expect.stringContaining('Ordini')]),
    );
    expect(await tabs.getByRole('link', { name: 'Personale' }).count()).toBe(0);
    expect(await tabs.getByRole('link', { name: 'Registro' }).count()).toBe(0);
    await cashier.goto(`${shop.webUrl}/gestione/personale`);
    await cashier.waitForURL(/\/gestione\/cassa$/);
    const refused = await cashier.evaluate(
      async (api) =>
        (
          await fetch(`${api}/api/admin/staff`, {
            headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` },
          })
        ).status,
      shop.apiUrl,
    );
    expect(refused).toBe(403);

    // The owner deactivates it: the cashier's next request is refused and the back office signs it out.
    const row = owner.getByTestId('staff-row').filter({ hasText: cashierName });
    await row.getByRole('button', { name: `Disattiva: ${cashierName}` }).click();
    await owner
      .getByRole('dialog', { name: `Disattivare ${cashierName}?` })
      .getByRole('button', { name: 'Disattiva' })
      .click();
    await row.getByText('Disattivato').waitFor();
    await cashier
      .getByRole('navigation', { name: 'Sezioni del back office' })
      .getByRole('link', { name: 'Ordini' })
      .click();
    await cashier.waitForURL('**/gestione/login');
    await signIn(cashier, cashierName, 'irrilevante-ormai');
    await cashier.getByText('Username o password non corretti').waitFor();

    // The audit trail as a screen: the cashier's creation and deactivation, by the owner.
    await tab(owner, 'Registro').click();
    await owner.getByLabel('Chi', { exact: true }).fill(shop.admin.username);
    await owner.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Personale' });
    await owner.getByRole('button', { name: 'Filtra' }).click();
    await owner.getByTestId('audit-row').filter({ hasText: 'deactivated' }).first().waitFor();
    expect(await seriousA11yViolations(owner)).toEqual([]);
  }, 180_000);

  it('an admin with two factors cannot sign in without the code', async () => {
    const name = `socio-${randomUUID().slice(0, 6)}`;
    const password = `Socio-${randomUUID()}`;
    const owner = await newPage();
    await signIn(owner, shop.admin.username, shop.admin.password);
    await owner.waitForURL(/\/gestione$/);
    await tab(owner, 'Personale').click();
    const temporary = await createAccount(owner, name, 'amministratore');

    // The new admin enrols from the Personale screen: the QR code, the secret in text, a first code.
    const admin = await newPage();
    await firstSignIn(admin, name, temporary, password);
    await tab(admin, 'Personale').click();
    await admin.getByRole('button', { name: 'Attiva i due fattori' }).click();
    const enrol = admin.getByRole('dialog', { name: "Attiva l'accesso a due fattori" });
    await enrol.getByRole('img', { name: "Codice QR da inquadrare con l'app di autenticazione" }).waitFor();
    const secret = (await enrol.getByTestId('totp-secret').textContent())!.trim();
    await enrol.getByLabel('Codice', { exact: true }).fill(totp(secret, Date.now() - 30_000));
    await enrol.getByRole('button', { name: 'Conferma e attiva' }).click();
    const recovery = admin.getByRole('dialog', { name: 'I tuoi codici di recupero' });
    await recovery.getByTestId('recovery-codes').waitFor();
    expect(await recovery.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await recovery.getByRole('button', { name: "Fatto, l'ho annotata" }).click();
    await admin.getByRole('button', { name: 'Esci' }).click();
    await admin.waitForURL('**/gestione/login');

    // The password alone: the code is asked, a wrong one is refused and no token is stored.
    await signIn(admin, name, password);
    await admin.getByRole('heading', { name: 'Verifica in due passaggi' }).waitFor();
    expect(await admin.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    const wrong = totp(secret) === '000000' ? '111111' : '000000';
    await admin.getByLabel('Codice', { exact: true }).fill(wrong);
    await admin.getByRole('button', { name: 'Verifica' }).click();
    await admin.getByText('Codice non valido o già usato').waitFor();
    expect(await seriousA11yViolations(admin)).toEqual([]);
    expect(await admin.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    await admin.getByLabel('Codice', { exact: true }).fill(totp(secret));
    await admin.getByRole('button', { name: 'Verifica' }).click();
    await admin.waitForURL(/\/gestione$/);
    expect(await admin.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  }, 180_000);
});
