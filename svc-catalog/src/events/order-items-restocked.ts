import { z } from 'zod';
import type { EventBus, EventHandler } from '@edicola/platform';
import type { ResponseCache } from '../cache/response-cache';
import { restockOrderItems } from '../stock/restock';

const OrderId = z.uuid();

/** svc-catalog's answer to 'order.items_restocked': the units go back on sale once (stock/restock.ts). */
export function onOrderItemsRestocked(
  cache: ResponseCache,
  bus: EventBus,
): EventHandler<'order.items_restocked'> {
  return async (event, tx, { afterCommit }) => {
    if (!OrderId.safeParse(event.data.order_id).success) return;
    if (await restockOrderItems(tx, bus, event.data)) afterCommit(() => cache.invalidate());
  };
}
