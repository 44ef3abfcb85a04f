import {
  ArticlesByEan,
  pathTo,
  ROUTES,
  StockReservation,
  type StockReservationLine,
} from '@edicola/contracts';
import { HttpError, type InternalClient } from '@edicola/platform';

/**
 * Reserves the lines of an order in svc-catalog (all or none, idempotent by order id) and answers the
 * catalogue's price snapshot of each line. Never call it inside a transaction.
 */
export async function reserveStock(
  internal: InternalClient,
  orderId: string,
  lines: StockReservationLine[],
  /**
   * A counter sale's or eBay order's channel and who made it, for svc-catalog's stock ledger; a web order sends
   * its buyer instead (buyerOf), for the articles' per-buyer limits.
   */
  sale?: { channel: 'counter' | 'ebay'; username: string } | { buyer: string },
): Promise<StockReservation> {
  const answer = await internal.post(
    'svc-catalog',
    ROUTES['POST /internal/stock/reservations'].path,
    { order_id: orderId, lines, ...sale },
    { idempotencyKey: orderId },
  );
  return StockReservation.parse(answer);
}

/**
 * A web order's buyer for the per-buyer limits (docs/product/release-hour.md#per-buyer-limit): the customer
 * account when signed in, else the e-mail.
 */
export function buyerOf(customerId: string | null, email: string): string {
  return customerId ? `customer:${customerId}` : `email:${email.trim().toLowerCase()}`;
}

/**
 * Throws when the catalogue's answer is not the reservation asked for: pricing lines the catalogue did not
 * reserve would sell stock nobody holds.
 */
export function checkReservation(
  reservation: StockReservation,
  orderId: string,
  lines: StockReservationLine[],
): void {
  const asked = new Map(lines.map((line) => [line.article_id, line.quantity]));
  const same =
    reservation.order_id === orderId &&
    reservation.lines.length === asked.size &&
    reservation.lines.every((line) => asked.get(line.article_id) === line.quantity);
  if (!same)
    throw new HttpError(502, 'Il catalogo ha risposto con una prenotazione diversa da quella richiesta');
}

/** Gives an order's reservation back (idempotent in svc-catalog). */
export async function releaseStock(internal: InternalClient, orderId: string): Promise<void> {
  await internal.delete(
    'svc-catalog',
    pathTo(ROUTES['DELETE /internal/stock/reservations/:order_id'], { order_id: orderId }),
  );
}

/** The job that retries a release that failed when the order could not be stored. */
export const RELEASE_STOCK_JOB = 'stock.release-reservation';

/** The live articles carrying these EANs (a counter sale's lines given by barcode): EAN → article id. */
export async function articlesByEan(internal: InternalClient, eans: string[]): Promise<Map<string, string>> {
  const answer = ArticlesByEan.parse(
    await internal.get('svc-catalog', ROUTES['GET /internal/articles/by-ean'].path, {
      query: { eans: eans.join(',') },
    }),
  );
  return new Map(answer.articles.map((a) => [a.ean, a.article_id]));
}
