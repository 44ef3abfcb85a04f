import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { AdminArticle, GiftCard, GiftCardList } from '@edicola/contracts';
import { appRendered, collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';
import { api, staffToken } from '../support/staff-api';

// Gift cards end to end (docs/product/cart-and-checkout.md#gift-cards): an admin issues a 50 € card; a shopper pays a
// 30 € web order with it alone, a cashier takes the other 20 € of it at the counter with cash for the rest; the card
// is then empty.
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** A VAT-exempt article of the given gross price (so its gross is exactly the price), in stock. */
async function article(token: string, cents: number): Promise<AdminArticle> {
  const sku = `E2E-GIFT-${randomUUID().slice(0, 8).toUpperCase()}`;
  const res = await api<AdminArticle>(
    'POST',
    '/api/articles',
    {
      sku,
      title: `Buono test ${sku.slice(-8)}`,
      description: 'Articolo del test dei buoni regalo',
      category: 'Modellismo',
      price: cents / 100,
      iva_percentage: 0,
      quantity_stock: 5,
    },
    token,
  );
  expect(res.status).toBe(201);
  return res.body;
}

describe('gift cards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a 50 € gift card pays 30 € of a web order and 20 € at the counter; its balance is then 0', async () => {
    const token = await staffToken();
    const issued = await api<GiftCard>(
      'POST',
      '/api/admin/gift-cards',
      { amount: 50, origin: 'goodwill' },
      token,
    );
    expect(issued.status).toBe(201);
    const code = issued.body.code;

    // A web order of 30,00 € with its shipping: the article costs 30 € less what shipping one piece costs.
    const quote = await api<{ shipping_cost: number }>(
      'GET',
      '/shipping/calculate?country=IT&total_amount=25&quantity=1',
    );
    const shippingCents = Math.round(quote.body.shipping_cost * 100);
    const web = await article(token, 3000 - shippingCents);
    const check = await api<{ shipping_cost: number }>(
      'GET',
      `/shipping/calculate?country=IT&total_amount=${(3000 - shippingCents) / 100}&quantity=1`,
    );
    expect(Math.round(check.body.shipping_cost * 100)).toBe(shippingCents);

    const visitor = await browser.newContext({ locale: 'it-IT', viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    const errors = collectErrors(page);
    // Its own page: the catalogue's first card can be another test's newer article.
    await page.goto(`${shop.webUrl}/prodotti/${web.slug}`);
    await appRendered(page);
    await page.getByRole('button', { name: 'Aggiungi al Carrello' }).click();
    await page.getByRole('button', { name: /^Carrello – articoli: / }).click();
    const cart = page.getByRole('dialog', { name: 'Il tuo carrello' });
    await cart.getByTestId('cart-shipping').waitFor();
    expect(plain(await cart.getByTestId('cart-total').textContent())).toBe('30,00 €');
    await cart.getByRole('button', { name: 'Hai un buono regalo?' }).click();
    await cart.getByLabel('Codice del buono regalo').fill(code.toLowerCase());
    await cart.getByRole('button', { name: 'Usa', exact: true }).click();
    await cart.getByTestId('cart-gift-card').waitFor();
    expect(plain(await cart.getByTestId('cart-gift-card').textContent())).toBe('−30,00 €');
    expect(plain(await cart.getByTestId('cart-due').textContent())).toBe('0,00 €');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await cart.getByRole('button', { name: 'Procedi al Pagamento' }).click();
    const payment = page.getByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    await payment.getByRole('button', { name: /Bonifico bancario/ }).click();
    const form = page.getByRole('dialog', { name: 'I tuoi dati' });
    for (const [label, value] of Object.entries({
      'Nome completo': 'Luca Ferraro',
      Email: 'luca.ferraro@example.it',
      Telefono: '+39 081 222 3344',
      'Indirizzo di spedizione': 'Via Chiaia 5',
      Città: 'Napoli',
      CAP: '80121',
    })) {
      await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
    await form.getByRole('button', { name: 'Conferma Ordine' }).click();
    await page.getByRole('dialog', { name: 'Ordine confermato!' }).waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await visitor.close();

    const balance = async () => {
      const list = await api<GiftCardList>('GET', '/api/admin/gift-cards', undefined, token);
      return list.body.gift_cards.find((card) => card.code === code)!;
    };
    expect((await balance()).balance).toBe(20);

    // The counter: a 25 € article, 20 € from the card and 5 € cash.
    const counterArticle = await article(token, 2500);
    const counter = await browser.newContext({ locale: 'it-IT', viewport: { width: 1024, height: 768 } });
    const till = await counter.newPage();
    await till.goto(`${shop.webUrl}/gestione/login`);
    await till.getByLabel('Nome utente').fill(shop.cashier.username);
    await till.getByLabel('Password').fill(shop.cashier.password);
    await till.getByRole('button', { name: 'Accedi' }).click();
    await till.waitForURL(/\/gestione\/cassa$/);
    const search = till.getByLabel('Codice o titolo');
    await search.fill(counterArticle.sku);
    await search.press('Enter');
    await till.getByRole('spinbutton', { name: `Quantità: ${counterArticle.title}`, exact: true }).waitFor();
    await till.getByLabel('Codice buono regalo').fill(code);
    await till.getByLabel('Parte pagata col buono (€)').fill('20');
    await till.getByLabel('Contanti ricevuti (€)').fill('5');
    await till.getByTestId('payment-state').filter({ hasText: 'Resto' }).waitFor();
    await till.keyboard.press('F9');
    await till.getByRole('heading', { name: 'Vendita conclusa' }).waitFor({ timeout: 30_000 });
    await counter.close();

    const spent = await balance();
    expect(spent.balance).toBe(0);
    expect(spent.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['issued', 50],
      ['redeemed', -30],
      ['redeemed', -20],
    ]);
  }, 240_000);
});
