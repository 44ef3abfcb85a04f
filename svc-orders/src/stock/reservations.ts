import { STOCK_RESERVATIONS_PATH, StockReservation, type StockReservationLine } from '@edicola/contracts';
import type { InternalClient } from '@edicola/platform';

/**
 * Reserves the lines of an order in svc-catalog (all or none, idempotent by order id) and answers the
 * catalogue's price snapshot of each line. Never call it inside a transaction.
 */
export async function reserveStock(
  internal: InternalClient,
  orderId: string,
  lines: StockReservationLine[],
): Promise<StockReservation> {
  const answer = await internal.post(
    'svc-catalog',
    STOCK_RESERVATIONS_PATH,
    { order_id: orderId, lines },
    { idempotencyKey: orderId },
  );
  return StockReservation.parse(answer);
}

/** Gives an order's reservation back (idempotent in svc-catalog). */
export async function releaseStock(internal: InternalClient, orderId: string): Promise<void> {
  await internal.delete('svc-catalog', `${STOCK_RESERVATIONS_PATH}/${orderId}`);
}

/** The job that retries a release that failed when the order could not be stored. */
export const RELEASE_STOCK_JOB = 'stock.release-reservation';
