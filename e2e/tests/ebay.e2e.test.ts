import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { EbayListing, OrderList } from '@edicola/contracts';
import type { Browser, Page } from 'playwright-core';
import { collectErrors, launchBrowser, seriousA11yViolations, shop } from '../support/shop';
import { api, newArticle, staffToken } from '../support/staff-api';

// eBay on the same stock (docs/product/ebay.md), against the all-in-one shop's demo eBay: the admin connects the
// shop's account through the consent page, an article with 3 units goes on eBay, a web order takes one and eBay
// shows 2, an eBay buyer takes the other two and the shop's stock is 0, with the order in Ordini and the shop's
// e-mail. Each wait is bounded by the minute; 'Sincronizza ora' only makes it shorter.
const MINUTE = 60_000;

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = MINUTE): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const stockOf = async (articleId: string) =>
  (await api<{ id: string; quantity_stock: number }[]>('GET', '/public/articles')).body.find(
    (a) => a.id === articleId,
  )?.quantity_stock;

/** The quantity eBay shows on the listing's page ("Disponibili: N", "Esaurito"). */
async function quantityOnEbay(listingUrl: string): Promise<number> {
  const html = await (await fetch(listingUrl)).text();
  if (html.includes('Esaurito')) return 0;
  const match = /Disponibili: (\d+)/.exec(html);
  if (!match) throw new Error(`no quantity on ${listingUrl}`);
  return Number(match[1]);
}

/** The e-mails' subjects (.eml files under DATA_DIR/mail: no SMTP in the journeys) that contain `subject`. */
async function mailSubjects(subject: string): Promise<string[]> {
  const folder = path.join(shop.dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(folder, file)))));
  return mails.flatMap((mail) => (mail.subject?.includes(subject) ? [mail.subject] : []));
}

describe('eBay on the same stock, with the demo eBay', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'it-IT' });
    page = await context.newPage();
    errors = collectErrors(page);
    token = await staffToken();
  });
  afterAll(() => browser?.close());

  it(
    'connects the account, lists 3 units, follows a web order and an eBay order, and shows it in Ordini',
    async () => {
      // The admin connects the shop's eBay account through eBay's (demo) consent page.
      await page.goto(`${shop.webUrl}/gestione/login`);
      await page.getByLabel('Nome utente').fill(shop.admin.username);
      await page.getByLabel('Password').fill(shop.admin.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL(/\/gestione$/);
      await page.goto(`${shop.webUrl}/gestione/ebay`);
      await page.getByText('Nessun account eBay collegato.').waitFor();
      await page.getByRole('button', { name: 'Collega account eBay' }).click();
      await page.getByRole('link', { name: 'Consenti' }).click();
      await page.waitForURL(/\/gestione\/ebay$/);
      await page.getByText('Account eBay collegato', { exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      // An article with 3 units (and a photo: eBay lists nothing without one) goes on eBay.
      const article = await newArticle(token, 3, { photo: true });
      const put = await api<EbayListing>('PUT', `/api/articles/${article.id}/ebay`, { enabled: true }, token);
      expect(put.status).toBe(200);
      const listed = await until('the listing published with 3 units', async () => {
        await api('POST', '/api/ebay/sync', undefined, token);
        const listing = EbayListing.parse(
          (await api('GET', `/api/articles/${article.id}/ebay`, undefined, token)).body,
        );
        return listing.state === 'listed' && listing.quantity_on_ebay === 3 ? listing : undefined;
      });
      expect(await quantityOnEbay(listed.listing_url!)).toBe(3);

      // A web order of 1 (an unpaid bank transfer holds its unit): eBay shows 2 within the minute.
      const { body: shipping } = await api<{ shipping_cost: number }>(
        'GET',
        '/shipping/calculate?total_amount=24.4&quantity=1&country=IT',
      );
      const order = await api<{ order_id: string }>('POST', '/orders', {
        items: [{ article_id: article.id, quantity: 1 }],
        customer_info: {
          name: 'Gennaro Russo',
          email: `gennaro.${Date.now()}@example.it`,
          phone: '+39 081 555 0404',
          address: 'Via Toledo 256',
          city: 'Napoli',
          zipCode: '80134',
        },
        payment_method: 'transfer',
        total_amount: Math.round((24.4 + shipping.shipping_cost) * 100) / 100,
      });
      expect(order.status).toBe(201);
      await until('eBay showing 2 after the web order', async () => {
        await api('POST', '/api/ebay/sync', undefined, token);
        return (await quantityOnEbay(listed.listing_url!)) === 2 ? true : undefined;
      });

      // An eBay buyer takes the other 2: the shop's stock is 0 within the minute, the order in Ordini, the e-mail.
      const bought = await api<{ order_id: string }>('POST', '/demo/ebay/orders', {
        sku: article.sku,
        quantity: 2,
      });
      expect(bought.status).toBe(201);
      const ebayOrderId = bought.body.order_id;
      const imported = await until('the eBay order in the shop', async () => {
        await api('POST', '/api/ebay/sync', undefined, token);
        const list = OrderList.parse(
          (
            await api(
              'GET',
              `/api/orders?channel=ebay&q=${encodeURIComponent(ebayOrderId)}`,
              undefined,
              token,
            )
          ).body,
        );
        return list.orders.find((o) => o.external_id === ebayOrderId);
      });
      expect(imported).toMatchObject({
        channel: 'ebay',
        status: 'paid',
        payment_method: 'ebay',
        stock_conflict: false,
      });
      expect(imported.items.map((item) => [item.article_id, item.quantity])).toEqual([[article.id, 2]]);
      expect(await stockOf(article.id)).toBe(0);
      await until('eBay showing the article sold out', async () =>
        (await quantityOnEbay(listed.listing_url!)) === 0 ? true : undefined,
      );
      await until('the shop told of the eBay order', async () =>
        (await mailSubjects(`Nuovo ordine eBay ${imported.order_reference}`)).length === 1 ? true : undefined,
      );

      // Read again and again: still one order.
      await api('POST', '/api/ebay/sync', undefined, token);
      const again = OrderList.parse(
        (await api('GET', `/api/orders?channel=ebay&q=${encodeURIComponent(ebayOrderId)}`, undefined, token))
          .body,
      );
      expect(again.orders.filter((o) => o.external_id === ebayOrderId)).toHaveLength(1);

      // Ordini: the eBay filter and the search by eBay's order id find it, with its badge.
      await page.goto(`${shop.webUrl}/gestione/ordini?canale=ebay&q=${encodeURIComponent(ebayOrderId)}`);
      const rows = page.locator('tbody tr');
      await rows.first().getByText('eBay', { exact: true }).first().waitFor();
      expect(await rows.count()).toBe(1);
      expect(errors).toEqual([]);
    },
    5 * MINUTE,
  );
});
