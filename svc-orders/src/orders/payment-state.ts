import { centsToEuros, type EventData, type PaymentIssue, type PaymentStatus } from '@edicola/contracts';
import { PermanentDeliveryError, type Db, type EventBus, type Logger } from '@edicola/platform';
import { decimalComma } from '../exports/italian-csv';
import { lockOrder, moveOrder, type OrderRow as Row } from './order-writer';
import { completeRefundRequest, failRefundRequest } from './refunds';
import { applyPresalePayment, depositTaken, isPresale, presaleAmountDue } from '../presales/deposits';

/**
 * How far an order's payment went. payment_status only moves up this scale (a payment that failed may still
 * succeed; money taken never becomes "failed" again), so a late or repeated payment event cannot undo a newer one.
 */
const PAYMENT_RANK: Record<PaymentStatus, number> = {
  pending: 0,
  failed: 1,
  paid: 2,
  partially_refunded: 3,
  refunding: 4,
  refunded: 5,
};

/** The money of the order was taken (and may be on its way back). */
export const moneyTaken = (status: PaymentStatus) => PAYMENT_RANK[status] >= PAYMENT_RANK.paid;

/**
 * A cancellation must give the money back when it was taken online: the staff 'cancel and refund' of a paid
 * order (docs/product/orders-and-payments.md#cancel-and-refund), and equally a confirmed one that was paid by
 * card, Klarna or PayPal.
 */
export function refundsOnCancel(
  row: Pick<
    Row,
    'paymentStatus' | 'paymentMethod' | 'giftCardCents' | 'totalCents' | 'depositPaidAt' | 'depositCents'
  >,
): boolean {
  const paid =
    row.paymentStatus === 'paid' ||
    row.paymentStatus === 'partially_refunded' ||
    // A pre-order's deposit (docs/decisions/0066-presale-deposits.md).
    (row.paymentStatus === 'pending' && row.depositCents !== null && row.depositPaidAt !== null);
  // A gift card that paid it all is refunded onto the card (docs/decisions/0059-gift-cards.md).
  if (paid && row.giftCardCents > 0 && row.giftCardCents >= row.totalCents) return true;
  return (
    paid &&
    row.paymentMethod !== 'transfer' &&
    // eBay holds an eBay order's money: staff refund the buyer on eBay (docs/decisions/0049-marketplace-orders.md).
    row.paymentMethod !== 'ebay'
  );
}

export type PaymentOutcome =
  | 'paid'
  | 'payment_recorded'
  | 'refund_requested'
  | 'cancelled'
  | 'failed'
  | 'partially_refunded'
  | 'refunded'
  | 'refund_answered'
  | 'refund_failed'
  | 'unchanged';

/** The provider's captured figure is the order's total in euros: anything else is not a payment of this order. */
const paysTheTotal = (row: Row, data: EventData<'payment.succeeded'>) =>
  data.captured_cents === amountDue(row) && data.captured_currency === 'EUR';

/**
 * What the payment method owes now: a pre-order's deposit or balance (docs/decisions/0066-presale-deposits.md),
 * otherwise the total less what a gift card paid (docs/decisions/0059-gift-cards.md).
 */
export const amountDue = (row: Row) => presaleAmountDue(row)?.cents ?? row.totalCents - row.giftCardCents;

function amountIssue(row: Row, data: EventData<'payment.succeeded'>, when: Date): PaymentIssue {
  return {
    code: 'amount_mismatch',
    detail: `Il fornitore ha incassato ${decimalComma(data.captured_cents)} ${data.captured_currency} invece del totale di ${decimalComma(amountDue(row))} EUR: ordine non pagato, importo in rimborso`,
    payment_id: data.payment_id,
    captured_amount: centsToEuros(data.captured_cents),
    captured_currency: data.captured_currency,
    at: when.toISOString(),
  };
}

/**
 * payment.succeeded: a pending order becomes paid (payment_intent_id = the provider's payment id, payment_demo =
 * taken by a demo stand-in) only when the provider's captured amount and currency are the order's total. Otherwise
 * the order stays unpaid: a pending one is cancelled (its stock back), the payment flagged for staff
 * (payment_issue, and an error in the log) and its refund asked (order.refund_requested, amount_mismatch). An order
 * the staff moved on meanwhile (confirmed, ...) only records the payment. An order already cancelled cannot take the
 * money: it is marked `refunding` and `order.refund_requested` (paid_after_cancellation) is emitted, once.
 * Money for an order svc-orders does not have is parked in the dead letters for a person to look at.
 */
