import { eq, sql } from 'drizzle-orm';
import type { EventData, PaymentFailureReason, PaymentState, RefundReason } from '@edicola/contracts';
import type { Db, EventBus } from '@edicola/platform';
import { paymentRecords, type PaymentRecord, type PaymentRowStatus } from '../db/schema';

/**
 * The payment state machine. It never moves backwards:
 *   open → succeeded → refunding → refunded (succeeded → refunded directly for a refund made at the provider)
 *   open → failed (declined: may still succeed later)
 *   open | failed → expired | abandoned (terminal unless money still arrives: then succeeded, and svc-orders asks
 *   for the refund because the order is cancelled)
 * Every confirmation emits its event through the outbox in the same transaction as the row change.
 */
const NEXT: Record<PaymentRowStatus, readonly PaymentRowStatus[]> = {
  open: ['succeeded', 'failed', 'expired', 'abandoned'],
  failed: ['succeeded', 'expired', 'abandoned'],
  expired: ['succeeded'],
  abandoned: ['succeeded'],
  succeeded: ['refunding', 'refunded'],
  refunding: ['refunded'],
  refunded: [],
};

export function canMove(from: PaymentRowStatus, to: PaymentRowStatus): boolean {
  return NEXT[from].includes(to);
}

/** What the shopper's pages read (contracts' PaymentState). */
export function shopperState(status: PaymentRowStatus): PaymentState {
  switch (status) {
    case 'open':
      return 'pending';
    case 'succeeded':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'expired':
    case 'abandoned':
      return 'expired';
    case 'refunding':
    case 'refunded':
      return 'refunded';
  }
}

/** 'ORD-' and the last 8 characters of the order id (contracts' one rule). */
export { orderReference } from '@edicola/contracts';

/** The row, locked for the rest of the transaction. */
export async function lockPayment(tx: Db, id: string): Promise<PaymentRecord | null> {
  const [row] = await tx.select().from(paymentRecords).where(eq(paymentRecords.id, id)).for('update');
  return row ?? null;
}

/** What every payment event says about its payment. */
const facts = (p: PaymentRecord) => ({
  payment_id: p.id,
  order_id: p.orderId,
  method: p.method,
  provider: p.provider,
  demo: p.demo,
  amount_cents: p.amountCents,
  currency: 'EUR' as const,
});

/** The data of payment.succeeded for `p` (the bus and the message pact build it here). */
export const paymentSucceeded = (
  p: PaymentRecord,
  providerPaymentId: string,
  at: Date,
): EventData<'payment.succeeded'> => ({
  ...facts(p),
  provider_payment_id: providerPaymentId,
  succeeded_at: at.toISOString(),
});

export const paymentFailed = (
  p: PaymentRecord,
  reason: PaymentFailureReason,
  detail: string | null,
  at: Date,
): EventData<'payment.failed'> => ({ ...facts(p), reason, detail, failed_at: at.toISOString() });

export const paymentRefunded = (
  p: PaymentRecord,
  refundId: string,
  reason: RefundReason,
  at: Date,
): EventData<'payment.refunded'> => ({
  ...facts(p),
  refund_id: refundId,
  reason,
  refunded_at: at.toISOString(),
});

export interface Transition {
  tx: Db;
  bus: EventBus;
}

/** The money was taken (verified webhook, or our own check with the provider). False when nothing changed. */
export async function markSucceeded(
  { tx, bus }: Transition,
  paymentId: string,
  providerPaymentId: string,
): Promise<boolean> {
  const p = await lockPayment(tx, paymentId);
  if (!p || !canMove(p.status, 'succeeded')) return false;
  const now = new Date();
  await tx
    .update(paymentRecords)
    .set({ status: 'succeeded', providerPaymentId, succeededAt: now, updatedAt: now })
    .where(eq(paymentRecords.id, p.id));
  await bus.emit(tx, 'payment.succeeded', paymentSucceeded(p, providerPaymentId, now));
  return true;
}

/** Declined, expired or abandoned. A decline of a payment already declined (or beyond) changes nothing. */
export async function markFailed(
  { tx, bus }: Transition,
  paymentId: string,
  reason: PaymentFailureReason,
  detail: string | null = null,
): Promise<boolean> {
  const p = await lockPayment(tx, paymentId);
  const to: PaymentRowStatus = reason === 'declined' ? 'failed' : reason;
  if (!p || !canMove(p.status, to)) return false;
  const now = new Date();
  await tx
    .update(paymentRecords)
    .set({ status: to, failureReason: reason, failureDetail: detail, failedAt: now, updatedAt: now })
    .where(eq(paymentRecords.id, p.id));
  await bus.emit(tx, 'payment.failed', paymentFailed(p, reason, detail, now));
  return true;
}

/** A refund was asked (the refund job then calls the provider). No event: the money is not back yet. */
export async function markRefunding(tx: Db, paymentId: string, reason: RefundReason): Promise<boolean> {
  const p = await lockPayment(tx, paymentId);
  if (!p || !canMove(p.status, 'refunding')) return false;
  await tx
    .update(paymentRecords)
    .set({ status: 'refunding', refundReason: reason, updatedAt: sql`now()` })
    .where(eq(paymentRecords.id, p.id));
  return true;
}

/** The provider gave the money back. */
export async function markRefunded(
  { tx, bus }: Transition,
  paymentId: string,
  refund: { id: string; cents: number | null; reason?: RefundReason },
): Promise<boolean> {
  const p = await lockPayment(tx, paymentId);
  if (!p || !canMove(p.status, 'refunded')) return false;
  const now = new Date();
  // A refund made at the provider (its dashboard) has no reason of ours: the staff made it.
  const reason = p.refundReason ?? refund.reason ?? 'cancelled_by_staff';
  await tx
    .update(paymentRecords)
    .set({
      status: 'refunded',
      refundId: refund.id,
      refundedCents: refund.cents ?? p.amountCents,
      refundReason: reason,
      refundedAt: now,
      updatedAt: now,
    })
    .where(eq(paymentRecords.id, p.id));
  await bus.emit(tx, 'payment.refunded', paymentRefunded(p, refund.id, reason, now));
  return true;
}
