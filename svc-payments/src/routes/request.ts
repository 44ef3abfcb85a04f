import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { IDEMPOTENCY_HEADER, IdempotencyKey, type OnlineCheckoutRequest } from '@edicola/contracts';
import {
  bearerToken,
  buyerScope,
  HttpError,
  requestFingerprint,
  unauthorized,
  type IdempotentRequest,
  type TokenVerifier,
} from '@edicola/platform';

/** The request's Idempotency-Key (one per checkout attempt), or a fresh one: a repeat with it pays once. */
export function idempotencyKey(req: Request): string {
  const raw = req.get(IDEMPOTENCY_HEADER);
  if (raw === undefined || raw.trim() === '') return randomUUID();
  // Read as svc-orders reads it on POST /orders.
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(422, parsed.error.issues[0]!.message);
  }
  return parsed.data;
}

/**
 * The Idempotency-Key of a checkout (card or PayPal): scoped to the buyer (customer account, or the guest's
 * e-mail), so one buyer's key never answers another's checkout; the body's fingerprint refuses another cart.
 */
export function checkoutKey(
  method: 'card' | 'paypal',
  req: Request,
  body: OnlineCheckoutRequest,
  customerId: string | null,
): IdempotentRequest {
  return {
    scope: buyerScope(customerId, body.customer_email),
    key: `${method}:${idempotencyKey(req)}`,
    fingerprint: requestFingerprint({ method, customer_id: customerId, body }),
  };
}

/**
 * The logged-in customer of an optional bearer token, whose order is then theirs. A token that does not verify is
 * refused rather than ignored (as POST /orders does), so nobody's order silently goes unlisted in their account.
 */
export async function customerOf(req: Request, verifier: TokenVerifier): Promise<string | null> {
  const token = bearerToken(req.get('authorization'));
  if (!token) return null;
  const claims = await verifier.verify(token).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    throw unauthorized('Sessione non valida o scaduta');
  });
  return claims.kind === 'customer' ? claims.sub : null;
}
