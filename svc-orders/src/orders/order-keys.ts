import {
  buyerScope,
  idempotencyKeys,
  requestFingerprint,
  type IdempotencyKeys,
  type IdempotentRequest,
} from '@edicola/platform';
import { idempotencyKeys as keysTable } from '../db/schema';
import type { OrderRequest, Orderer } from './creation';
import { mergeLines } from './pricing';

/**
 * The Idempotency-Keys of order creation (platform's module). A request holds its key for half the placement
 * timeout: a retry after that resumes the same order id while the first attempt's placement (and so its
 * reservation) still stands.
 */
export function orderKeys(placementTimeoutMs: number): IdempotencyKeys {
  const leaseMs = Math.max(1000, Math.floor(placementTimeoutMs / 2));
  return idempotencyKeys(keysTable, { leaseMs, waitMs: leaseMs + 2000 });
}

/**
 * What an order asks for (not order_date or status, which the server ignores and a double click may change):
 * a key reused for a different cart is refused instead of answering another order.
 */
function orderFingerprint(request: OrderRequest, orderer: Orderer): string {
  const items = mergeLines(request.items).sort((a, b) => a.article_id.localeCompare(b.article_id));
  return requestFingerprint({
    items,
    customer_id: orderer.customerId,
    customer_info: request.customer_info,
    payment_method: request.payment_method,
    invoice_data: request.invoice_data ?? null,
    shipping_zone: request.shipping_zone ?? null,
  });
}

/** POST /orders' key: scoped to the customer, or to the guest's e-mail, so it never answers another buyer. */
export function shopperOrderKey(key: string, request: OrderRequest, orderer: Orderer): IdempotentRequest {
  const scope = buyerScope(orderer.customerId, request.customer_info.email);
  return { scope, key, fingerprint: orderFingerprint(request, orderer) };
}

/** POST /internal/orders: svc-payments' order id is its key. */
export function internalOrderKey(
  orderId: string,
  request: OrderRequest,
  orderer: Orderer,
): IdempotentRequest {
  return { scope: 'service:svc-payments', key: orderId, fingerprint: orderFingerprint(request, orderer) };
}
