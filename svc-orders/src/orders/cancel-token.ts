import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { CancelOrderResponse } from '@edicola/contracts';
import { conflict, HttpError, notFound } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { ORDER_NOT_FOUND } from './queries';
import { cancelUnpaidOrder, type UnpaidCancelling, type UnpaidCancelOutcome } from './unpaid-cancel';

/**
 * The order's token: the secret that lets the checkout which placed an order cancel it while unpaid, and the key
 * of the order page's signed link in the order's e-mails (docs/decisions/0055): HMAC-SHA256 of the order id under
 * a key derived (HKDF) from svc-orders' signing key. Nothing is stored, and the same order always has the same
 * token, so every repeat of a creation (Idempotency-Key, svc-payments' retried call) answers it too. Only svc-orders
 * can compute it; a new signing key makes the tokens of open orders invalid (those orders then end at their deadline).
 */
export interface CancelTokens {
  tokenFor(orderId: string): string;
  matches(orderId: string, token: string): boolean;
}

export function cancelTokens(signingKey: JWK): CancelTokens {
  if (typeof signingKey.d !== 'string') throw new Error('the signing key has no private part');
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(signingKey.d, 'base64url'), 'edicola', 'order cancel token', 32),
  );
  const mac = (orderId: string) => createHmac('sha256', key).update(orderId).digest();
  return {
    tokenFor: (orderId) => mac(orderId).toString('base64url'),
    matches(orderId, token) {
      const given = Buffer.from(token, 'base64url');
      const expected = mac(orderId);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export const NO_LONGER_CANCELLABLE = "L'ordine non si può più annullare: è già pagato o chiuso";
export const PAYMENTS_UNREACHABLE =
  'Non è stato possibile verificare il pagamento: riprova tra qualche istante';

/**
 * POST /orders/{id}/cancel: the checkout that holds the order's token gives up the still-unpaid order (the buyer
 * went back, chose another method, or left the provider's page), or its buyer on the order page. 404 for an unknown
 * order and for a wrong token alike (order ids cannot be probed), 409 once paid or moved on; a repeat on an order
 * already cancelled answers it as it is.
 */
export async function cancelWithToken(
  deps: UnpaidCancelling & { cancelTokens: CancelTokens },
  orderId: string,
  token: string,
): Promise<CancelOrderResponse> {
  const db = deps.database.db;
  const read = async () => (await db.select().from(orderRecords).where(eq(orderRecords.id, orderId)))[0];
  const row = await read();
  if (!row || !deps.cancelTokens.matches(orderId, token)) throw notFound(ORDER_NOT_FOUND);
  if (row.status === 'cancelled') return { order_id: row.id, status: row.status };
  let outcome: UnpaidCancelOutcome;
  try {
    outcome = await cancelUnpaidOrder(deps, orderId);
  } catch {
    // svc-payments could not say whether the provider was paid: nothing is cancelled.
    throw new HttpError(503, PAYMENTS_UNREACHABLE);
  }
  const after = await read();
  if (outcome === 'paid' || !after || after.status !== 'cancelled') throw conflict(NO_LONGER_CANCELLABLE);
  return { order_id: after.id, status: after.status };
}
