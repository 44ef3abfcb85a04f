import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ArticleList, type Article } from '@edicola/contracts';
import { newVisitorEachTest, root, seriousA11yViolations, shop } from '../support/shop';

// Online payments of issue 9 in real Chromium against the real shop (all-in-one, every provider in demo
// mode): the shop's demo payment page stands in for Stripe Checkout, Klarna and PayPal.
const shots = path.join(root, 'test-results', 'screenshots');

async function catalogue(): Promise<Article[]> {
  return ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
}

/** An in-stock article with VAT, with enough stock for one more order; a different one per journey. */
let picked = 0;
async function pickArticle(): Promise<Article> {
  const inStock = (await catalogue()).filter(
    (a) => a.quantity_stock >= 2 && a.iva_percentage > 0 && a.product_type === 'normale',
  );
  if (inStock.length === 0) throw new Error('the demo catalogue has no article in stock');
  picked += 1;
  return inStock[picked % inStock.length]!;
}

async function stockOf(id: string): Promise<number> {
  return (await catalogue()).find((a) => a.id === id)!.quantity_stock;
}

const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const gross = (a: Article) => Math.round(Math.round(a.price * 100) * (1 + a.iva_percentage / 100));
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const guest = {
  'Nome completo': 'Giulia Romano',
  Email: 'giulia.romano@example.it',
  Telefono: '+39 081 222 3344',
  'Indirizzo di spedizione': 'Via Chiaia 5',
  Città: 'Napoli',
  CAP: '80121',
};

