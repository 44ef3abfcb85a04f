import type { Mailer } from './mail/mailer';
import type { ShopDetails } from './templates/Layout';

/** What the event handlers, the routes and the scheduled e-mails share. */
export interface NotifyContext {
  mailer: Mailer;
  shop: ShopDetails;
  /** Days a bank transfer has to arrive, when order.created carries no payment_due_at. */
  transferPaymentDays: number;
  /** Days after delivery the review request goes out (0: at the next run). */
  reviewRequestDelayDays: number;
  /** The parcel tracking page; `{tracking_number}` is replaced. */
  trackingUrl: string;
  /** Where the e-mails are written as .eml files when there is no SMTP server; null with SMTP. */
  mailFolder: string | null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
