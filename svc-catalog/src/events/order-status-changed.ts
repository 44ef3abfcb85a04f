import { z } from 'zod';
import type { EventBus, EventHandler } from '@edicola/platform';
import type { ResponseCache } from '../cache/response-cache';
import { recordPurchase } from '../reviews/verified-purchases';
import { releaseReasonOf, releaseReservation, releasesStock } from '../stock/release';

const OrderId = z.uuid();

/**
 * svc-catalog's answer to an order's status change: what the order bought is kept for verified reviews, and a
 * cancelled order gives back the stock its reservation holds (not the event's items), once, however often the
 * event is delivered or replayed. The public lists are dropped from the cache once stock went back.
 */
export function onOrderStatusChanged(
  cache: ResponseCache,
  bus: EventBus,
): EventHandler<'order.status_changed'> {
  return async (event, tx, { afterCommit }) => {
    await recordPurchase(tx, event);
    const { from, to, order_id: orderId } = event.data;
    if (!releasesStock(from, to)) return;
    // Orders reserve under their uuid; any other id cannot hold stock here.
    if (!OrderId.safeParse(orderId).success) return;
    if (await releaseReservation(tx, bus, orderId, releaseReasonOf(from)))
      afterCommit(() => cache.invalidate());
  };
}
