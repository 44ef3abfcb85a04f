import { z } from 'zod';

/** Order statuses of SPEC §4 (its own module: customers.ts and orders.ts both need it). */
export const OrderStatus = z.enum(['pending', 'paid', 'confirmed', 'shipped', 'delivered', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** The Italian name of each status (SPEC §4), as staff and shoppers read it in details and e-mails. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'In Attesa',
  paid: 'Pagato',
  confirmed: 'Confermato',
  shipped: 'Spedito',
  delivered: 'Consegnato',
  cancelled: 'Annullato',
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
