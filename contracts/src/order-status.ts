import { z } from 'zod';

/**
 * Order statuses of docs/product/orders-and-payments.md#statuses (its own module: customers.ts and orders.ts
 * both need it).
 */
export const OrderStatus = z.enum(['pending', 'paid', 'confirmed', 'shipped', 'delivered', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * The Italian name of each status (docs/product/orders-and-payments.md#statuses), as staff and shoppers read
 * it in details and e-mails.
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'In Attesa',
  paid: 'Pagato',
  confirmed: 'Confermato',
  shipped: 'Spedito',
  delivered: 'Consegnato',
  cancelled: 'Annullato',
};

/**
 * The moves an order's money makes, not staff (theirs are ORDER_TRANSITIONS in orders.ts): a pending order becomes
 * paid when its payment comes in (payment.succeeded, a bank transfer staff record) and cancelled when it does not
 * (a failed or expired payment, an amount other than the total). svc-orders' order writer allows no other.
 */
export const PAYMENT_ORDER_MOVES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
};

/** An order's payment (svc-orders' view): `refunding` means a refund was asked of the provider and is not yet
 * confirmed; `partially_refunded` that part of the money went back (refunded_amount says how much), `refunded`
 * all of it. Its own module for the same reason as OrderStatus (customers.ts and orders.ts both need it). */
export const PaymentStatus = z.enum([
  'pending',
  'paid',
  'failed',
  'refunding',
  'partially_refunded',
  'refunded',
]);
export type PaymentStatus = z.infer<typeof PaymentStatus>;
