import path from 'node:path';
import { z } from 'zod';
import { SHOP_INFO } from '@edicola/contracts';
import { env, rateLimits, type ServiceDefinition } from '@edicola/platform';
import { onOrderCreated } from './events/order-created';
import {
  deadLetters,
  jobSchedules,
  jobs,
  notify,
  outbox,
  processedEvents,
  rateLimitCounters,
} from './db/schema';
import { createMailOutbox } from './mail/outbox';
import { createMailTransport } from './mail/transport';
import { contactRoutes } from './routes/contact';
import { newsletterRoutes } from './routes/newsletter';

const settings = z.object({
  PORT: env.port(8104),
  /** SMTP server for outgoing e-mail (smtp:// or smtps://, credentials in the URL); unset: .eml files under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Edicola Napoli <noreply@edicola.example>'),
  /** The shop's mailbox: contact-form messages go there. */
  SHOP_EMAIL: z.email().default('negozio@edicola.example'),
  SHOP_NAME: z.string().min(1).default('Edicola Napoli'),
  /** The storefront's public address, for links in e-mails (unsubscribe). */
  PUBLIC_WEB_URL: z.url().default('http://localhost:3000'),
  /** First wait before an e-mail the server refused is tried again (then doubled, 10 tries). */
  MAIL_RETRY_MS: z.coerce.number().int().positive().default(30_000),
  NEWSLETTER_SUBSCRIBES_PER_HOUR: z.coerce.number().int().positive().default(10),
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().positive().default(5),
});

export const notifyService: ServiceDefinition<typeof settings> = {
  name: 'svc-notify',
  schema: notify.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env: settings,
  tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
  build({ config, database, bus, jobs: jobRunner, logger }) {
    const db = database.db;
    const transport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      logger,
    });
    const mail = createMailOutbox(jobRunner, transport, { backoffMs: config.MAIL_RETRY_MS });
    bus.on(
      'order.created',
      onOrderCreated(mail, { name: config.SHOP_NAME, email: config.SHOP_EMAIL, phone: SHOP_INFO.phone }),
    );
    if (transport.kind === 'file') {
      logger.warn(
        { folder: path.resolve(config.DATA_DIR, 'mail') },
        'SMTP_URL is not set: e-mails are written as .eml files',
      );
    }
    const limits = rateLimits(db, rateLimitCounters);
    return {
      routes(router) {
        newsletterRoutes(router, db, {
          mail,
          webUrl: config.PUBLIC_WEB_URL,
          shopName: config.SHOP_NAME,
          subscribesPerHour: config.NEWSLETTER_SUBSCRIBES_PER_HOUR,
          limits,
        });
        contactRoutes(router, db, {
          mail,
          shopEmail: config.SHOP_EMAIL,
          shopName: config.SHOP_NAME,
          messagesPerHour: config.CONTACT_MESSAGES_PER_HOUR,
          limits,
        });
      },
      async stop() {
        transport.close();
      },
    };
  },
};
