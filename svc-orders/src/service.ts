import path from 'node:path';
import { z } from 'zod';
import { env, localKeySetVerifier, type ServiceDefinition } from '@edicola/platform';
import { deadLetters, jobSchedules, jobs, orders, outbox, processedEvents } from './db/schema';
import { authRoutes } from './routes/auth';
import { loadTokenSigner } from './signing-key';
import { ensureStaffAdmin } from './staff';

const settings = z.object({
  PORT: env.port(8102),
  ADMIN_USERNAME: z.string().trim().min(1).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** A private Ed25519 JWK (JSON); when absent the key is generated once and kept in the database. */
  JWT_PRIVATE_JWK: z
    .string()
    .refine((v) => {
      try {
        return typeof JSON.parse(v).d === 'string';
      } catch {
        return false;
      }
    }, 'expected a private JWK as JSON')
    .optional(),
  STAFF_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  LOGIN_ATTEMPTS_PER_15_MIN: z.coerce.number().int().positive().default(10),
});

export const ordersService: ServiceDefinition<typeof settings> = {
  name: 'svc-orders',
  schema: orders.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env: settings,
  tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
  async build({ config, database, notice }) {
    const db = database.db;
    const signer = await loadTokenSigner(db, config.JWT_PRIVATE_JWK);
    const verifier = localKeySetVerifier(signer.publicKeySet);
    return {
      verifier,
      routes(router) {
        authRoutes(router, {
          db,
          signer,
          verifier,
          staffTokenTtlSeconds: config.STAFF_TOKEN_TTL_SECONDS,
          loginAttemptsPer15Min: config.LOGIN_ATTEMPTS_PER_15_MIN,
        });
      },
      async start() {
        const admin = await ensureStaffAdmin(db, {
          username: config.ADMIN_USERNAME,
          password: config.ADMIN_PASSWORD,
        });
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
