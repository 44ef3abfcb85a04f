import { randomUUID } from 'node:crypto';
import { idempotencyKeys, type IdempotencyKeys, type IdempotentRequest } from '@edicola/platform';
import { idempotencyKeys as keysTable, type PaymentRecord } from '../db/schema';
import type { PaymentDeps } from './deps';
import { isOrderRefusal } from './deps';
import { dropClaim, openPayment, paymentById, type NewPayment } from './records';

/**
 * The Idempotency-Keys of payment creation: a request holds its key 30 s (the order call and the provider call,
 * each with its own timeout); a repeat waits up to 20 s for it, then a 409 asks to try again.
 */
export function paymentKeys(): IdempotencyKeys {
  return idempotencyKeys(keysTable, { leaseMs: 30_000, waitMs: 20_000 });
}

/**
 * Creates a payment once per Idempotency-Key (platform's module: claimed before any side effect, scoped to the
 * buyer, refused with another body). `create` runs for the request that holds the key (it makes the order and
 * the provider object, both idempotent by the payment's ids); a repeat, also one racing the first or coming
 * after the first one's process died, answers through `existing` or resumes with the same ids.
 */
export async function oncePerKey<T>(
  deps: PaymentDeps,
  key: IdempotentRequest,
  input: Omit<NewPayment, 'requestKey'>,
  create: (payment: PaymentRecord) => Promise<T>,
  existing: (payment: PaymentRecord) => Promise<T>,
): Promise<T> {
  const db = deps.database.db;
  const claim = await deps.keys.claim(db, key, randomUUID);
  const stored = await paymentById(db, claim.resourceId);
  if (claim.kind === 'done' && stored) return existing(stored);
  const payment =
    stored ??
    (await openPayment(db, deps.jobs, claim.resourceId, { ...input, requestKey: `${key.scope} ${key.key}` }));
  if (payment.providerObjectId) {
    // An earlier attempt made the provider object and died before saying so.
    await deps.keys.complete(db, key);
    return existing(payment);
  }
  try {
    const answer = await create(payment);
    await deps.keys.complete(db, key);
    return answer;
  } catch (error) {
    // Refused by svc-orders: no order exists, nothing to keep; a retry starts over. Anything else: a retry
    // resumes at once with the same ids (the order may exist; the expiry job cancels it if nobody pays).
    if (isOrderRefusal(error) && error.target === 'svc-orders') {
      await dropClaim(db, payment.id);
      await deps.keys.forget(db, key);
    } else {
      await deps.keys.yieldLease(db, key);
    }
    throw error;
  }
}
