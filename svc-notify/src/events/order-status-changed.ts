import type { EventHandler } from '@edicola/platform';
import { scheduledEmails } from '../db/schema';
import { DAY_MS, type NotifyContext } from '../context';
import { lockOrder, updateOrder } from '../orders/facts';
import {
  cancelledMail,
  deliveredMail,
  paymentReceivedMail,
  shippedMail,
  transferExpiredMail,
} from '../templates/customer-mails';

/**
 * Where the order went: a bank transfer staff recorded (pending to paid), shipped, delivered (and its review
 * request scheduled) and cancelled are told to the customer, each once per order. A cancelled transfer whose due date passed unpaid gets the expiry e-mail; an
 * online order never paid was never confirmed to the customer, so its cancellation says nothing more than the
 * payment.failed e-mail did. An eBay buyer hears from eBay: their order's moves are only recorded.
 */
export function onOrderStatusChanged(ctx: NotifyContext): EventHandler<'order.status_changed'> {
  return async (event, tx) => {
    const change = event.data;
    const row = await lockOrder(tx, change.order_id);
    const order = row.facts;
    const newer = change.order_version > row.orderVersion;
    if (newer) await updateOrder(tx, row.orderId, { status: change.to, orderVersion: change.order_version });
    if (order.channel === 'ebay') return;
    const base = { about: order.order_id, orderId: order.order_id, language: order.language };
    const transfer = order.payment_method === 'transfer';
    const now = new Date();

    if (
      (change.to === 'paid' || change.to === 'confirmed') &&
      !row.paidAt &&
      transfer &&
      change.from === 'pending'
    ) {
      // Staff recorded the transfer: no reminder any more, and the customer hears the money arrived. The kind is
      // the online payment's: one "payment received" per order, whichever way it was paid.
      await updateOrder(tx, row.orderId, { paidAt: now });
      await ctx.mailer.send(tx, {
        ...base,
        kind: 'payment_received',
        mail: await paymentReceivedMail(order, ctx.shop, null),
      });
    } else if (change.to === 'shipped') {
      const trackingNumber = change.tracking_number;
      const trackingUrl = trackingNumber
        ? ctx.trackingUrl.replace('{tracking_number}', encodeURIComponent(trackingNumber))
        : null;
      await ctx.mailer.send(tx, {
        ...base,
        kind: 'shipped',
        mail: await shippedMail(order, ctx.shop, {
          carrier: change.carrier ?? null,
          trackingNumber,
          trackingUrl,
        }),
      });
    } else if (change.to === 'delivered') {
      await updateOrder(tx, row.orderId, { deliveredAt: now });
      await ctx.mailer.send(tx, { ...base, kind: 'delivered', mail: await deliveredMail(order, ctx.shop) });
      await tx
        .insert(scheduledEmails)
        .values({
          key: `review_request:${order.order_id}`,
          kind: 'review_request',
          orderId: order.order_id,
          dueAt: new Date(now.getTime() + ctx.reviewRequestDelayDays * DAY_MS),
        })
        .onConflictDoNothing({ target: scheduledEmails.key });
    } else if (change.to === 'cancelled') {
      if (!row.cancelledAt) await updateOrder(tx, row.orderId, { cancelledAt: now });
      const paid = row.paidAt !== null || (change.from !== 'pending' && change.from !== null);
      const expired = transfer && !paid && row.paymentDueAt !== null && row.paymentDueAt <= now;
      if (expired) {
        await ctx.mailer.send(tx, {
          ...base,
          kind: 'transfer_expired',
          mail: await transferExpiredMail(order, ctx.shop, row.paymentDueAt!),
        });
      } else if (transfer || paid) {
        await ctx.mailer.send(tx, {
          ...base,
          kind: 'cancelled',
          mail: await cancelledMail(order, ctx.shop, paid && !transfer),
        });
      }
    }
  };
}
