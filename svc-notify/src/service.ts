import path from 'node:path';
import { z } from 'zod';
import { SHOP_INFO } from '@edicola/contracts';
import { env, rateLimits, type ServiceDefinition } from '@edicola/platform';
import type { NotifyContext } from './context';
import { onArticleAlertRequested } from './events/article-alert-requested';
import { onArticleChanged } from './events/article-changed';
import { onArticleStockLow } from './events/article-stock-low';
import { onAccountPasswordResetRequested } from './events/account-password-reset-requested';
import { onCustomerErased } from './events/customer-erased';
import { onOrderCreated } from './events/order-created';
import { onOrderStatusChanged } from './events/order-status-changed';
import { onPaymentFailed } from './events/payment-failed';
import { onPaymentRefundFailed } from './events/payment-refund-failed';
import { onPaymentRefunded } from './events/payment-refunded';
import { onPaymentSucceeded } from './events/payment-succeeded';
import { onOrderPresaleNotice } from './events/order-presale-notice';
import { onReviewReplied } from './events/review-replied';
import {
  deadLetters,
  jobSchedules,
  jobs,
  notify,
  outbox,
  processedEvents,
  rateLimitCounters,
} from './db/schema';
import { createMailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';
import { adminEmailRoutes } from './routes/admin-emails';
import { contactRoutes } from './routes/contact';
import { internalCustomerRoutes } from './routes/internal-customers';
import { newsletterRoutes } from './routes/newsletter';
import { stockAlertRoutes } from './routes/stock-alerts';
import { processScheduledEmails } from './scheduled/scheduled-emails';
import { sweepUnconfirmedStockAlerts } from './stock-alerts/alerts';

const settings = z.object({
  PORT: env.port(8104),
  /** SMTP server for outgoing e-mail (smtp:// or smtps://, credentials in the URL); unset: .eml files under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Edicola Napoli <noreply@edicola.example>'),
  /** The shop's mailbox: contact-form messages, new orders, failed refunds and low stock go there. */
  SHOP_EMAIL: z.email().default('negozio@edicola.example'),
  SHOP_NAME: z.string().min(1).default('Edicola Napoli'),
  /** The storefront's public address, for links in e-mails. */
  PUBLIC_WEB_URL: z.url().default('http://localhost:3000'),
  /** First wait before an e-mail the server refused is tried again (then doubled, MAIL_MAX_ATTEMPTS tries). */
  MAIL_RETRY_MS: z.coerce.number().int().positive().default(30_000),
  /** Tries before an e-mail is marked failed (listed by GET /api/admin/emails?status=failed). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  NEWSLETTER_SUBSCRIBES_PER_HOUR: z.coerce.number().int().positive().default(10),
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** E-mails an outsider can cause (unpaid order received, contact copy, newsletter confirmation) per recipient per day. */
  OUTSIDER_EMAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().positive().default(5),
  /** Days after delivery the review request is sent; 0: at the next run of the scheduled e-mails. */
  REVIEW_REQUEST_DELAY_DAYS: z.coerce.number().int().nonnegative().default(7),
  /** Days a bank transfer has to arrive, when order.created carries no payment_due_at (as svc-orders' setting). */
  TRANSFER_PAYMENT_DAYS: z.coerce.number().int().positive().default(7),
  /** How often the scheduled e-mails due are sent (one replica at a time). */
  SCHEDULED_EMAILS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  /** How often unconfirmed back-in-stock alerts past their window are deleted. */
  STOCK_ALERT_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
  /** The parcel tracking page of the shipped e-mail; {tracking_number} is replaced. */
  TRACKING_URL: z
    .string()
    .regex(/^https?:\/\/.*\{tracking_number\}/, 'expected an http(s) URL with {tracking_number}')
    .default('https://t.17track.net/it#nums={tracking_number}'),
});

export const notifyService: ServiceDefinition<typeof settings> = {
  name: 'svc-notify',
  schema: notify.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env: settings,
  tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
  // E-mails can wait a moment: a burst of orders is served first.
  background: true,
  build({ config, database, bus, jobs: jobRunner, logger, verifier }) {
    const db = database.db;
    const transport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      logger,
    });
    const ctx: NotifyContext = {
      mailer: createMailer({
        database,
        jobs: jobRunner,
        transport,
        logger,
        backoffMs: config.MAIL_RETRY_MS,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        outsiderCapPerDay: config.OUTSIDER_EMAILS_PER_RECIPIENT_PER_DAY,
      }),
      shop: {
        name: config.SHOP_NAME,
        email: config.SHOP_EMAIL,
        phone: SHOP_INFO.phone,
        street: SHOP_INFO.street,
        city: SHOP_INFO.city,
        country: SHOP_INFO.country,
        webUrl: config.PUBLIC_WEB_URL,
      },
      transferPaymentDays: config.TRANSFER_PAYMENT_DAYS,
      reviewRequestDelayDays: config.REVIEW_REQUEST_DELAY_DAYS,
      trackingUrl: config.TRACKING_URL,
      mailFolder: transport.kind === 'file' ? path.resolve(config.DATA_DIR, 'mail') : null,
    };
    bus.on('order.created', onOrderCreated(ctx));
    bus.on('order.status_changed', onOrderStatusChanged(ctx));
    bus.on('payment.succeeded', onPaymentSucceeded(ctx));
    bus.on('payment.failed', onPaymentFailed(ctx));
    bus.on('payment.refunded', onPaymentRefunded(ctx));
    bus.on('payment.refund_failed', onPaymentRefundFailed(ctx));
    bus.on('review.replied', onReviewReplied(ctx));
    bus.on('order.presale_notice', onOrderPresaleNotice(ctx));
    bus.on('article.stock_low', onArticleStockLow(ctx));
    bus.on('article.alert_requested', onArticleAlertRequested(ctx));
    bus.on('article.changed', onArticleChanged(ctx));
    bus.on('account.password_reset_requested', onAccountPasswordResetRequested(ctx));
    bus.on('customer.erased', onCustomerErased(ctx, logger));
    jobRunner.every('mail.scheduled', config.SCHEDULED_EMAILS_INTERVAL_MS, async () => {
      await processScheduledEmails(database, ctx, logger);
    });
    jobRunner.every('stock-alerts.sweep', config.STOCK_ALERT_SWEEP_INTERVAL_MS, async () => {
      const removed = await sweepUnconfirmedStockAlerts(db);
      if (removed > 0) logger.info({ removed }, 'unconfirmed back-in-stock alerts deleted');
    });
    if (transport.kind === 'file') {
      logger.warn(
        { folder: path.resolve(config.DATA_DIR, 'mail') },
        'SMTP_URL is not set: e-mails are written as .eml files',
      );
    }
    const limits = rateLimits(db, rateLimitCounters);
    return {
      routes(router) {
        newsletterRoutes(router, db, ctx, {
          subscribesPerHour: config.NEWSLETTER_SUBSCRIBES_PER_HOUR,
          limits,
        });
        contactRoutes(router, db, ctx, { messagesPerHour: config.CONTACT_MESSAGES_PER_HOUR, limits });
        adminEmailRoutes(router, database, verifier, ctx, logger);
        internalCustomerRoutes(router, db);
        stockAlertRoutes(router, db, verifier);
      },
      async stop() {
        transport.close();
      },
    };
  },
};
