import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { placeTransferOrder } from '../support/guest-orders';
import { mailAbout } from '../support/mail';
import { newVisitorEachTest, root, seriousA11yViolations, shop } from '../support/shop';

const shots = path.join(root, 'test-results', 'screenshots');

/** The address of the e-mail's 'Vedi il tuo ordine' (docs/product/account.md#order-page). */
function orderLinkOf(mail: ParsedMail): string {
  const href = /href="([^"]*\/ordini\/[^"]+)"/.exec(String(mail.html))?.[1];
  if (!href) throw new Error(`no order page link in "${mail.subject}"`);
  return href.replace(/&amp;/g, '&');
}

describe("a guest follows and cancels an order from its e-mail's link", () => {
  let page: Page;
  let errors: string[];
  newVisitorEachTest({ locale: 'it-IT' }, (visit) => ({ page, errors } = visit));

  it('opens the order page of the link, sees the transfer to make, cancels the order and sees it cancelled', async () => {
    const email = `ospite.${Date.now()}@example.it`;
    const { article, order } = await placeTransferOrder(email, 'it');
    const received = await mailAbout(email, `Ordine ${order.order_reference} ricevuto`);
    const link = orderLinkOf(received);
    expect(link).toMatch(new RegExp(`^${shop.webUrl}/ordini/${order.order_id}\\?t=[\\w-]{43}$`));

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: `Ordine ${order.order_reference}` }).waitFor();
    expect(await page.getByTestId('order-page-status').textContent()).toBe('In Attesa');
    const transfer = page.getByTestId('order-page-transfer');
    await transfer.getByText(order.order_reference, { exact: true }).waitFor();
    await page.getByText(`1 × ${article.title}`).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'order-page-unpaid-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Annulla ordine' }).click();
    const dialog = page.getByRole('alertdialog', { name: "Vuoi annullare l'ordine?" });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'order-page-confirm-1280.png') });
    await dialog.getByRole('button', { name: "Sì, annulla l'ordine" }).click();
    await page.getByText("L'ordine è stato annullato.").waitFor();
    expect(await page.getByTestId('order-page-status').textContent()).toBe('Annullato');
    expect(await page.getByRole('button', { name: 'Annulla ordine' }).count()).toBe(0);
    expect(await transfer.count()).toBe(0);

    // The server has it cancelled: a new visit shows it so, and the cancellation's e-mail links the same page.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Ordine ${order.order_reference}` }).waitFor();
    expect(await page.getByTestId('order-page-status').textContent()).toBe('Annullato');
    const cancelled = await mailAbout(email, `Il tuo ordine ${order.order_reference} è stato annullato`);
    expect(orderLinkOf(cancelled)).toBe(link);

    // Another token opens nothing, and says so.
    await page.goto(link.replace(/t=[\w-]+$/, `t=${'x'.repeat(43)}`));
    await page.getByText(/^Ordine non trovato: il link non è valido/).waitFor();
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
  });
});
