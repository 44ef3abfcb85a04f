import { scheduledEmails } from '../db/schema';
import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { DAY_MS } from '../context';
import { storeOrder, transferDueAt } from '../orders/facts';
import { orderReceivedMail } from '../templates/customer-mails';
import { newEbayOrderToShop, newOrderToShop } from '../templates/shop-mails';

/** The reminder goes this long before a transfer's due date. */
const REMINDER_BEFORE_MS = 2 * DAY_MS;

/**
 * A new order: svc-notify keeps its facts. A bank-transfer order is told at once (what to pay, where, by when),
 * the shop too, and its reminder is scheduled; an online order waits for its payment (payment.succeeded): an
 * attempt that is never paid sends nothing. An eBay buyer's order (paid on eBay) is told to the shop only, with the
 * warning when its last unit was sold twice: eBay writes to its buyer, the shop never does.
 */
export function onOrderCreated(ctx: NotifyContext): EventHandler<'order.created'> {
  return async (event, tx) => {
    const order = event.data;
    if (order.channel === 'ebay') {
      if (!(await storeOrder(tx, order, null))) return;
      await ctx.mailer.send(tx, {
        kind: order.stock_conflict ? 'shop_ebay_stock_conflict' : 'shop_new_ebay_order',
        about: order.order_id,
        orderId: order.order_id,
        language: 'it',
        mail: await newEbayOrderToShop(order, ctx.shop),
      });
      return;
    }
    const transfer = order.payment_method === 'transfer';
    const dueAt = transfer ? transferDueAt(order, ctx.transferPaymentDays) : null;
    if (!(await storeOrder(tx, order, dueAt)) || !transfer || !dueAt) return;
    await ctx.mailer.send(tx, {
      kind: 'order_received',
      about: order.order_id,
      orderId: order.order_id,
      language: order.language,
      // Anyone can place a transfer order with anyone's address: this one counts against the cap.
      outsider: true,
      mail: await orderReceivedMail(order, ctx.shop, dueAt),
    });
    await ctx.mailer.send(tx, {
      kind: 'shop_new_order',
      about: order.order_id,
      orderId: order.order_id,
      language: 'it',
      mail: await newOrderToShop(order, ctx.shop, false),
    });
    const remindAt = new Date(dueAt.getTime() - REMINDER_BEFORE_MS);
    if (remindAt.getTime() > new Date(order.created_at).getTime()) {
      await tx
        .insert(scheduledEmails)
        .values({
          key: `transfer_reminder:${order.order_id}`,
          kind: 'transfer_reminder',
          orderId: order.order_id,
          dueAt: remindAt,
        })
        .onConflictDoNothing({ target: scheduledEmails.key });
    }
  };
}
