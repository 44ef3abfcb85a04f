import { and, eq, sql } from 'drizzle-orm';
import type { EventData, PaymentFailureReason, PaymentState, RefundReason } from '@edicola/contracts';
import type { Db, EventBus, Logger } from '@edicola/platform';
import {
  paymentRecords,
  paymentRefunds,
  refundRequests,
  type PaymentRecord,
  type PaymentRowStatus,
  type RefundRequestRow,
} from '../db/schema';

/**
 * The payment state machine. It never moves backwards:
 *   open → succeeded → refunding → refunded (succeeded → refunded directly for a refund made at the provider;
 *   succeeded → partially_refunded while only part of the money went back, then refunding or refunded)
 *   open → failed (declined: its order is cancelled, but money may still arrive and is then refunded)
 *   open | failed → expired | abandoned (terminal unless money still arrives: then succeeded, and svc-orders asks
 *   for the refund because the order is cancelled)
 * Every confirmation emits its event through the outbox in the same transaction as the row change.
 */
const NEXT: Record<PaymentRowStatus, readonly PaymentRowStatus[]> = {
  open: ['succeeded', 'failed', 'expired', 'abandoned'],
  failed: ['succeeded', 'expired', 'abandoned'],
  expired: ['succeeded'],
  abandoned: ['succeeded'],
  succeeded: ['refunding', 'partially_refunded', 'refunded'],
  partially_refunded: ['refunding', 'refunded'],
  refunding: ['refunded'],
  refunded: [],
};

export function canMove(from: PaymentRowStatus, to: PaymentRowStatus): boolean {
  return NEXT[from].includes(to);
}

/** The provider took another amount or currency than the order's: not a payment of the order (it is refunded). */
export const wrongAmount = (p: Pick<PaymentRecord, 'capturedCents' | 'capturedCurrency' | 'amountCents'>) =>
  p.capturedCents !== null && (p.capturedCents !== p.amountCents || p.capturedCurrency !== 'EUR');

/** What the shopper's pages read (contracts' PaymentState). */
export function shopperState(p: PaymentRecord): PaymentState {
  switch (p.status) {
    case 'open':
      return 'pending';
    case 'succeeded':
    case 'partially_refunded':
      return wrongAmount(p) ? 'failed' : 'paid';
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
  capture: Capture,
  at: Date,
): EventData<'payment.succeeded'> => ({
  ...facts(p),
  provider_payment_id: capture.providerPaymentId,
  captured_cents: capture.cents,
  captured_currency: capture.currency,
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
  refund: { id: string; cents: number; totalCents: number; requestId?: string | null },
  reason: RefundReason,
  at: Date,
): EventData<'payment.refunded'> => ({
  ...facts(p),
  captured_cents: p.capturedCents ?? p.amountCents,
  refund_id: refund.id,
  refund_cents: refund.cents,
  refunded_total_cents: refund.totalCents,
  reason,
  refunded_at: at.toISOString(),
  ...(refund.requestId ? { refund_request_id: refund.requestId } : {}),
});

/** The data of payment.refund_failed: a refund the provider refused (retried by the job; the shop is told). */
export const paymentRefundFailed = (
  p: PaymentRecord,
  error: string,
  at: Date,
  request?: { id: string; final: boolean },
): EventData<'payment.refund_failed'> => ({
  ...facts(p),
  error,
  failed_at: at.toISOString(),
  ...(request ? { refund_request_id: request.id, final: request.final } : {}),
});

export interface Transition {
  tx: Db;
  bus: EventBus;
  logger?: Logger;
}

/** What the provider reported it captured: its payment id, amount (cents) and currency (any case). */
export interface Capture {
  providerPaymentId: string;
  cents: number;
  currency: string;
}

/**
 * The money was taken (verified webhook, or our own check with the provider). The provider's amount and currency are
 * recorded and carried by payment.succeeded as it reported them; when they differ from what the order costs, it is
 * logged here and svc-orders, comparing with the order's total, leaves the order unpaid and asks for the refund.
 * False when nothing changed.
 */
export async function markSucceeded(
  { tx, bus, logger }: Transition,
  paymentId: string,
  reported: Capture,
): Promise<boolean> {
  const p = await lockPayment(tx, paymentId);
  if (!p || !canMove(p.status, 'succeeded')) return false;
  const now = new Date();
  // ISO 4217's XXX ("no currency") when the provider named none: never the order's EUR by default.
  const code = reported.currency.toUpperCase();
  const capture = { ...reported, currency: /^[A-Z]{3}$/.test(code) ? code : 'XXX' };
  const [updated] = await tx
    .update(paymentRecords)
    .set({
      status: 'succeeded',
      providerPaymentId: capture.providerPaymentId,
      capturedCents: capture.cents,
      capturedCurrency: capture.currency,
      succeededAt: now,
      updatedAt: now,
    })
    .where(eq(paymentRecords.id, p.id))
    .returning();
  if (wrongAmount(updated!)) {
    logger?.error(
      {
        payment_id: p.id,
        order_id: p.orderId,
        expected_cents: p.amountCents,
        captured_cents: capture.cents,
        captured_currency: capture.currency,
      },
      'provider captured another amount or currency than the order total: not a payment of the order, to be refunded',
    );
  }
  await bus.emit(tx, 'payment.succeeded', paymentSucceeded(p, capture, now));
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

/** A refund the provider reported. */
export interface ReportedRefund {
  /** The provider's own refund id (Stripe re_…, PayPal's refund id): the one identity of a refund. */
  id: string;
  /** This refund's amount; null when the provider did not say (a full refund: all that was left). */
  cents: number | null;
  reason?: RefundReason;
  /** The refund request (svc-orders') our refund job made this refund for. */
  requestId?: string;
}

/** The refund request of this payment still waiting for the provider. */
async function openRequest(tx: Db, paymentId: string, id: string): Promise<RefundRequestRow | null> {
  const [row] = await tx
    .select()
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.id, id),
        eq(refundRequests.paymentId, paymentId),
        eq(refundRequests.state, 'requested'),
      ),
    );
  return row ?? null;
}

