import path from 'node:path';
import type { Locator, BrowserContext, Page } from 'playwright-core';
import { ArticleList, type Article } from '@edicola/contracts';
import { newVisitorEachTest, root, seriousA11yViolations, shop } from '../support/shop';

// Cart and checkout journeys of issue 8 in real Chromium against the real shop (all-in-one).
const shots = path.join(root, 'test-results', 'screenshots');

async function catalogue(): Promise<Article[]> {
  return ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
}

/** Two in-stock articles with VAT, different from each other, with enough stock for the journey. */
async function pickArticles(minStock = 2): Promise<[Article, Article]> {
  const inStock = (await catalogue()).filter(
    (a) => a.quantity_stock >= minStock && a.iva_percentage > 0 && a.product_type === 'normale',
  );
  if (inStock.length < 2) throw new Error('the demo catalogue has too few articles in stock');
  return [inStock[0]!, inStock[1]!];
}

const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const gross = (a: Article) => Math.round(Math.round(a.price * 100) * (1 + a.iva_percentage / 100));
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('cart and checkout', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  newVisitorEachTest(
    { locale: 'it-IT', viewport: { width: 1280, height: 900 } },
    (visit) => ({ context, page, errors } = visit),
  );

  const cartButton = () => page.getByRole('button', { name: /^Carrello – articoli: / });
  const cartCount = () => page.getByTestId('cart-count').textContent();

  async function addFromCatalogue(article: Article, times = 1) {
    const card = page.getByTestId('article-card').filter({ hasText: article.title });
    for (let i = 0; i < times; i += 1) {
      await card.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
    }
  }

  async function openCart(): Promise<Locator> {
    await cartButton().click();
    const dialog = page.getByRole('dialog', { name: 'Il tuo carrello' });
    await dialog.waitFor();
    return dialog;
  }

  async function checkoutWith(details: Record<string, string>): Promise<Locator> {
    const cart = await openCart();
    await cart.getByTestId('cart-shipping').waitFor();
    await cart.getByRole('button', { name: 'Procedi al Pagamento' }).click();
    const payment = page.getByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    await payment.waitFor();
    const width = page.viewportSize()!.width;
    await page.screenshot({ path: path.join(shots, `checkout-payment-${width}.png`) });
    await payment.getByRole('button', { name: /Bonifico bancario/ }).click();
    const form = page.getByRole('dialog', { name: 'I tuoi dati' });
    for (const [label, value] of Object.entries(details)) {
      await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
    return form;
  }

  const guest = {
    'Nome completo': 'Maria Esposito',
    Email: 'maria.esposito@example.it',
    Telefono: '+39 081 765 4321',
    'Indirizzo di spedizione': 'Via dei Tribunali 12',
    Città: 'Napoli',
    CAP: '80138',
  };

  it('adds from /prodotti, changes quantities, removes, warns for intercontinental and says when empty', async () => {
    const [first, second] = await pickArticles(2);
    await page.goto(`${shop.webUrl}/prodotti`);
    await addFromCatalogue(first);
    await addFromCatalogue(second);
    expect(await cartCount()).toBe('2');

    const cart = await openCart();
    const lines = cart.getByTestId('cart-line');
    // The lines show once the server has priced the cart (the dialog says it is loading meanwhile).
    await lines.first().waitFor();
    expect(await lines.count()).toBe(2);
    const firstLine = lines.filter({ hasText: first.title });
    expect(plain(await firstLine.textContent())).toContain(
      plain(`${euro(Math.round(first.price * 100))} + IVA ${first.iva_percentage}% = ${euro(gross(first))}`),
    );
    await cart.getByTestId('cart-shipping').waitFor();
    expect(plain(await cart.getByTestId('cart-shipping').textContent())).toBe(plain(euro(900)));
    expect(plain(await cart.getByTestId('cart-total').textContent())).toBe(
      plain(euro(gross(first) + gross(second) + 900)),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'checkout-cart-1280.png') });

    await firstLine.getByRole('button', { name: `Aumenta la quantità di ${first.title}` }).click();
    expect(await firstLine.getByTestId('line-quantity').textContent()).toBe('2');
    expect(await cartCount()).toBe('3');
    await firstLine.getByRole('button', { name: `Diminuisci la quantità di ${first.title}` }).click();
    expect(await firstLine.getByTestId('line-quantity').textContent()).toBe('1');

    await cart.getByLabel('Zona di spedizione').selectOption('intercontinental');
    const warning = cart.getByTestId('intercontinental-warning');
    expect(await warning.textContent()).toBe(
      "Spedizione extra-europea: l'ordine sarà confermato dopo la verifica del costo di spedizione e dei dazi doganali.",
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="cart-shipping"]')?.textContent?.startsWith('30'),
    );
    expect(plain(await cart.getByTestId('cart-total').textContent())).toBe(
      plain(euro(gross(first) + gross(second) + 3000)),
    );

    await cart.getByRole('button', { name: `Rimuovi ${second.title} dal carrello` }).click();
    await firstLine.getByRole('button', { name: `Diminuisci la quantità di ${first.title}` }).click();
    await cart.getByText('Il carrello è vuoto!').waitFor();
    expect(await cart.getByRole('button', { name: 'Procedi al Pagamento' }).count()).toBe(0);
    expect(await cartCount()).toBe('0');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('keeps the cart across a reload and in another tab', async () => {
    const [first] = await pickArticles(2);
    await page.goto(`${shop.webUrl}/prodotti`);
    await addFromCatalogue(first, 2);
    expect(await cartCount()).toBe('2');
    const other = await context.newPage();
    await other.goto(shop.webUrl);
    expect(await other.getByTestId('cart-count').textContent()).toBe('2');

    await page.reload();
    await page.getByTestId('cart-count').waitFor();
    expect(await cartCount()).toBe('2');
    const cart = await openCart();
    expect(await cart.getByTestId('line-quantity').textContent()).toBe('2');
    await cart.getByRole('button', { name: `Aumenta la quantità di ${first.title}` }).click();
    await other.waitForFunction(
      () => document.querySelector('[data-testid="cart-count"]')?.textContent === '3',
    );
    expect(errors).toEqual([]);
  });

  it('a guest pays by bank transfer: the IBAN is shown, the stock reserved and the cart emptied', async () => {
    const [first] = await pickArticles(2);
    await page.goto(`${shop.webUrl}/prodotti`);
    await addFromCatalogue(first);
    const form = await checkoutWith({ ...guest, Email: 'maria.esposito' });
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Inserisci una email valida per continuare');
    await form.getByLabel(/^Email/).fill(guest.Email);
    await page.screenshot({ path: path.join(shots, 'checkout-details-1280.png') });
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();

    const done = page.getByRole('dialog', { name: 'Ordine confermato!' });
    await done.waitFor();
    expect(plain(await done.getByTestId('order-total').textContent())).toBe(plain(euro(gross(first) + 900)));
    expect(await done.getByTestId('transfer-iban').textContent()).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9 ]+$/);
    expect(await done.getByTestId('transfer-holder').textContent()).not.toBe('');
    const reference = (await done.getByTestId('order-reference').textContent())!.replace('ORD-', '');
    expect(await done.getByTestId('transfer-reason').textContent()).toContain(reference);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'checkout-confirmation-1280.png') });
    const after = (await catalogue()).find((a) => a.id === first.id)!;
    expect(after.quantity_stock).toBe(first.quantity_stock - 1);

    // Until the overlay closes (30 s, or the shopper closes it) the cart is kept; then it is emptied.
    expect(await cartCount()).toBe('1');
    await done.getByRole('button', { name: 'Chiudi' }).last().click();
    await done.waitFor({ state: 'detached' });
    expect(await cartCount()).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a company asks for an invoice: the order keeps the invoice data (390 px wide)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [, second] = await pickArticles(2);
    await page.goto(`${shop.webUrl}/prodotti`);
    await addFromCatalogue(second);
    const cart = await openCart();
    await cart.getByTestId('cart-shipping').waitFor();
    await page.screenshot({ path: path.join(shots, 'checkout-cart-390.png') });
    await page.keyboard.press('Escape');
    const form = await checkoutWith(guest);
    await form.getByLabel('Richiedi fattura').check();
    await form.getByLabel('Azienda').check();
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(
      'CAMPI OBBLIGATORI MANCANTI: Ragione sociale, Partita IVA, Codice fiscale azienda',
    );
    await form.getByLabel(/^Ragione sociale/).fill('Modellismo Partenopeo S.r.l.');
    await form.getByLabel(/^Partita IVA/).fill('01114601006');
    await form.getByLabel(/^Codice fiscale azienda/).fill('01114601006');
    await form.getByLabel(/^Codice SDI/).fill('abc1234');
    expect(await form.getByLabel(/^Codice SDI/).inputValue()).toBe('ABC1234');
    await page.screenshot({ path: path.join(shots, 'checkout-invoice-390.png') });
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    const done = page.getByRole('dialog', { name: 'Ordine confermato!' });
    await done.waitFor();
    await page.screenshot({ path: path.join(shots, 'checkout-confirmation-390.png') });

    const login = await fetch(`${shop.apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(shop.admin),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const reference = (await done.getByTestId('order-reference').textContent())!
      .replace('ORD-', '')
      .toLowerCase();
    const list = (await (
      await fetch(`${shop.apiUrl}/api/orders`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { orders: { id: string; invoice_data: Record<string, unknown> | null }[] };
    const order = list.orders.find((o) => o.id.endsWith(reference))!;
    expect(order.invoice_data).toMatchObject({
      requires_invoice: true,
      invoice_type: 'azienda',
      ragione_sociale: 'Modellismo Partenopeo S.r.l.',
      piva: '01114601006',
      sdi: 'ABC1234',
    });
    expect(errors).toEqual([]);
  });
  it('a logged-in company finds its details filled in and its invoice data locked', async () => {
    const email = `ordini.${Date.now()}@partenopeo.example.it`;
    const registration = await fetch(`${shop.apiUrl}/api/customers/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'segreta1',
        telefono: '+39 081 765 4321',
        street: 'Via Chiaia 10',
        city: 'Napoli',
        province: 'NA',
        cap: '80121',
        tipo_cliente: 'azienda',
        ragione_sociale: 'Modellismo Partenopeo S.r.l.',
        piva: '01114601006',
        codice_fiscale_azienda: '01114601006',
        pec: null,
        sdi: 'ABC1234',
        referente: 'Anna Esposito',
      }),
    });
    expect(registration.status).toBe(201);
    const login = await fetch(`${shop.apiUrl}/api/customers/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'segreta1' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const [first] = await pickArticles(2);
    await page.goto(`${shop.webUrl}/prodotti`);
    await page.evaluate((value) => localStorage.setItem('customer_token', value), token);
    await page.reload();
    await addFromCatalogue(first);
    const form = await checkoutWith({});
    await form.getByText(/Cliente azienda: la fattura è obbligatoria/).waitFor();
    expect(await form.getByLabel(/^Email/).inputValue()).toBe(email);
    expect(await form.getByLabel(/^Indirizzo di spedizione/).inputValue()).toBe('Via Chiaia 10');
    const piva = form.getByLabel(/^Partita IVA/);
    expect(await piva.inputValue()).toBe('01114601006');
    expect(await piva.getAttribute('readonly')).not.toBeNull();
    expect(await form.getByLabel('Richiedi fattura').count()).toBe(0);
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    await page.getByRole('dialog', { name: 'Ordine confermato!' }).waitFor();

    const orders = (await (
      await fetch(`${shop.apiUrl}/api/customers/orders`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as unknown[];
    expect(orders).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
