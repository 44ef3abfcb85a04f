import { z } from 'zod';
import { SalesChannel } from './catalog';

/** POST /analytics/visit: one page view; session_id is the visit session kept in sessionStorage. */
export const VisitRequest = z.object({
  page_url: z.string().trim().min(1, 'page_url è obbligatorio').max(2048),
  page_title: z.string().trim().max(300).nullish(),
  referrer: z.string().trim().max(2048).nullish(),
  session_id: z.string().trim().min(1, 'session_id è obbligatorio').max(128),
});
export type VisitRequest = z.input<typeof VisitRequest>;

/** false when the visit was not counted: a staff session's (docs/decisions/0034-payment-statistics-and-reset.md). */
export const VisitRecorded = z.object({ recorded: z.boolean() });

/** Country of visits whose origin is not known (private addresses, no data). */
export const UNKNOWN_COUNTRY_CODE = 'XX';

/**
 * GET /analytics/stats (staff), docs/product/records.md#visit-stats. Days are Europe/Rome days; the week
 * starts on
 * Monday; visits_by_day holds the last 7 days oldest first, days without visits included; countries are
 * named in Italian, with ISO 3166 codes (XX when unknown).
 */
export const VisitStats = z.object({
  total_visits: z.number().int().nonnegative(),
  unique_visitors: z.number().int().nonnegative(),
  today_visits: z.number().int().nonnegative(),
  this_week_visits: z.number().int().nonnegative(),
  popular_pages: z.array(z.object({ page: z.string(), visits: z.number().int().nonnegative() })),
  visits_by_day: z.array(z.object({ date: z.string(), visits: z.number().int().nonnegative() })),
  visits_by_country: z.array(
    z.object({ country: z.string(), country_code: z.string(), visits: z.number().int().nonnegative() }),
  ),
  /** Visits of the last 7 days (those of visits_by_day) and of the 7 days before, to compare. */
  last_7_days_visits: z.number().int().nonnegative(),
  previous_7_days_visits: z.number().int().nonnegative(),
  /**
   * Units gone from the stock per channel this month and this year (Europe/Rome), returns and releases taken off,
   * from the stock ledger (docs/product/counter.md#stock-ledger); with what staff recorded as paid for the sales
   * made elsewhere (Subito, eBay by hand), null when nobody recorded it.
   */
  units_by_channel: z
    .array(
      z.object({
        channel: SalesChannel,
        month_units: z.number().int(),
        year_units: z.number().int(),
        month_amount: z.number().nullable(),
      }),
    )
    .default([]),
});
export type VisitStats = z.infer<typeof VisitStats>;

/**
 * One payment method's orders and revenue this month and this year (docs/product/records.md#payment-stats).
 */
export const PaymentMethodStats = z.object({
  payment_method: z.string(),
  monthly_count: z.number().int().nonnegative(),
  monthly_amount: z.number(),
  yearly_count: z.number().int().nonnegative(),
  yearly_amount: z.number(),
});

/** Orders paid in demo mode (no money moved): shown apart, never part of the real figures. */
export const DemoPaymentStats = z.object({
  monthly_count: z.number().int().nonnegative(),
  monthly_amount: z.number(),
  yearly_count: z.number().int().nonnegative(),
  yearly_amount: z.number(),
});

/**
 * GET /api/analytics/payment-stats (staff), docs/product/records.md#payment-stats. The takings export's
 * facts, added up
 * (docs/decisions/0034-payment-statistics-and-reset.md): an order counts in the month its money was taken
 * (a transfer when received), a refund is taken out of the month it was given back in; in euros, Europe/Rome
 * months and years. Demo payments apart in demo_payments. Beyond those fields, for the charts: the previous
 * month's figures and the revenue of each day of this month next to the same day of the previous month.
 */
export const PaymentStats = z.object({
  current_month: z.number().int().min(1).max(12),
  current_year: z.number().int(),
  total_orders_this_month: z.number().int().nonnegative(),
  total_revenue_this_month: z.number(),
  total_orders_this_year: z.number().int().nonnegative(),
  total_revenue_this_year: z.number(),
  payment_methods: z.array(PaymentMethodStats),
  /** The same figures per channel: the web shop, the counter and eBay (docs/product/counter.md#stock-ledger). */
  by_channel: z
    .array(
      z.object({
        channel: z.enum(['web', 'counter', 'ebay']),
        monthly_count: z.number().int().nonnegative(),
        monthly_amount: z.number(),
        yearly_count: z.number().int().nonnegative(),
        yearly_amount: z.number(),
      }),
    )
    .default([]),
  demo_payments: DemoPaymentStats.default({
    monthly_count: 0,
    monthly_amount: 0,
    yearly_count: 0,
    yearly_amount: 0,
  }),
  total_orders_previous_month: z.number().int().nonnegative(),
  total_revenue_previous_month: z.number(),
  revenue_by_day: z.array(
    z.object({ day: z.number().int().min(1).max(31), amount: z.number(), previous_amount: z.number() }),
  ),
});
export type PaymentStats = z.infer<typeof PaymentStats>;

/**
 * Why the payment data reset deletes an order: paid in demo mode, unpaid past its payment deadline, or cancelled
 * without ever being paid.
 */
export const PaymentResetKind = z.enum(['demo_paid', 'unpaid_expired', 'cancelled_unpaid']);
export type PaymentResetKind = z.infer<typeof PaymentResetKind>;

/**
 * GET /analytics/reset-payment-data (admin): what DELETE would delete now, per kind and order by order. Never
 * an order paid for real, invoiced, shipped, or unpaid but still within its payment deadline
 * (docs/decisions/0034-payment-statistics-and-reset.md).
 */
export const PaymentResetPreview = z.object({
  total_orders: z.number().int().nonnegative(),
  counts: z.record(PaymentResetKind, z.number().int().nonnegative()),
  orders: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      kind: PaymentResetKind,
      created_at: z.string(),
      customer_name: z.string(),
      payment_method: z.string(),
      total: z.number(),
    }),
  ),
});
export type PaymentResetPreview = z.infer<typeof PaymentResetPreview>;

/**
 * DELETE /analytics/reset-payment-data (admin): deletes the test orders the preview lists, its rule applied again
 * in the deleting statement: an order that got paid, invoiced or shipped since is not deleted.
 */
export const PaymentDataReset = z.object({
  deleted_orders: z.number().int().nonnegative(),
  message: z.string(),
});
export type PaymentDataReset = z.infer<typeof PaymentDataReset>;
