import { randomBytes } from 'node:crypto';
import { registerOrderMetrics } from './orders/metrics';
import path from 'node:path';
import { z } from 'zod';
import { presaleTermsSettings } from '@edicola/contracts';
import {
  createTokenSigner,
  env,
  localKeySetVerifier,
  rateLimits,
  sessionCheckedVerifier,
  type ServiceDefinition,
} from '@edicola/platform';
import {
  deadLetters,
  jobSchedules,
  jobs,
  orders,
  outbox,
  processedEvents,
  rateLimitCounters,
} from './db/schema';
import { loginLimiter } from './login-limits/limiter';
import { prepareDummyHash } from './passwords/hashing';
import { bankAccountFrom, isValidIban } from './orders/bank-transfer';
import { cancelTokens } from './orders/cancel-token';
import { EXPIRE_UNPAID_JOB, expireOverdueOrders } from './orders/deadlines';
import {
  discountCheckLimit,
  giftCardCheckLimit,
  internalClientAddress,
  orderCreationLimit,
  orderLinkLimit,
} from './orders/limits';
import { onAuditRecorded } from './events/audit-recorded';
import { onPaymentFailed } from './events/payment-failed';
import { onPaymentRefunded } from './events/payment-refunded';
import { onPaymentRefundFailed } from './events/payment-refund-failed';
import { onPaymentSucceeded } from './events/payment-succeeded';
import { onReleaseDateChanged } from './events/release-date-changed';
import { allocateAfterDeposit, lapseOverdueBalances, type Presales } from './presales/arrivals';
import { presaleRoutes } from './routes/presales';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { staffAccountRoutes } from './routes/staff-accounts';
import { customerRoutes } from './routes/customers';
import { adminCustomerRoutes } from './routes/admin-customers';
import { discountRoutes } from './routes/discounts';
import { giftCardRoutes } from './routes/gift-cards';
import { passwordResetLimits } from './passwords/reset-limits';
import { passwordResetRoutes } from './routes/password-resets';
import { internalOrderRoutes } from './routes/internal-orders';
import { orderWorkRoutes } from './routes/order-work';
import { internalSessionRoutes } from './routes/internal-sessions';
import { exportRoutes } from './routes/exports';
import { orderRoutes } from './routes/orders';
import { externalOrderRoutes } from './routes/external-orders';
import { analyticsRoutes } from './routes/analytics';
import { homeRoutes } from './routes/home';
import { shippingRoutes } from './routes/shipping';
import { invoiceRoutes } from './routes/invoices';
import { shopFiscalFrom, shopFiscalSettings } from './invoices/shop-fiscal';
import { seedDefaultShippingRules } from './shipping/default-rules';
import { orderKeys } from './orders/order-keys';
import { sweepPlacements } from './stock/placements';
import { RELEASE_STOCK_JOB, releaseStock } from './stock/reservations';
import { ensureStaffAdmin } from './staff/bootstrap';
import { loadSigningKey } from './tokens/signing-key';
import { sessionVersionOf } from './sessions/versions';
import { twoFactorKeys } from './staff/two-factor-keys';
import { createFakePacklink, type FakePacklink } from './fakes/packlink/fake-packlink';
import { shipmentRoutes } from './routes/shipments';
import { counterRoutes } from './routes/counter';
import { counterPrinting } from './counter/printing';
import { counterRtFrom, rtSettings } from './counter/rt-setup';
import { handlePacklinkCallback } from './shipments/callbacks';
import { resolveShipmentsMode } from './shipments/mode';
import { createPacklinkClient, type PacklinkClient } from './shipments/packlink-client';
import { sweepShipmentClaims, type ShipmentDeps } from './shipments/shipments';
import { sdiRoutes } from './routes/sdi';
import { pollReceipts, sendDueDocuments, sweepStuckSendings } from './sdi/sender';
import { sdiChannelFrom, sdiSettings } from './sdi/setup';

