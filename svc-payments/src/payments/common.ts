import { conflict } from '@edicola/platform';
import type { InternalOrder } from '@edicola/contracts';
import { isStripeError } from '../providers/stripe';

/** The demo checkout page of the storefront, which stands in for the provider's page in demo mode. */
export function demoUrl(web: string, kind: 'card' | 'klarna' | 'paypal', id: string): string {
  return `${web}/pagamento-demo?kind=${kind}&id=${encodeURIComponent(id)}`;
}

export const GIFT_CARD_PAID_DETAIL =
  "Il buono regalo copre l'intero ordine, che è già pagato: non serve un altro pagamento";

/**
 * What a payment of the order takes, as svc-orders says: a pre-order's deposit and later its balance
 * (docs/decisions/0066-presale-deposits.md), otherwise the total less what a gift card paid
 * (docs/decisions/0059-gift-cards.md).
 */
export const amountDueOf = (order: InternalOrder): number =>
  order.amount_due_cents ?? order.total_cents - (order.gift_card_cents ?? 0);

/** The order svc-orders answered must be pending and to be paid with one of these methods. */
export function checkExpectedOrder(order: InternalOrder, methods: string[]): void {
  if (order.status === 'paid' && amountDueOf(order) === 0) throw conflict(GIFT_CARD_PAID_DETAIL);
  if (order.status !== 'pending' || !methods.includes(order.payment_method)) {
    throw conflict("L'ordine non è in attesa di questo pagamento");
  }
}

/** The one line of a payment that is not the order's lines: the order, its deposit or its balance. */
export function amountDueName(order: InternalOrder): string {
  if (order.amount_due_kind === 'deposit') return `Acconto ordine ${order.order_reference}`;
  if (order.amount_due_kind === 'balance') return `Saldo ordine ${order.order_reference}`;
  return `Ordine ${order.order_reference}`;
}

/** A provider error as it may be logged: type, code and status, never the request or a key. */
export function safeError(error: unknown) {
  if (isStripeError(error)) return { type: error.type, code: error.code, status: error.statusCode };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { error: String(error) };
}
