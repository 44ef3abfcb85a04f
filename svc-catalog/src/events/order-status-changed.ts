import type { Event } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { releaseStock, releasesStock } from '../stock/release';

/** svc-catalog's answer to an order's status change: a cancelled order gives its stock back. */
export async function onOrderStatusChanged(tx: Db, event: Event<'order.status_changed'>): Promise<boolean> {
  if (!releasesStock(event.data.from, event.data.to)) return false;
  await releaseStock(tx, event.data.items);
  return true;
}