/** An unset or empty variable is absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const settings = z.object({
  PORT: env.port(8102),
  /** The admin made sure of at every start (with ADMIN_PASSWORD); default `admin`. */
  ADMIN_USERNAME: z.string().trim().min(1).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(1024).optional(),
  /** A private Ed25519 JWK (JSON). Required in distributed mode; embedded, a key is generated under DATA_DIR. */
  JWT_PRIVATE_JWK: z
    .string()
    .refine((v) => {
      try {
        const jwk = JSON.parse(v) as Record<string, unknown>;
        return jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.d === 'string';
      } catch {
        return false;
      }
    }, 'expected a private Ed25519 JWK as JSON (kty OKP, crv Ed25519, with d)')
    .optional(),
  STAFF_TOKEN_TTL_SECONDS: seconds(8 * 3600),
  CUSTOMER_TOKEN_TTL_SECONDS: seconds(7 * 24 * 3600),
  /** Wrong passwords per client address and account in 15 minutes. */
  LOGIN_ATTEMPTS_PER_15_MIN: z.coerce.number().int().positive().default(10),
  /** Wrong passwords per client address, whatever the account, in 15 minutes. */
  LOGIN_ATTEMPTS_PER_ADDRESS_PER_15_MIN: z.coerce.number().int().positive().default(100),
  /** Wrong passwords for one account, from any address, in 15 minutes before its logins are slowed down. */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().positive().default(10),
  /** Longest delay of that slow-down. */
  LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().positive().default(10_000),
  /** New customer accounts per client address in an hour. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Password-reset requests (and, apart, link confirmations) per client address in an hour. */
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Password-reset e-mails per account in an hour; further requests are answered alike and send nothing. */
  PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** The shop's account for bank transfers; without it a demo IBAN, marked `demo`, is shown. */
  SHOP_IBAN: z
    .string()
    .trim()
    .refine(isValidIban, 'expected a valid IBAN (country, check digits, account)')
    .optional(),
  /**
   * How long an order being placed holds its stock reservation: past it, the placement sweeper gives the stock
   * back (the request died or hung). Longer than the slowest reservation call (INTERNAL_CALL_TIMEOUT_MS, retried).
   */
  PLACEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often the placement sweeper looks for placements past their deadline. */
  PLACEMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** The account holder's name shown with SHOP_IBAN; default `Edicola`. */
  SHOP_IBAN_HOLDER: z.string().trim().min(1).max(140).optional(),
  /** The bank's name shown with SHOP_IBAN (optional). */
  SHOP_BANK_NAME: z.string().trim().min(1).max(140).optional(),
  /** Minutes an online order (card, Klarna, PayPal) waits for its payment before it is cancelled. */
  ORDER_PAYMENT_MINUTES: z.coerce.number().positive().default(30),
  /** Days a bank-transfer order waits for the transfer before it is cancelled. */
  TRANSFER_PAYMENT_DAYS: z.coerce.number().positive().default(7),
  /** The pre-sale terms (PRESALE_BALANCE_DAYS, PRESALE_LAPSED_DEPOSIT), which the storefront's terms page states. */
  ...presaleTermsSettings,
  /** How often pre-orders whose balance is past its deadline are looked for, in milliseconds. */
  PRESALE_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
  /** How often unpaid orders past their deadline are looked for, in milliseconds. */
  ORDER_EXPIRY_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
  /** Orders created per client address in an hour. */
  ORDERS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Calls per client address in an hour that check an order's token (order page, its files, cancellation). */
  ORDER_LINK_CALLS_PER_HOUR: z.coerce.number().int().positive().default(300),
  /** Unpaid open orders per buyer e-mail. */
  OPEN_ORDERS_PER_EMAIL: z.coerce.number().int().positive().default(3),
  /**
   * Shipments: `demo` talks to the in-process fake Packlink (even with a key), `live` to Packlink with
   * PACKLINK_API_KEY (without it the shipment routes are off, 503). Unset: demo without a key, live with one.
   */
  PACKLINK_MODE: optional(z.enum(['demo', 'live'])),
  /** Packlink PRO's API key (Settings → API key in Packlink PRO), sent as `Authorization: <key>`. */
  PACKLINK_API_KEY: optional(z.string().trim().min(10, 'expected a Packlink PRO API key')),
  /** Packlink's API; its sandbox is https://apisandbox.packlink.com/v1/. */
  PACKLINK_API_BASE: z.url().default('https://api.packlink.com/v1/'),
  /** Registered with Packlink at start (POST shipments/callback) when set: https://<shop>/webhooks/packlink. */
  PACKLINK_CALLBACK_URL: optional(z.url()),
  /** The sender on every label (street, CAP and city required in live mode). */
  PACKLINK_FROM_NAME: z.string().trim().min(1).max(100).default('Edicola'),
  PACKLINK_FROM_STREET: optional(z.string().trim().max(200)),
  PACKLINK_FROM_ZIP: optional(z.string().trim().max(20)),
  PACKLINK_FROM_CITY: optional(z.string().trim().max(100)),
  PACKLINK_FROM_COUNTRY: z.string().trim().length(2).toUpperCase().default('IT'),
  PACKLINK_FROM_PHONE: z.string().trim().max(40).default('+39 06 0000000'),
  PACKLINK_FROM_EMAIL: z.email().default('spedizioni@edicola.example'),
  /** Demo mode: how long the fake Packlink takes to make a draft ready (label and tracking number). */
  PACKLINK_DEMO_READY_MS: z.coerce.number().int().min(0).default(3000),
  /** The shop's fiscal data on its invoices (invoices/shop-fiscal.ts): SHOP_NAME, SHOP_VAT_NUMBER, ... */
  ...shopFiscalSettings,
  /** The counter's fiscal printer (counter/rt-setup.ts): RT_MODE, RT_URL, RT_TIMEOUT_MS, ... */
  ...rtSettings,
  /** Invoices to the SdI (sdi/setup.ts): SDI_MODE, SDI_API_BASE, SDI_API_KEY, SDI_AUTO_SEND, ... */
  ...sdiSettings,
  /** How long a counter sale's request waits for its receipt before answering that it is still printing. */
  COUNTER_PRINT_WAIT_MS: z.coerce.number().int().min(0).default(8000),
  /** First wait before a failed print is tried again (it doubles up to a minute). */
  COUNTER_PRINT_RETRY_MS: z.coerce.number().int().min(50).default(2000),
});

