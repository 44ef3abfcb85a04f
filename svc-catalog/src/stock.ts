import type { OrderStatus } from '@edicola/contracts';

/** Statuses in which an order holds stock reserved at creation. */
const HOLDING_STOCK: OrderStatus[] = ['pending', 'paid', 'confirmed'];

/** True when this status change gives the order's stock back to the shelf. */
export function releasesStock(from: OrderStatus | null, to: OrderStatus): boolean {
  return to === 'cancelled' && from !== null && HOLDING_STOCK.includes(from);
}
