import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { lockOrder, updateOrder } from '../orders/facts';
import { paymentReceivedMail } from '../templates/customer-mails';
import { newOrderToShop } from '../templates/shop-mails';

/** The money of an online order was taken: "payment received, order confirmed", and the shop gets the order. */
export function onPaymentSucceeded(ctx: NotifyContext): EventHandler<'payment.succeeded'> {
  return async (event, tx) => {
    const payment = event.data;
    const row = await lockOrder(tx, payment.order_id);
    const order = row.facts;
    if (!row.paidAt) await updateOrder(tx, row.orderId, { paidAt: new Date(payment.succeeded_at) });
    const base = { about: order.order_id, orderId: order.order_id };
    await ctx.mailer.send(tx, {
      ...base,
      kind: 'payment_received',
      language: order.language,
      mail: await paymentReceivedMail(order, ctx.shop, payment.amount_cents),
    });
    await ctx.mailer.send(tx, {
      ...base,
      kind: 'shop_new_order',
      language: 'it',
      mail: await newOrderToShop(order, ctx.shop, true),
    });
  };
}