/**
 * svc-orders. `embedded`: inside the all-in-one process, whose terminal shows a generated admin password and
 * which keeps a generated signing key under DATA_DIR. `standalone`: its own process (distributed mode), where
 * JWT_PRIVATE_JWK is required and the first admin needs ADMIN_PASSWORD.
 */
export interface OrdersServiceOptions {
  /** Demo mode's fake Packlink: a look at it once started, and when its drafts become ready (null: only on demand). */
  packlinkDemo?: { readyAfterMs?: number | null; onStart?(fake: FakePacklink): void };
}

export function createOrdersService(
  mode: 'embedded' | 'standalone',
  options: OrdersServiceOptions = {},
): ServiceDefinition<typeof settings> {
  return {
    name: 'svc-orders',
    schema: orders.schemaName,
    migrationsFolder: path.join(__dirname, '../drizzle'),
    env: settings,
    tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
    async build({ config, database, notice, bus, jobs, internal, logger, metrics }) {
      const db = database.db;
      const embedded = mode === 'embedded';
      const dataDir = path.resolve(config.DATA_DIR);
      const signingKey = await loadSigningKey({
        configuredJwk: config.JWT_PRIVATE_JWK,
        dataDir: embedded ? dataDir : undefined,
      });
      const signer = await createTokenSigner(signingKey);
      // The authority on sessions: its own key set, and each token's session version against the database.
      const verifier = sessionCheckedVerifier(localKeySetVerifier(signer.publicKeySet), (kind, id) =>
        sessionVersionOf(db, kind, id),
      );
      const limiter = loginLimiter(db, {
        perAccount: config.LOGIN_ATTEMPTS_PER_15_MIN,
        perAddress: config.LOGIN_ATTEMPTS_PER_ADDRESS_PER_15_MIN,
        slowDownAfter: config.LOGIN_SLOWDOWN_AFTER,
        slowDownMaxMs: config.LOGIN_SLOWDOWN_MAX_MS,
        windowMs: 15 * 60 * 1000,
      });
      // Releases enqueued before placements existed (the placement sweeper does this now).
      jobs.handle<{ order_id: string }>(
        RELEASE_STOCK_JOB,
        (payload) => releaseStock(internal, payload.order_id),
        { backoffMs: 2000, maxBackoffMs: 10 * 60_000, maxAttempts: 25 },
      );
      const bankAccount = bankAccountFrom(config);
      const placementTimeoutMs = config.PLACEMENT_TIMEOUT_MS;
      const keys = orderKeys(placementTimeoutMs);
      jobs.every('orders.placement-sweeper', config.PLACEMENT_SWEEP_INTERVAL_MS, async () => {
        await sweepPlacements({ db, internal, logger });
        await keys.purge(db, new Date(Date.now() - 24 * 3600_000));
      });
      const placing = {
        database,
        bus,
        jobs,
        internal,
        logger,
        bankAccount,
        keys,
        placementTimeoutMs,
        deadlines: {
          onlineMinutes: config.ORDER_PAYMENT_MINUTES,
          transferDays: config.TRANSFER_PAYMENT_DAYS,
        },
        openOrdersPerEmail: config.OPEN_ORDERS_PER_EMAIL,
        cancelTokens: cancelTokens(signingKey),
      };
      const limits = rateLimits(db, rateLimitCounters);
      const linkLimit = orderLinkLimit(limits, config.ORDER_LINK_CALLS_PER_HOUR);
      // Every unpaid order ends: past payment_due_at it is cancelled (online ones once svc-payments found nothing paid).
      jobs.every(EXPIRE_UNPAID_JOB, config.ORDER_EXPIRY_SWEEP_MS, async () => {
        const cancelled = await expireOverdueOrders({ ...placing, logger });
        if (cancelled > 0) logger.info({ cancelled }, 'unpaid orders past their deadline cancelled');
      });
      // Payments move orders (docs/product/orders-and-payments.md#initial-status): each handler runs in one
      // transaction with the processed-event mark.
      // Pre-sale deposits and arrivals (docs/decisions/0066-presale-deposits.md).
      const presales: Presales = {
        database,
        bus,
        logger,
        cancelTokens: placing.cancelTokens,
        balanceMs: config.PRESALE_BALANCE_DAYS * 24 * 3600_000,
        lapsedDeposit: config.PRESALE_LAPSED_DEPOSIT,
      };
      jobs.every('orders.presale-balances', config.PRESALE_SWEEP_MS, async () => {
        const lapsed = await lapseOverdueBalances(presales);
        if (lapsed > 0) logger.info({ lapsed }, 'pre-orders whose balance came too late ended');
      });
      bus.on('article.release_date_changed', onReleaseDateChanged(presales));
      bus.on('payment.succeeded', onPaymentSucceeded(bus, logger, allocateAfterDeposit(presales)));
      bus.on('payment.failed', onPaymentFailed(bus));
      bus.on('payment.refunded', onPaymentRefunded(bus));
      bus.on('payment.refund_failed', onPaymentRefundFailed(bus));
      bus.on('audit.recorded', onAuditRecorded());
      // Fiscal data: fake and marked demo in the all-in-one mode when not configured; a service fails closed.
      const shopFiscal = shopFiscalFrom(config, { demoAllowed: embedded });
      registerOrderMetrics(metrics);

      // Shipments (Packlink PRO): the real API, or in demo mode its fake on loopback through the same client.
      const shipmentsMode = resolveShipmentsMode(config);
      let shipmentDeps: ShipmentDeps | undefined;
      let stopFake: (() => Promise<void>) | null = null;
      let packlink: PacklinkClient | null = null;
      if (shipmentsMode === 'demo') {
        const apiKey = `demo-${randomBytes(24).toString('hex')}`;
        const fake = createFakePacklink({
          apiKey,
          readyAfterMs:
            options.packlinkDemo?.readyAfterMs !== undefined
              ? options.packlinkDemo.readyAfterMs
              : config.PACKLINK_DEMO_READY_MS,
          async deliverCallback(body) {
            if (!shipmentDeps) throw new Error('svc-orders is not ready for Packlink callbacks yet');
            // The demo's label can be ready before the shipment's row is committed: an unknown shipment fails the
            // delivery, which the fake tries again as Packlink does.
            if ((await handlePacklinkCallback(shipmentDeps, body)) === 'ignored') {
              throw new Error('Packlink callback for a shipment not stored yet');
            }
          },
        });
        const server = await fake.listen();
        stopFake = server.close;
        packlink = createPacklinkClient({ apiKey, baseUrl: server.apiBase });
        options.packlinkDemo?.onStart?.(fake);
        logger.warn('shipments run in DEMO mode against an in-process fake Packlink (labels marked DEMO)');
      } else if (shipmentsMode === 'live') {
        packlink = createPacklinkClient({
          apiKey: config.PACKLINK_API_KEY!,
          baseUrl: config.PACKLINK_API_BASE,
        });
      } else {
        logger.warn('PACKLINK_MODE=live without PACKLINK_API_KEY: shipments are OFF');
      }
      const demoSender = shipmentsMode === 'demo';
      const shipping: ShipmentDeps = {
        database,
        bus,
        internal,
        logger,
        mode: shipmentsMode,
        packlink,
        sender: {
          name: config.PACKLINK_FROM_NAME,
          surname: '-',
          company: config.PACKLINK_FROM_NAME,
          street1: config.PACKLINK_FROM_STREET ?? (demoSender ? 'Via dei Fori Imperiali 1 (DEMO)' : ''),
          zip_code: config.PACKLINK_FROM_ZIP ?? (demoSender ? '00186' : ''),
          city: config.PACKLINK_FROM_CITY ?? (demoSender ? 'Roma' : ''),
          country: config.PACKLINK_FROM_COUNTRY,
          phone: config.PACKLINK_FROM_PHONE,
          email: config.PACKLINK_FROM_EMAIL,
        },
        claimMs: 60_000,
      };
      // The counter's fiscal printer: a fake RT in the process (demo), the shop's RT (live), or none (off).
      const rt = counterRtFrom(config, { embedded, shopFiscal, logger });
      const printing = counterPrinting({
        database,
        bus,
        jobs,
        logger,
        printer: rt.printer,
        mode: rt.mode,
        retryMs: config.COUNTER_PRINT_RETRY_MS,
      });
      // Invoices and credit notes to the SdI (docs/product/orders-and-payments.md#sdi): the sender and the
      // receipts' poller are recurring jobs, each document claimed with a deadline the sweeper enforces.
      const sdi = sdiChannelFrom(config, { embedded, shopFiscal, logger });
      let sendingNow: Promise<unknown> | null = null;
      const sendSdi = async () => {
        if (!sdi.client || !shopFiscal.ok) return;
        const swept = await sweepStuckSendings(db);
        if (swept > 0) logger.warn({ swept }, 'SdI sendings that never finished queued again');
        await sendDueDocuments({
          db,
          client: sdi.client,
          shop: shopFiscal.shop,
          logger,
          autoSend: config.SDI_AUTO_SEND,
          retryMs: config.SDI_RETRY_MS,
          maxRetryMs: config.SDI_MAX_RETRY_MS,
          claimMs: 2 * 60_000,
        });
      };
      const sendSdiNow = () => {
        sendingNow ??= sendSdi()
          .catch((err: unknown) => logger.warn({ err }, 'SdI sending round failed'))
          .finally(() => (sendingNow = null));
      };
      if (sdi.mode !== 'off') {
        jobs.every('orders.sdi-send', config.SDI_SEND_INTERVAL_MS, sendSdi);
        jobs.every('orders.sdi-receipts', sdi.pollIntervalMs, async () => {
          if (sdi.client) await pollReceipts({ db, client: sdi.client, logger });
        });
      }
      jobs.every('orders.shipment-claims', 30_000, async () => {
        const swept = await sweepShipmentClaims(db);
        if (swept > 0) logger.warn({ swept }, 'shipment creations that never finished marked failed');
      });
      return {
        verifier,
        routes(router) {
          authRoutes(router, {
            db,
            signer,
            verifier,
            limiter,
            staffTokenTtlSeconds: config.STAFF_TOKEN_TTL_SECONDS,
            bus,
            twoFactor: twoFactorKeys(signingKey),
            issuer: config.SHOP_NAME ?? 'Edicola',
          });
          customerRoutes(router, {
            db,
            bus,
            internal,
            signer,
            verifier,
            limiter,
            registrationLimit: rateLimits(db, rateLimitCounters).perAddress({
              name: 'registrations',
              windowMs: 60 * 60 * 1000,
              limit: config.REGISTRATIONS_PER_HOUR,
              detail: 'Troppe registrazioni da questo indirizzo. Riprova più tardi.',
              successesOnly: true,
            }),
            customerTokenTtlSeconds: config.CUSTOMER_TOKEN_TTL_SECONDS,
          });
          passwordResetRoutes(router, {
            db,
            bus,
            perAccountPerHour: config.PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR,
            ...passwordResetLimits(limits, config.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR),
          });
          orderWorkRoutes(router, { shipping, shopFiscal, verifier });
          externalOrderRoutes(router, { ...placing, verifier });
          orderRoutes(router, {
            ...placing,
            verifier,
            creationLimit: orderCreationLimit(limits, config.ORDERS_PER_ADDRESS_PER_HOUR),
            orderLinkLimit: linkLimit,
          });
          internalOrderRoutes(router, {
            ...placing,
            creationLimit: orderCreationLimit(
              limits,
              config.ORDERS_PER_ADDRESS_PER_HOUR,
              internalClientAddress,
            ),
          });
          presaleRoutes(router, { ...presales, verifier, internal, orderLinkLimit: linkLimit });
          shippingRoutes(router, { db, verifier, bus });
          invoiceRoutes(router, {
            database,
            bus,
            verifier,
            shopFiscal,
            cancelTokens: placing.cancelTokens,
            orderLinkLimit: linkLimit,
          });
          internalSessionRoutes(router, db);
          auditRoutes(router, { db, verifier });
          staffAccountRoutes(router, { db, verifier, bus });
          adminCustomerRoutes(router, { db, verifier, bus, internal });
          discountRoutes(router, { db, verifier, bus, internal, checkLimit: discountCheckLimit(limits) });
          giftCardRoutes(router, { db, verifier, bus, checkLimit: giftCardCheckLimit(limits) });
          exportRoutes(router, { db, verifier });
          sdiRoutes(router, {
            db,
            verifier,
            channel: sdi,
            autoSend: config.SDI_AUTO_SEND,
            sendNow: sendSdiNow,
          });
          analyticsRoutes(router, { database, jobs, verifier, deadlines: placing.deadlines });
          homeRoutes(router, { db, verifier });
          shipmentRoutes(router, shipping, verifier);
          counterRoutes(router, {
            database,
            bus,
            jobs,
            internal,
            logger,
            keys,
            placementTimeoutMs,
            printing,
            verifier,
            printer: rt.printer,
            printWaitMs: config.COUNTER_PRINT_WAIT_MS,
            demoJournal: rt.demoJournal,
          });
        },
        async stop() {
          shipmentDeps = undefined;
          await stopFake?.();
          await rt.close();
          await sendingNow;
          await sdi.close();
        },
        async start() {
          shipmentDeps = shipping;
          await sdi.start();
          if (shipmentsMode === 'live' && config.PACKLINK_CALLBACK_URL) {
            void packlink!
              .registerCallback(config.PACKLINK_CALLBACK_URL)
              .then(() => logger.info('Packlink callback address registered'))
              .catch((error: unknown) =>
                logger.warn(
                  { err: error },
                  'Packlink callback registration failed: tracking updates will not arrive',
                ),
              );
          }
          await prepareDummyHash();
          if (await seedDefaultShippingRules(db))
            logger.info('default shipping rules created (docs/product/orders-and-payments.md#default-rules)');
          if (!shopFiscal.ok) logger.warn(shopFiscal.detail);
          else if (shopFiscal.shop.demo) {
            logger.warn('SHOP_VAT_NUMBER is not set: invoices carry fake demo fiscal data, marked as such');
          }
          if (bankAccount.demo) {
            logger.warn('SHOP_IBAN is not set: bank transfer orders show a demo IBAN, marked as such');
          }
          const admin = await ensureStaffAdmin(
            db,
            { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD },
            { generate: embedded },
          );
          if (admin.outcome === 'generated') {
            notice('Staff user created; this password is shown only once', {
              username: admin.username,
              password: admin.password,
            });
          }
        },
      };
    },
  };
}

/** The definition the all-in-one launcher (and the tests) run. */
export const ordersService = createOrdersService('embedded');
