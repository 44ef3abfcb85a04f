import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@edicola/contracts';
import { bearerToken, HttpError, unauthorized, type TokenVerifier } from '@edicola/platform';

/** The request's Idempotency-Key (one per checkout attempt), or a fresh one: a repeat with it pays once. */
export function idempotencyKey(req: Request): string {
  const raw = req.get(IDEMPOTENCY_HEADER);
  if (raw === undefined || raw.trim() === '') return randomUUID();
  // Read as svc-orders reads it on POST /orders.
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(422, `headers.${IDEMPOTENCY_HEADER}: ${parsed.error.issues[0]!.message}`);
  }
  return parsed.data;
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
