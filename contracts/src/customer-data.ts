import { z } from 'zod';
import { Customer, Email, PASSWORD_MAX_LENGTH } from './customers';
import { CustomerLanguage } from './language';
import { OrderStatus, PaymentStatus } from './orders';

/**
 * DELETE /api/customers/me (docs/product/account.md#erasure): the customer re-enters the password, so a session left
 * open on a shared computer cannot erase the account.
 */
export const CustomerErasureRequest = z.object({
  password: z
    .string('La password è obbligatoria')
    .min(1, 'La password è obbligatoria')
    .max(PASSWORD_MAX_LENGTH, `La password può avere al massimo ${PASSWORD_MAX_LENGTH} caratteri`),
});
export type CustomerErasureRequest = z.infer<typeof CustomerErasureRequest>;

/** One line of an exported order, as the order stored it (amounts in integer cents). */
export const ExportedOrderLine = z.object({
  article_id: z.string(),
  title: z.string().nullable(),
  quantity: z.number().int(),
  unit_gross_cents: z.number().int().nullable(),
  line_total_cents: z.number().int().nullable(),
});

/** One order of the export: what the shop keeps of it, with the details the customer gave at checkout. */
export const ExportedOrder = z.object({
  id: z.string(),
  order_reference: z.string(),
  order_date: z.string(),
  status: OrderStatus,
  payment_method: z.string(),
  payment_status: PaymentStatus,
  total_cents: z.number().int(),
  shipping_cents: z.number().int(),
  customer_info: z.record(z.string(), z.unknown()),
  invoice_data: z.record(z.string(), z.unknown()).nullable(),
  items: z.array(ExportedOrderLine),
});
export type ExportedOrder = z.infer<typeof ExportedOrder>;

/** The internal questions svc-orders asks the other services for an export: whose data, by the account's e-mail. */
export const CustomerDataQuestion = z.object({ email: Email });
export type CustomerDataQuestion = z.infer<typeof CustomerDataQuestion>;

/** One review the customer wrote (svc-catalog), with the shop's reply. */
export const ExportedReview = z.object({
  id: z.string(),
  article_id: z.string(),
  article_title: z.string().nullable(),
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  customer_name: z.string(),
  approved: z.boolean(),
  reply_text: z.string().nullable(),
  created_at: z.string(),
});
export type ExportedReview = z.infer<typeof ExportedReview>;

/** POST /internal/customers/reviews (svc-catalog): the reviews written under the e-mail. */
export const CustomerReviewsAnswer = z.object({ reviews: z.array(ExportedReview) });
export type CustomerReviewsAnswer = z.infer<typeof CustomerReviewsAnswer>;

/** The newsletter consent (svc-notify): when and where it was given, under which text, confirmed and withdrawn. */
export const NewsletterConsent = z.object({
  email: z.string(),
  name: z.string().nullable(),
  language: CustomerLanguage,
  subscribed_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  /** Where it was given, and the version of the consent text (null: given before versions were kept). */
  source: z.string(),
  text_version: z.string().nullable(),
});
export type NewsletterConsent = z.infer<typeof NewsletterConsent>;

/** A back-in-stock alert (svc-notify, decision 0064): the article, the consent given and what became of it. */
export const StockAlertConsent = z.object({
  article_id: z.string(),
  article_title: z.string(),
  language: CustomerLanguage,
  requested_at: z.string(),
  confirmed_at: z.string().nullable(),
  notified_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  source: z.string(),
  text_version: z.string(),
});
export type StockAlertConsent = z.infer<typeof StockAlertConsent>;

/** POST /internal/customers/consents (svc-notify): the consents given with the e-mail; null or empty where none. */
export const CustomerConsentsAnswer = z.object({
  newsletter: NewsletterConsent.nullable(),
  stock_alerts: z.array(StockAlertConsent),
});
export type CustomerConsentsAnswer = z.infer<typeof CustomerConsentsAnswer>;

/**
 * GET /api/customers/me/export and GET /api/admin/customers/{id}/export (docs/product/account.md#data-export): the
 * profile with its addresses and invoice data, the orders with their lines (svc-orders), the reviews written
 * (svc-catalog) and the consents given (svc-notify).
 */
export const CustomerDataExport = z.object({
  exported_at: z.string(),
  profile: Customer.extend({ created_at: z.string() }),
  orders: z.array(ExportedOrder),
  reviews: z.array(ExportedReview),
  consents: CustomerConsentsAnswer,
});
export type CustomerDataExport = z.infer<typeof CustomerDataExport>;

/**
 * The address that takes an erased customer's place wherever a row must keep one (orders, reviews, purchases): unique
 * to the customer, and it delivers nowhere (docs/product/account.md#erasure).
 */
export const erasedCustomerEmail = (customerId: string) => `cancellato-${customerId}@example.invalid`;

/** The name an erased customer's reviews show. */
export const ERASED_REVIEW_AUTHOR = 'Cliente';