export async function applyPaymentSucceeded(
  tx: Db,
  bus: EventBus,
  data: EventData<'payment.succeeded'>,
  logger?: Logger,
  afterDeposit: Parameters<typeof applyPresalePayment>[4] = async () => {},
): Promise<PaymentOutcome> {
  const row = await lockOrder(tx, data.order_id);
  if (!row) {
    throw new PermanentDeliveryError(
      `payment ${data.payment_id} succeeded for order ${data.order_id}, which svc-orders does not have`,
    );
  }
  // A pre-order's deposit and balance (docs/decisions/0066-presale-deposits.md).
  if (isPresale(row) && !moneyTaken(row.paymentStatus))
    return applyPresalePayment(tx, bus, row, data, afterDeposit);
  if (moneyTaken(row.paymentStatus)) return 'unchanged';
  const when = new Date();
  if (!paysTheTotal(row, data)) {
    logger?.error(
      {
        order_id: row.id,
        payment_id: data.payment_id,
        captured_cents: data.captured_cents,
        captured_currency: data.captured_currency,
        total_cents: row.totalCents,
      },
      'payment amount or currency differs from the order total: order left unpaid, refund requested',
    );
    await moveOrder(tx, bus, row, {
      at: when,
      ...(row.status === 'pending' ? { status: { to: 'cancelled' as const, kind: 'payment' as const } } : {}),
      fields: {
        paymentIntentId: data.provider_payment_id,
        paymentDemo: data.demo,
        paymentIssue: amountIssue(row, data, when),
      },
      refund: 'amount_mismatch',
    });
    return 'refund_requested';
  }
  const paid = {
    paymentStatus: 'paid' as const,
    paymentIntentId: data.provider_payment_id,
    paymentDemo: data.demo,
  };
  if (row.status === 'pending') {
    await moveOrder(tx, bus, row, { at: when, status: { to: 'paid', kind: 'payment' }, fields: paid });
    return 'paid';
  }
  if (row.status === 'cancelled') {
    await moveOrder(tx, bus, row, {
      at: when,
      fields: { paymentIntentId: data.provider_payment_id, paymentDemo: data.demo },
      refund: 'paid_after_cancellation',
    });
    return 'refund_requested';
  }
  await moveOrder(tx, bus, row, { at: when, fields: paid });
  return 'payment_recorded';
}

/**
 * payment.failed: every attempt that ends without money cancels its still-pending order at once (which gives its
 * stock back through svc-catalog): a decline or cancel on the provider's page as much as the time limit (the
 * checkout's next try is a new order). An order already paid or cancelled is left as it is; one the staff moved on
 * only records the failure.
 */
export async function applyPaymentFailed(
  tx: Db,
  bus: EventBus,
  data: EventData<'payment.failed'>,
): Promise<PaymentOutcome> {
  const row = await lockOrder(tx, data.order_id);
  if (!row || row.status === 'cancelled' || moneyTaken(row.paymentStatus)) return 'unchanged';
  // A balance attempt that failed leaves the pre-order in line with its deposit: its deadline decides.
  if (depositTaken(row)) return 'unchanged';
  const when = new Date();
  if (row.status === 'pending') {
    await moveOrder(tx, bus, row, {
      at: when,
      status: { to: 'cancelled', kind: 'payment' },
      fields: { paymentStatus: 'failed' },
    });
    return 'cancelled';
  }
  if (row.paymentStatus === 'failed') return 'unchanged';
  await moveOrder(tx, bus, row, { at: when, fields: { paymentStatus: 'failed' } });
  return 'failed';
}

/**
 * payment.refunded: money went back to the buyer (all of it or part). The refunded total only grows (a repeated or
 * older event changes nothing); payment_status is `refunded` once all that was captured went back, otherwise
 * `partially_refunded` (or still `refunding` while the full refund asked here is on its way). A refund nobody asked
 * here (made in the provider's dashboard) shows too, with the event's reason.
 */
export async function applyPaymentRefunded(
  tx: Db,
  bus: EventBus,
  data: EventData<'payment.refunded'>,
): Promise<PaymentOutcome> {
  const row = await lockOrder(tx, data.order_id);
  if (!row) return 'unchanged';
  const answered = await completeRefundRequest(tx, data);
  if (data.refunded_total_cents <= (row.refundedCents ?? 0)) {
    if (!answered) return 'unchanged';
    await moveOrder(tx, bus, row, { at: new Date() });
    return 'refund_answered';
  }
  const full = data.refunded_total_cents >= data.captured_cents;
  const paymentStatus: PaymentStatus = full
    ? 'refunded'
    : row.paymentStatus === 'refunding'
      ? 'refunding'
      : 'partially_refunded';
  const refundedAt = new Date(data.refunded_at);
  await moveOrder(tx, bus, row, {
    at: new Date(),
    fields: {
      paymentStatus,
      refundReason: row.refundReason ?? data.reason,
      refundRequestedAt: row.refundRequestedAt ?? refundedAt,
      refundedAt,
      refundedCents: data.refunded_total_cents,
    },
  });
  return full ? 'refunded' : 'partially_refunded';
}

/**
 * payment.refund_failed: the refund request it answers shows the provider's error; a final failure makes it failed
 * (a full refund's order stays `refunding` for staff to settle with the provider). The order's version grows so a
 * reader sees it changed.
 */
export async function applyPaymentRefundFailed(
  tx: Db,
  bus: EventBus,
  data: EventData<'payment.refund_failed'>,
): Promise<PaymentOutcome> {
  const row = await lockOrder(tx, data.order_id);
  if (!row || !(await failRefundRequest(tx, data))) return 'unchanged';
  await moveOrder(tx, bus, row, { at: new Date() });
  return 'refund_failed';
}
