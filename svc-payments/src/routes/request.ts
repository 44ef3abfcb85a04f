import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { IDEMPOTENCY_HEADER } from '@edicola/contracts';
import { bearerToken, HttpError, unauthorized, type TokenVerifier } from '@edicola/platform';

/** As svc-orders reads it (printable ASCII, 1 to 100 characters after trimming). */
const KEY = /^[\x20-\x7e]{1,100}$/;

/** The request's Idempotency-Key (one per checkout attempt), or a fresh one: a repeat with it pays once. */
export function idempotencyKey(req: Request): string {
  const key = req.get(IDEMPOTENCY_HEADER)?.trim();
  if (key === undefined || key === '') return randomUUID();
  if (!KEY.test(key)) {
    throw new HttpError(422, `${IDEMPOTENCY_HEADER}: da 1 a 100 caratteri stampabili`);
  }
  return key;
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