/**
 * The request a refund the provider reported by webhook answers: the provider's announcement of our own refund may
 * come before the refund job recorded it. The one open request of the payment for exactly that amount (or, for a
 * refund that empties the payment, for all that was left); none when there is no such request or more than one.
 */
async function requestOfReported(
  tx: Db,
  paymentId: string,
  cents: number,
  emptied: boolean,
): Promise<RefundRequestRow | null> {
  const open = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.paymentId, paymentId), eq(refundRequests.state, 'requested')));
  const matching = open.filter((r) => r.amountCents === cents || (r.amountCents === null && emptied));
  return matching.length === 1 ? matching[0]! : null;
}

async function closeRequest(tx: Db, request: RefundRequestRow, providerRefundId: string, when: Date) {
  await tx
    .update(refundRequests)
    .set({ state: 'done', providerRefundId, error: null, updatedAt: when })
    .where(and(eq(refundRequests.id, request.id), eq(refundRequests.paymentId, request.paymentId)));
}

/** A refund request the provider refused for good (or whose retries ran out). */
export async function failRequest(tx: Db, id: string, paymentId: string, error: string): Promise<void> {
  await tx
    .update(refundRequests)
    .set({ state: 'failed', error, updatedAt: sql`now()` })
    .where(
      and(
        eq(refundRequests.id, id),
        eq(refundRequests.paymentId, paymentId),
        eq(refundRequests.state, 'requested'),
      ),
    );
}

/**
 * The provider gave money back (our refund job, its webhook, or a refund made in its dashboard). A refund is one fact
 * whoever reports it first: one payment_refunds row per provider refund id (its primary key), and the refunded total
 * is the sum of those rows, never a figure a report carries, so a report that repeats or races another changes
 * nothing (decision 0027). The payment is `refunded` once all of it went back, `partially_refunded` before (or
 * stays `refunding` while the full refund we asked for is on its way); every new refund emits payment.refunded with
 * its amount and the total.
 */
export async function markRefunded(
  { tx, bus }: Transition,
  paymentId: string,
  refund: ReportedRefund,
): Promise<boolean> {
  const p = await lockPayment(tx, paymentId);
  if (!p || !['succeeded', 'partially_refunded', 'refunding', 'refunded'].includes(p.status)) return false;
  const [seen] = await tx
    .select({ id: paymentRefunds.refundId, cents: paymentRefunds.cents })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, p.id), eq(paymentRefunds.refundId, refund.id)));
  const captured = p.capturedCents ?? p.amountCents;
  const before = p.refundedCents ?? 0;
  const left = captured - before;
  const cents = Math.min(refund.cents ?? left, left);
  const now = new Date();
  const ours = refund.requestId ? await openRequest(tx, p.id, refund.requestId) : null;
  if (seen) {
    // Already recorded (a report that could not tell which request it answered came first): the request's outcome
    // is announced now, with the same refund id, so svc-orders closes its request and books nothing twice.
    if (!ours) return false;
    await closeRequest(tx, ours, refund.id, now);
    const reason = refund.reason ?? p.refundReason ?? 'cancelled_by_staff';
    await bus.emit(
      tx,
      'payment.refunded',
      paymentRefunded(
        p,
        { id: refund.id, cents: seen.cents, totalCents: before, requestId: ours.id },
        reason,
        now,
      ),
    );
    return true;
  }
  // Nothing of the payment is left to give back: a report beyond what was captured books no money.
  if (cents <= 0) return false;
  const total = before + cents;
  const request = ours ?? (await requestOfReported(tx, p.id, cents, total >= captured));
  if (request) await closeRequest(tx, request, refund.id, now);
  const status: PaymentRowStatus =
    total >= captured ? 'refunded' : p.status === 'refunding' ? 'refunding' : 'partially_refunded';
  // A refund made at the provider (its dashboard) has no reason of ours: the staff made it. A partial refund's
  // reason is its own (the payment keeps the reason of a full refund under way).
  const reason =
    request?.reason === 'partial_refund'
      ? 'partial_refund'
      : (p.refundReason ?? refund.reason ?? request?.reason ?? 'cancelled_by_staff');
  const recorded = {
    id: refund.id,
    cents,
    totalCents: total,
    requestId: request?.id ?? null,
  };
  await tx.insert(paymentRefunds).values({
    paymentId: p.id,
    refundId: refund.id,
    cents: recorded.cents,
    totalCents: total,
    createdAt: now,
  });
  await tx
    .update(paymentRecords)
    .set({
      status,
      refundId: refund.id,
      refundedCents: total,
      refundReason: reason === 'partial_refund' ? p.refundReason : reason,
      refundedAt: now,
      updatedAt: now,
    })
    .where(eq(paymentRecords.id, p.id));
  await bus.emit(tx, 'payment.refunded', paymentRefunded(p, recorded, reason, now));
  return true;
}
