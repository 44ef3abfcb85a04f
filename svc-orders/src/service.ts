import path from 'node:path';
import { z } from 'zod';
import { env, localKeySetVerifier, type ServiceDefinition } from '@edicola/platform';
import { deadLetters, jobSchedules, jobs, orders, outbox, processedEvents } from './db/schema';
import { loginLimiter } from './login-limits/limiter';
import { prepareDummyHash } from './passwords/hashing';
import { bankAccountFrom, isValidIban } from './orders/bank-transfer';
import { onPaymentFailed } from './events/payment-failed';
import { onPaymentRefunded } from './events/payment-refunded';
import { onPaymentSucceeded } from './events/payment-succeeded';
import { authRoutes } from './routes/auth';
import { customerRoutes } from './routes/customers';
import { internalOrderRoutes } from './routes/internal-orders';
import { orderRoutes } from './routes/orders';
import { shippingRoutes } from './routes/shipping';
import { seedDefaultShippingRules } from './shipping/default-rules';
import { RELEASE_STOCK_JOB, releaseStock } from './stock/reservations';
import { ensureStaffAdmin } from './staff/bootstrap';
import { loadTokenSigner } from './tokens/signing-key';

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
  /** The shop's account for bank transfers; without it a demo IBAN, marked `demo`, is shown. */
  SHOP_IBAN: z
    .string()
    .trim()
    .refine(isValidIban, 'expected a valid IBAN (country, check digits, account)')
    .optional(),
  /** The account holder's name shown with SHOP_IBAN; default `Edicola`. */
  SHOP_IBAN_HOLDER: z.string().trim().min(1).max(140).optional(),
  /** The bank's name shown with SHOP_IBAN (optional). */
  SHOP_BANK_NAME: z.string().trim().min(1).max(140).optional(),
});

/**
 * svc-orders. `embedded`: inside the all-in-one process, whose terminal shows a generated admin password and
 * which keeps a generated signing key under DATA_DIR. `standalone`: its own process (distributed mode), where
 * JWT_PRIVATE_JWK is required and the first admin needs ADMIN_PASSWORD.
 */
export function createOrdersService(mode: 'embedded' | 'standalone'): ServiceDefinition<typeof settings> {
  return {
    name: 'svc-orders',
    schema: orders.schemaName,
    migrationsFolder: path.join(__dirname, '../drizzle'),
    env: settings,
    tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
    async build({ config, database, notice, bus, jobs, internal, logger }) {
      const db = database.db;
      const embedded = mode === 'embedded';
      const dataDir = path.resolve(config.DATA_DIR);
      const signer = await loadTokenSigner({
        configuredJwk: config.JWT_PRIVATE_JWK,
        dataDir: embedded ? dataDir : undefined,
      });
      const verifier = localKeySetVerifier(signer.publicKeySet);
      const limiter = loginLimiter(db, {
        perAccount: config.LOGIN_ATTEMPTS_PER_15_MIN,
        perAddress: config.LOGIN_ATTEMPTS_PER_ADDRESS_PER_15_MIN,
        windowMs: 15 * 60 * 1000,
      });
      // An unstored order's stock must come back even after a long catalogue outage: tried for about 3 hours.
      jobs.handle<{ order_id: string }>(
        RELEASE_STOCK_JOB,
        (payload) => releaseStock(internal, payload.order_id),
        { backoffMs: 2000, maxBackoffMs: 10 * 60_000, maxAttempts: 25 },
      );
      const bankAccount = bankAccountFrom(config);
      // Payments move orders (SPEC §4): each handler runs in one transaction with the processed-event mark.
      bus.on('payment.succeeded', onPaymentSucceeded(bus, logger));
      bus.on('payment.failed', onPaymentFailed(bus));
      bus.on('payment.refunded', onPaymentRefunded(bus));
      return {
        verifier,
        routes(router) {
          authRoutes(router, {
            db,
            signer,
            verifier,
            limiter,
            staffTokenTtlSeconds: config.STAFF_TOKEN_TTL_SECONDS,
          });
          customerRoutes(router, {
            db,
            signer,
            verifier,
            limiter,
            customerTokenTtlSeconds: config.CUSTOMER_TOKEN_TTL_SECONDS,
          });
          orderRoutes(router, { database, bus, jobs, internal, logger, verifier, bankAccount });
          internalOrderRoutes(router, { database, bus, jobs, internal, logger, bankAccount });
          shippingRoutes(router, { db, verifier });
        },
        async start() {
          await prepareDummyHash();
          if (await seedDefaultShippingRules(db))
            logger.info('default shipping rules created (SPEC §9 table)');
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
