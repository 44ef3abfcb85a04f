import type { Page } from 'playwright-core';
import { appRendered, newVisitorEachTest, shop } from '../support/shop';
import { api, staffToken } from '../support/staff-api';

/** docs/product/release-hour.md: a pre-sale that opens at a set time, seen on a phone. */
const phone = {
  locale: 'it-IT',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

async function presale(token: string, opensInMs: number) {
  const sku = `E2E-REL-${Date.now()}-${Math.round(Math.random() * 1000)}`;
  const res = await api<{ id: string; slug: string; title: string; price: number }>(
    'POST',
    '/api/articles',
    {
      sku,
      title: `Pokémon Evoluzioni Prismatiche Display ${sku}`,
      description: 'Display da 36 buste, uscita ufficiale.',
      category: 'Pokemon',
      product_type: 'prevendita',
      availability_date: '2027-01-17',
      price: 150,
      iva_percentage: 22,
      quantity_stock: 10,
      sale_starts_at: new Date(Date.now() + opensInMs).toISOString(),
    },
    token,
  );
  expect(res.status).toBe(201);
  return res.body;
}

describe('release hour', () => {
  let page: Page;
  let errors: string[];
  newVisitorEachTest(phone, (visit) => ({ page, errors } = visit));

  it('before the hour: the first paint carries the countdown, the button waits and the server refuses the order', async () => {
    const token = await staffToken();
    const article = await presale(token, 60 * 60_000);
    // The storefront server's first paint, before any JavaScript.
    const html = await (await fetch(`${shop.webUrl}/prodotti/${article.slug}`)).text();
    expect(html).toContain('class="cat-release"');
    expect(html).toMatch(/In vendita dal \d\d\/\d\d\/\d{4} alle \d\d:\d\d \(ora italiana\)/);

    await page.goto(`${shop.webUrl}/prodotti/${article.slug}`);
    await appRendered(page);
    const countdown = page.getByTestId('release-countdown');
    await countdown.waitFor();
    const waiting = page.getByRole('button', { name: 'Non ancora in vendita' });
    expect(await waiting.isDisabled()).toBe(true);
    // The seconds tick without moving the page.
    const seconds = countdown.locator('[data-unit="seconds"]');
    const first = await seconds.textContent();
    const box = await waiting.boundingBox();
    await page.waitForFunction(
      (shown) => document.querySelector('[data-unit="seconds"]')?.textContent !== shown,
      first,
    );
    expect(await waiting.boundingBox()).toEqual(box);

    const order = await api<{ detail: string }>('POST', '/orders', {
      items: [{ article_id: article.id, quantity: 1 }],
      customer_info: {
        name: 'Ciro Esposito',
        email: 'ciro.release@example.it',
        phone: '+39 081 555 1234',
        address: 'Via Toledo 256',
        city: 'Napoli',
        zipCode: '80132',
      },
      payment_method: 'transfer',
      total_amount: 192,
    });
    expect(order.status).toBe(409);
    expect(order.body.detail).toContain('non si può ancora ordinare');
    expect(errors).toEqual([]);
  });

  it('at the hour the countdown gives way to the add-to-cart', async () => {
    // Far enough ahead for the page to load first on a busy machine.
    const article = await presale(await staffToken(), 20_000);
    await page.goto(`${shop.webUrl}/prodotti/${article.slug}`);
    await appRendered(page);
    await page.getByTestId('release-countdown').waitFor();
    const add = page.getByRole('button', { name: 'Aggiungi al Carrello' });
    await add.waitFor({ timeout: 40_000 });
    expect(await add.isEnabled()).toBe(true);
    expect(await page.getByTestId('release-countdown').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
