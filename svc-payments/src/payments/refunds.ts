import { and, eq } from 'drizzle-orm';
import type { JobContext } from '@edicola/platform';
import { refundRequests } from '../db/schema';
import { isStripeError } from '../providers/stripe';
import { PaypalError, paypalCents, paypalValue } from '../providers/paypal';
import { safeError } from './common';
import type { PaymentDeps } from './deps';
import { paymentById, type RefundPayload } from './records';
import { failRequest, markRefunded, paymentRefundFailed } from './state';

/** Tries of the refund job before it is parked (service.ts); the last one's failure is final. */
export const REFUND_MAX_ATTEMPTS = 24;

/** The provider refused the refund for good (a retry would be refused the same way). */
class RefundRefused extends Error {
  override readonly name = 'RefundRefused';
}

/**
 * A refusal no retry can change: Stripe's invalid request (amount larger than what is left, charge already
 * refunded...), PayPal's 4xx (REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED...) and a refund the provider reports
 * failed or canceled. Network errors, 5xx and rate limits are retried.
 */
function refusedForGood(error: unknown): boolean {
  if (error instanceof RefundRefused) return true;
  if (isStripeError(error))
    return error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError';
  if (error instanceof PaypalError) return error.status >= 400 && error.status < 500 && error.status !== 429;
  return false;
}

/** What staff read of a failure: the provider's own words, without secrets. */
function readable(error: unknown): string {
  if (isStripeError(error)) return `Stripe: ${error.message}${error.code ? ` (${error.code})` : ''}`;
  if (error instanceof PaypalError)
    return `PayPal: ${error.message}${error.issue ? ` (${error.issue})` : ''}`;
  if (error instanceof Error) return error.message;
  return JSON.stringify(safeError(error));
}

/**
 * Job payments.refund (key: the payment id for a full refund, the refund request id for a partial one): gives the
 * money back through the provider that took it, with an idempotency key of its own so a retry never refunds twice
 * (`refund-<refund request id>` for a partial refund, `refund-<payment id>` for a full one), then records it with
 * payment.refunded (carrying the request's id). A failure emits payment.refund_failed: `final` when the provider
 * refused for good or the last try failed (the request is failed, no retry), otherwise it is retried with back-off
 * for hours (service.ts).
 */
export async function refundPayment(
  deps: PaymentDeps,
  payload: RefundPayload,
  context: Pick<JobContext, 'attempt'> = { attempt: 1 },
): Promise<void> {
  const payment = await paymentById(deps.database.db, payload.payment_id);
  if (!payment) return;
  const partial = payload.amount_cents !== undefined && payload.refund_request_id !== undefined;
  const requestId = payload.refund_request_id;
  if (partial) {
    const [request] = await deps.database.db
      .select({ state: refundRequests.state })
      .from(refundRequests)
      .where(and(eq(refundRequests.id, requestId!), eq(refundRequests.paymentId, payment.id)));
    if (request?.state !== 'requested') return;
  } else if (payment.status !== 'refunding') return;
  let refund: { id: string; cents: number | null };
  try {
    if (!payment.providerPaymentId)
      throw new RefundRefused(
        `Il pagamento ${payment.id} non ha un identificativo del fornitore da rimborsare`,
      );
    if (partial && payment.status === 'refunded')
      throw new RefundRefused('Il pagamento è già stato rimborsato per intero');
    const key = `refund-${partial ? requestId : payment.id}`;
    if (payment.provider === 'stripe') {
      const r = await deps.providers.stripe.client.refunds.create(
        {
          payment_intent: payment.providerPaymentId,
          ...(partial ? { amount: payload.amount_cents } : {}),
          metadata: {
            payment_id: payment.id,
            order_id: payment.orderId,
            ...(requestId ? { refund_request_id: requestId } : {}),
          },
        },
        { idempotencyKey: key },
      );
      if (r.status === 'failed' || r.status === 'canceled')
        throw new RefundRefused(`Stripe: il rimborso ${r.id} è ${r.status}`);
      refund = { id: r.id, cents: r.amount };
    } else {
      const r = await deps.providers.paypal.client.refundCapture(
        payment.providerPaymentId,
        key,
        partial ? { value: paypalValue(payload.amount_cents!), currency_code: 'EUR' } : undefined,
      );
      if (r.status === 'FAILED' || r.status === 'CANCELLED')
        throw new RefundRefused(`PayPal: il rimborso ${r.id} è ${r.status}`);
      refund = { id: r.id, cents: r.amount ? paypalCents(r.amount.value) : null };
    }
  } catch (error) {
    const final = refusedForGood(error) || context.attempt >= REFUND_MAX_ATTEMPTS;
    deps.logger.warn(
      { err: safeError(error), payment_id: payment.id, refund_request_id: requestId, final },
      final ? 'refund refused, not retried' : 'refund failed, will retry',
    );
    const reason = readable(error);
    // The shop is told (svc-notify e-mails it once per payment, however many tries fail); svc-orders shows it on
    // the refund request.
    await deps.database.db
      .transaction(async (tx) => {
        if (final && requestId) await failRequest(tx, requestId, payment.id, reason);
        await deps.bus.emit(
          tx,
          'payment.refund_failed',
          paymentRefundFailed(payment, reason, new Date(), requestId ? { id: requestId, final } : undefined),
        );
      })
      .catch((err: unknown) =>
        deps.logger.error({ err, payment_id: payment.id }, 'could not announce a failed refund'),
      );
    if (final) return;
    throw new Error(`refund failed: ${reason}`);
  }
  await deps.database.db.transaction((tx) =>
    markRefunded({ tx, bus: deps.bus }, payment.id, {
      ...refund,
      ...(requestId ? { requestId } : {}),
      ...(partial ? { reason: 'partial_refund' as const } : {}),
    }),
  );
}
