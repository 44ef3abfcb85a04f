import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ArticleList, type Article } from '@edicola/contracts';
import { collectErrors, launchBrowser, root, seriousA11yViolations, shop } from '../support/shop';

// Discount codes end to end (docs/product/cart-and-checkout.md#discount-codes): staff create a code in the back
// office, a shopper on a phone applies it in the cart and pays the discounted total by demo card.
const shots = path.join(root, 'test-results', 'screenshots');
const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const gross = (a: Article) => Math.round(Math.round(a.price * 100) * (1 + a.iva_percentage / 100));

describe('discount codes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('staff create a 10 % code; a shopper on a phone applies it and pays the discounted total by card', async () => {
    jest.setTimeout(150_000);
    const code = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;

    // The back office: Sconti → 'Nuovo codice' → 10 % (the dialog's default kind and value).
    const staff = await browser.newContext({ locale: 'it-IT', viewport: { width: 1280, height: 900 } });
    const admin = await staff.newPage();
    await admin.goto(`${shop.webUrl}/gestione/login`);
    await admin.getByLabel('Nome utente').fill(shop.admin.username);
    await admin.getByLabel('Password').fill(shop.admin.password);
    await admin.getByRole('button', { name: 'Accedi' }).click();
    await admin.waitForURL(/\/gestione$/);
    await admin.getByRole('link', { name: 'Sconti' }).click();
    await admin.getByRole('heading', { name: 'Codici sconto' }).waitFor();
    await admin.getByRole('button', { name: 'Nuovo codice' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nuovo codice sconto' });
    await dialog.getByLabel(/^Codice/).fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await admin.getByText('Codice sconto creato.').waitFor();
    await admin.getByTestId('discount-row').filter({ hasText: code }).waitFor();
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await staff.close();

    // The shopper, on a phone.
    const articles = ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
    const article = articles.find(
      (a) => a.quantity_stock >= 2 && a.iva_percentage > 0 && a.product_type === 'normale',
    )!;
    const visitor = await browser.newContext({ locale: 'it-IT', viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    const errors = collectErrors(page);
    await page.goto(`${shop.webUrl}/prodotti`);
    const card = page.getByTestId('article-card').filter({ hasText: article.title });
    await card.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
    await page.getByRole('button', { name: /^Carrello – articoli: / }).click();
    const cart = page.getByRole('dialog', { name: 'Il tuo carrello' });
    await cart.getByTestId('cart-shipping').waitFor();
    const shipping = Math.round(
      Number(
        plain(await cart.getByTestId('cart-shipping').textContent())
          .replace(/[^\d,]/g, '')
          .replace(',', '.'),
      ) * 100,
    );
    await cart.getByRole('button', { name: 'Hai un codice sconto?' }).click();
    await cart.getByLabel('Codice sconto').fill(code.toLowerCase());
    await cart.getByRole('button', { name: 'Applica' }).click();
    const discount = Math.floor((gross(article) * 10 + 50) / 100);
    const total = gross(article) - discount + shipping;
    await cart.getByTestId('cart-discount').waitFor();
    expect(plain(await cart.getByTestId('cart-discount').textContent())).toBe(plain(`−${euro(discount)}`));
    expect(plain(await cart.getByTestId('cart-total').textContent())).toBe(plain(euro(total)));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'discount-cart-390.png') });

    await cart.getByRole('button', { name: 'Procedi al Pagamento' }).click();
    const payment = page.getByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    await payment.getByRole('button', { name: /^Carta di credito o debito/ }).click();
    const form = page.getByRole('dialog', { name: 'I tuoi dati' });
    for (const [label, value] of Object.entries({
      'Nome completo': 'Chiara Esposito',
      Email: 'chiara.esposito@example.it',
      Telefono: '+39 081 333 4455',
      'Indirizzo di spedizione': 'Via Partenope 10',
      Città: 'Napoli',
      CAP: '80121',
    })) {
      await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();

    // The demo card page asks the discounted total; paying it completes the order.
    await page.waitForURL(/\/pagamento-demo\?kind=card&id=/);
    expect(plain(await page.getByTestId('demo-amount').textContent())).toBe(plain(euro(total)));
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento completato!' }).waitFor({ timeout: 30_000 });
    expect(plain(await page.getByTestId('payment-total').textContent())).toBe(plain(euro(total)));
    expect(await page.getByTestId('payment-status').textContent()).toBe('Pagato');
    await page.screenshot({ path: path.join(shots, 'discount-paid-390.png') });
    expect(errors).toEqual([]);
    await visitor.close();

    // The code's use is recorded with the order.
    const login = await fetch(`${shop.apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(shop.admin),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const list = (await (
      await fetch(`${shop.apiUrl}/api/admin/discounts`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { discounts: { code: string; uses: number; orders: { amount: number }[] }[] };
    const used = list.discounts.find((d) => d.code === code)!;
    expect(used.uses).toBe(1);
    expect(Math.round(used.orders[0]!.amount * 100)).toBe(discount);
  });
});