async function staffToken(): Promise<string> {
  const login = await fetch(`${shop.apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(shop.admin),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

/** The order as the staff sees it, found by the last 8 characters of its id. */
async function orderEndingWith(reference: string) {
  const list = (await (
    await fetch(`${shop.apiUrl}/api/orders`, { headers: { Authorization: `Bearer ${await staffToken()}` } })
  ).json()) as { orders: { id: string; status: string; payment_method: string; payment_status: string }[] };
  return list.orders.find((o) => o.id.toUpperCase().endsWith(reference.toUpperCase()));
}

describe('online payments (demo mode)', () => {
  let page: Page;
  let errors: string[];
  newVisitorEachTest(
    { locale: 'it-IT', viewport: { width: 1280, height: 900 } },
    (visit) => ({ page, errors } = visit),
  );

  const cartCount = () => page.getByTestId('cart-count').textContent();

  /** /prodotti → add the article → cart → 'Procedi al Pagamento' → the method → the details form. */
  async function toDetails(article: Article, method: RegExp): Promise<Locator> {
    await page.goto(`${shop.webUrl}/prodotti`);
    const card = page.getByTestId('article-card').filter({ hasText: article.title });
    await card.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
    await page.getByRole('button', { name: /^Carrello – articoli: / }).click();
    const cart = page.getByRole('dialog', { name: 'Il tuo carrello' });
    await cart.getByTestId('cart-shipping').waitFor();
    await cart.getByRole('button', { name: 'Procedi al Pagamento' }).click();
    const payment = page.getByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    // GET /payments/config: every provider in demo mode, and the checkout says so.
    await payment.getByText('DEMO: nessun addebito reale').first().waitFor();
    expect(await payment.getByText('DEMO: nessun addebito reale').count()).toBe(4);
    await payment.getByRole('button', { name: method }).click();
    return page.getByRole('dialog', { name: 'I tuoi dati' });
  }

  async function fill(form: Locator, details: Record<string, string>) {
    for (const [label, value] of Object.entries(details)) {
      await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
  }

  it('card, approved: the demo page, then /checkout/success says Pagato and the cart is empty', async () => {
    const article = await pickArticle();
    const stock = await stockOf(article.id);
    const form = await toDetails(article, /^Carta di credito o debito/);
    expect(await form.getByTestId('payment-demo-note').textContent()).toMatch(/^DEMO: nessun addebito reale/);
    await fill(form, guest);
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();

    await page.waitForURL(/\/pagamento-demo\?kind=card&id=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento con carta' }).waitFor();
    expect(await page.getByTestId('demo-banner').textContent()).toContain(
      'Pagina di pagamento dimostrativa: nessun addebito reale',
    );
    expect(plain(await page.getByTestId('demo-amount').textContent())).toBe(
      plain(euro(gross(article) + 900)),
    );
    expect(await page.getByTestId('demo-reference').textContent()).toMatch(/^ORD-[0-9A-F]{8}$/);
    expect(await page.getByTestId('demo-line').first().textContent()).toContain(article.title);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'payments-demo-card-1280.png') });
    expect(await stockOf(article.id)).toBe(stock - 1); // reserved by the pending order
    await page.getByRole('button', { name: 'Paga' }).click();

    await page.waitForURL(/\/checkout\/success\?session_id=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento completato!' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('payment-status').textContent()).toBe('Pagato');
    expect(plain(await page.getByTestId('payment-total').textContent())).toBe(
      plain(euro(gross(article) + 900)),
    );
    const reference = (await page.getByTestId('payment-reference').textContent())!.replace('ORD-', '');
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    // A guest's 'I miei ordini' is the order's own page, with its token (docs/product/account.md#order-page).
    expect(await page.getByRole('link', { name: 'I miei ordini' }).getAttribute('href')).toMatch(
      new RegExp(`^/ordini/[0-9a-f-]{28}${reference.toLowerCase()}\\?t=[\\w-]{43}$`),
    );
    expect(await cartCount()).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'payments-card-success-1280.png') });
    const order = await orderEndingWith(reference);
    expect(order).toMatchObject({ status: 'paid', payment_method: 'card', payment_status: 'paid' });
    expect(errors).toEqual([]);
  });

  it('card, declined: /checkout/cancelled, no charge, the cart kept and the stock released', async () => {
    const article = await pickArticle();
    const stock = await stockOf(article.id);
    const form = await toDetails(article, /^Carta di credito o debito/);
    await fill(form, guest);
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    await page.waitForURL(/\/pagamento-demo\?kind=card&id=/);
    await page.getByRole('button', { name: 'Rifiuta' }).click();

    await page.waitForURL(/\/checkout\/cancelled\?session_id=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento annullato' }).waitFor();
    expect(await page.getByTestId('payment-cancelled').textContent()).toBe(
      "Non è stato effettuato alcun addebito.Il tuo carrello è ancora disponibile: puoi completare l'acquisto quando vuoi.",
    );
    expect(await page.getByRole('link', { name: 'Torna ai prodotti' }).getAttribute('href')).toBe(
      '/prodotti',
    );
    expect(await page.getByRole('link', { name: 'Torna alla Home' }).getAttribute('href')).toBe('/');
    expect(await cartCount()).toBe('1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'payments-cancelled-1280.png') });
    // The session is cancelled at once: its order is cancelled and the stock comes back.
    for (let i = 0; i < 50 && (await stockOf(article.id)) !== stock; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await stockOf(article.id)).toBe(stock);
    expect(errors).toEqual([]);
  });

  it('Klarna pay in 3: the schedule in the dialog and on the demo page, then /payment-success', async () => {
    const article = await pickArticle();
    const total = gross(article) + 900;
    const form = await toDetails(article, /^Klarna – Paga in 3 rate/);
    await fill(form, guest);
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();

    const klarna = page.getByRole('dialog', { name: 'Pagamento con Klarna' });
    await klarna.waitFor();
    const third = Math.floor(total / 3);
    const amounts = [total - 2 * third, third, third].map((cents) => plain(euro(cents)));
    const rows = klarna.getByTestId('klarna-instalment');
    expect(await rows.count()).toBe(3);
    expect(plain(await rows.nth(0).textContent())).toContain('Oggi');
    for (let i = 0; i < 3; i += 1) expect(plain(await rows.nth(i).textContent())).toContain(amounts[i]!);
    expect(await klarna.getByText(/Pagamento sicuro tramite/).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'payments-klarna-dialog-1280.png') });
    await klarna.getByRole('button', { name: 'Continua con Klarna' }).click();

    await page.waitForURL(/\/pagamento-demo\?kind=klarna&id=.*option=in3/);
    const schedule = page.getByTestId('klarna-schedule');
    await schedule.waitFor();
    expect(await schedule.getByTestId('klarna-instalment').count()).toBe(3);
    expect(plain(await page.getByTestId('demo-amount').textContent())).toBe(plain(euro(total)));
    await page.screenshot({ path: path.join(shots, 'payments-demo-klarna-1280.png') });
    expect(await page.evaluate(() => sessionStorage.getItem('klarna_cart'))).not.toBeNull();
    await page.getByRole('button', { name: 'Paga' }).click();

    await page.waitForURL(/\/payment-success\?payment_intent=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento Klarna completato!' }).waitFor();
    expect(await page.getByTestId('payment-status').textContent()).toBe('Pagato');
    expect(plain(await page.getByTestId('payment-total').textContent())).toBe(plain(euro(total)));
    expect(await cartCount()).toBe('0');
    expect(await page.evaluate(() => sessionStorage.getItem('klarna_cart'))).toBeNull();
    const reference = (await page.getByTestId('payment-reference').textContent())!.replace('ORD-', '');
    expect(await orderEndingWith(reference)).toMatchObject({ payment_method: 'klarna', status: 'paid' });
    expect(errors).toEqual([]);
  });

  it('Klarna pay now: the whole amount today, then /payment-success', async () => {
    const article = await pickArticle();
    const total = gross(article) + 900;
    const form = await toDetails(article, /^Klarna – Paga ora/);
    await fill(form, guest);
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    const klarna = page.getByRole('dialog', { name: 'Pagamento con Klarna' });
    expect(plain(await klarna.getByTestId('klarna-pay-now').textContent())).toBe(
      plain(`Paghi oggi l'intero importo: ${euro(total)}.`),
    );
    await klarna.getByRole('button', { name: 'Continua con Klarna' }).click();
    await page.waitForURL(/\/pagamento-demo\?kind=klarna&id=.*option=now/);
    await page.getByTestId('klarna-pay-now').waitFor();
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL(/\/payment-success\?payment_intent=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento Klarna completato!' }).waitFor();
    expect(await cartCount()).toBe('0');
    const reference = (await page.getByTestId('payment-reference').textContent())!.replace('ORD-', '');
    expect(await orderEndingWith(reference)).toMatchObject({ payment_method: 'klarna-now', status: 'paid' });
    expect(errors).toEqual([]);
  });

  it('PayPal: hidden behind the yellow warning until the fields are filled, then approve → Pagato, cart emptied', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const article = await pickArticle();
    const form = await toDetails(article, /^PayPal/);
    const warning = form.getByTestId('paypal-warning');
    expect(await warning.textContent()).toBe('Completa tutti i campi obbligatori per procedere con PayPal');
    expect(await warning.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 231, 166)');
    expect(await form.getByRole('button', { name: 'Paga con PayPal' }).count()).toBe(0);
    await fill(form, { ...guest, Città: '' });
    expect(await form.getByRole('button', { name: 'Paga con PayPal' }).count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'payments-paypal-warning-390.png') });
    await fill(form, { Città: 'Napoli' });
    await warning.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Paga con PayPal' }).click();

    await page.waitForURL(/\/pagamento-demo\?kind=paypal&id=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento con PayPal' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'payments-demo-paypal-390.png') });
    await page.getByRole('button', { name: 'Approva' }).click();

    await page.waitForURL(/\/checkout\/success\?.*provider=paypal.*token=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento completato!' }).waitFor();
    expect(await page.getByTestId('payment-status').textContent()).toBe('Pagato');
    expect(await cartCount()).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    const reference = (await page.getByTestId('payment-reference').textContent())!.replace('ORD-', '');
    expect(await orderEndingWith(reference)).toMatchObject({ payment_method: 'paypal', status: 'paid' });
    expect(errors).toEqual([]);
  });

  it("Klarna, 'Annulla' in the checkout: the order is cancelled at once and the stock released; a new try is a new order", async () => {
    const article = await pickArticle();
    const stock = await stockOf(article.id);
    const form = await toDetails(article, /^Klarna – Paga ora/);
    await fill(form, guest);
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    const klarna = page.getByRole('dialog', { name: 'Pagamento con Klarna' });
    await klarna.waitFor();
    const first = (await klarna.getByTestId('klarna-reference').textContent())!.slice(4);
    expect(await stockOf(article.id)).toBe(stock - 1);
    await klarna.getByRole('button', { name: 'Annulla' }).click();

    const details = page.getByRole('dialog', { name: 'I tuoi dati' });
    await details.waitFor();
    for (let i = 0; i < 50 && (await stockOf(article.id)) !== stock; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await stockOf(article.id)).toBe(stock);
    expect(await orderEndingWith(first)).toMatchObject({ status: 'cancelled', payment_method: 'klarna-now' });
    await details.getByRole('button', { name: 'Conferma Ordine' }).click();
    await klarna.waitFor();
    const second = (await klarna.getByTestId('klarna-reference').textContent())!.slice(4);
    expect(second).not.toBe(first);
    expect(errors).toEqual([]);
  });

  it('PayPal, declined on its page: /checkout/cancelled, the order cancelled at once and the stock released', async () => {
    const article = await pickArticle();
    const stock = await stockOf(article.id);
    const form = await toDetails(article, /^PayPal/);
    await fill(form, guest);
    await form.getByRole('button', { name: 'Paga con PayPal' }).click();
    await page.waitForURL(/\/pagamento-demo\?kind=paypal&id=/);
    const paypalOrder = new URL(page.url()).searchParams.get('id')!;
    expect(await stockOf(article.id)).toBe(stock - 1);
    await page.getByRole('button', { name: 'Rifiuta' }).click();

    await page.waitForURL(/\/checkout\/cancelled\?provider=paypal&token=/);
    await page.getByRole('heading', { level: 1, name: 'Pagamento annullato' }).waitFor();
    expect(await cartCount()).toBe('1');
    for (let i = 0; i < 50 && (await stockOf(article.id)) !== stock; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await stockOf(article.id)).toBe(stock);
    // Approving afterwards is refused: the attempt is over.
    const late = await fetch(`${shop.apiUrl}/paypal/capture-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: paypalOrder }),
    });
    expect(late.status).toBe(409);
    expect(errors).toEqual([]);
  });

  it('the Klarna return page without its parameters, and the pages in another language', async () => {
    await page.goto(`${shop.webUrl}/payment-success?redirect_status=succeeded`);
    expect(await page.getByRole('alert').textContent()).toBe(
      'Parametri di pagamento mancanti. Contattaci per assistenza.',
    );
    expect(await page.getByRole('link', { name: 'Torna alla Home' }).getAttribute('href')).toBe('/');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`${shop.webUrl}/checkout/cancelled?provider=paypal`);
    await page.getByRole('heading', { level: 1, name: 'Payment cancelled' }).waitFor();
    expect(await page.getByTestId('payment-cancelled').textContent()).toContain('Nothing was charged.');
    expect(await page.title()).toBe('Payment cancelled – Edicola Napoli');
    expect(errors).toEqual([]);
  });

  it('in demo mode the storefront admits no payment provider origin (CSP)', async () => {
    const response = await page.goto(`${shop.webUrl}/checkout/cancelled`);
    const policy = (await response!.headerValue('content-security-policy'))!;
    expect(policy).not.toMatch(/stripe|paypal/i);
    await page.getByRole('heading', { level: 1, name: 'Pagamento annullato' }).waitFor();
    expect(await page.title()).toBe('Pagamento annullato – Edicola Napoli');
    expect(errors).toEqual([]);
  });
});
