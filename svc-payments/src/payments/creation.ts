import { conflict } from '@edicola/platform';
import type { PaymentRecord } from '../db/schema';
import type { PaymentDeps } from './deps';
import { isOrderRefusal } from './deps';
import { claimWaiting, dropClaim, releaseClaim, type NewPayment } from './records';

export const BUSY_DETAIL = 'Pagamento già in preparazione, riprova tra qualche secondo';

/**
 * Creates a payment once per request key: `create` runs for the request that holds the key (it makes the order
 * and the provider object, both idempotent by the payment's ids); a repeat answers through `existing`.
 */
export async function oncePerKey<T>(
  deps: PaymentDeps,
  input: NewPayment,
  create: (payment: PaymentRecord) => Promise<T>,
  existing: (payment: PaymentRecord) => Promise<T>,
): Promise<T> {
  const db = deps.database.db;
  const claim = await claimWaiting(db, deps.jobs, input);
  if (claim.kind === 'busy') throw conflict(BUSY_DETAIL);
  if (claim.kind === 'done') return existing(claim.payment);
  try {
    return await create(claim.payment);
  } catch (error) {
    // Refused by svc-orders: no order exists, nothing to keep. Anything else: a retry takes over with the same
    // ids (the order may exist; the expiry job cancels it if nobody pays).
    if (isOrderRefusal(error) && error.target === 'svc-orders') await dropClaim(db, claim.payment.id);
    else await releaseClaim(db, claim.payment.id);
    throw error;
  }
}
