import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { placeTransferOrder } from '../support/guest-orders';
import { mailAbout } from '../support/mail';
import { newVisitorEachTest, shop } from '../support/shop';

async function api(pathname: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${shop.apiUrl}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Shows an e-mail's HTML in the browser, as a mail client would. */
async function openMail(page: Page, mail: ParsedMail) {
  await page.setContent(String(mail.html));
}

describe('the e-mails, opened in the browser', () => {
  let page: Page;
  newVisitorEachTest({ locale: 'en-GB' }, (visit) => ({ page } = visit));

  it("a transfer order's e-mail, in the customer's language, leads back to the shop", async () => {
    const email = `emma.${Date.now()}@example.co.uk`;
    const { order } = await placeTransferOrder(email, 'en');
    const mail = await mailAbout(email, order.order_reference);
    expect(mail.subject).toBe(`Order ${order.order_reference} received - Edicola Napoli`);

    await openMail(page, mail);
    await page.getByRole('heading', { level: 1, name: 'We have received your order' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByText(`Payment reference: ${order.order_reference}`).waitFor();
    await page.getByText('IBAN: ').waitFor();

    // E-mail links open a new tab.
    const [shopTab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Edicola Napoli' }).first().click(),
    ]);
    await shopTab.waitForURL(`${shop.webUrl}/`);
    await shopTab.getByRole('navigation').first().waitFor();
  });

  it('the review request after delivery opens /review with the article preselected', async () => {
    const login = await api('/api/auth/login', { method: 'POST', body: shop.admin });
    const token = login.body.access_token as string;
    const email = `recensore.${Date.now()}@example.it`;
    const { article, order } = await placeTransferOrder(email, 'it');
    // The transfer arrives (staff record it): only a paid order may be confirmed.
    const paid = await api(`/api/orders/${order.order_id}/payment`, {
      method: 'PUT',
      token,
      body: {
        received_on: new Date().toISOString().slice(0, 10),
        amount: order.total_amount,
        bank_reference: 'E2E-TRN-1',
      },
    });
    expect(paid.status).toBe(200);
    for (const step of ['confirmed', 'shipped&tracking_number=BRT-E2E-1', 'delivered']) {
      const moved = await api(`/api/orders/${order.order_id}/status?status=${step}`, {
        method: 'PUT',
        token,
      });
      expect(moved.status).toBe(200);
    }
    await mailAbout(email, 'consegnato');
    const run = await api('/admin/process-scheduled-emails', { method: 'POST', token });
    expect(run.status).toBe(200);
    expect(run.body.emails_sent).toBeGreaterThanOrEqual(1);
    const mail = await mailAbout(email, 'Lascia una recensione');

    await openMail(page, mail);
    const [reviewTab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: `Recensisci «${article.title}»` }).click(),
    ]);
    await reviewTab.waitForURL((url) => url.pathname === '/review');
    const url = new URL(reviewTab.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      article_id: article.id,
      order_id: order.order_id,
      email,
    });
    await reviewTab.getByRole('heading', { level: 1, name: 'Lascia una recensione' }).waitFor();
    expect(await reviewTab.getByLabel('Email *').inputValue()).toBe(email);
  });
});
