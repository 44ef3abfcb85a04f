import { z } from 'zod';
import { SdiRejection } from './sdi';
import { OrderStatus } from './order-status';
import { PaymentMethod } from './orders';

/*
 * The back office's home (docs/product/back-office.md#home): what needs doing today, counted and with the first
 * few of each, so that staff start the day from one screen. Articles low on stock and reviews to moderate live in
 * svc-catalog, whose own counts the home shows next to these.
 */

/** How many of each kind the home lists; the count says how many there are in all. */
export const HOME_LIST_SIZE = 5;

/** One order of a home card: enough to recognise it and open it. */
export const HomeOrder = z.object({
  id: z.string(),
  order_reference: z.string(),
  customer_name: z.string(),
  total_amount: z.number(),
  status: OrderStatus,
  payment_method: z.union([PaymentMethod, z.literal('ebay')]),
  order_date: z.string(),
  /** A transfer's deadline (ISO), past which the sweeper cancels the order; null for other cards. */
  payment_due_at: z.string().nullable(),
  /** Why the order is on the card, in Italian for staff (the shipment's error or incident); else null. */
  problem: z.string().nullable(),
});
export type HomeOrder = z.infer<typeof HomeOrder>;

/** One card's figures: how many in all, and the first HOME_LIST_SIZE (the most urgent first). */
export const HomeOrders = z.object({
  count: z.number().int().nonnegative(),
  orders: z.array(HomeOrder),
});
export type HomeOrders = z.infer<typeof HomeOrders>;

/** GET /api/admin/home (staff). */
export const BackOfficeHome = z.object({
  /** Paid, waiting for staff to confirm them. */
  to_confirm: HomeOrders,
  /** Confirmed, waiting to be packed and shipped. */
  to_ship: HomeOrders,
  /** Bank transfers still awaited, the nearest deadline first. */
  transfers_due: HomeOrders,
  /** Orders still open whose Packlink shipment reports an incident or could not be created. */
  shipment_problems: HomeOrders,
  /** The SdI's rejections not yet corrected; empty until invoices go to the SdI. */
  sdi_rejections: z.array(SdiRejection),
});
export type BackOfficeHome = z.infer<typeof BackOfficeHome>;
