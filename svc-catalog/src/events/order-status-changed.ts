import { z } from 'zod';
import type { Event } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { releaseReservation, releasesStock } from '../stock/release';

const OrderId = z.uuid();

/**
 * svc-catalog's answer to an order's status change: a cancelled order gives back the stock its
 * reservation holds (not the event's items), once, however often the event is delivered or replayed.
 * True when stock went back.
 */
export async function onOrderStatusChanged(tx: Db, event: Event<'order.status_changed'>): Promise<boolean> {
  if (!releasesStock(event.data.from, event.data.to)) return false;
  // Orders reserve under their uuid; any other id cannot hold stock here.
  if (!OrderId.safeParse(event.data.order_id).success) return false;
  return releaseReservation(tx, event.data.order_id);
}
