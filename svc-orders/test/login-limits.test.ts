import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import {
  createInProcessTransport,
  startService,
  type RunningService,
  type Transport,
} from '@edicola/platform';
import { createTestDatabase, type TestDatabase } from '@edicola/platform/testing';
import { loginFailures } from '../src/db/schema';
import { ordersService } from '../src/service';
import { privato } from './support';

// Two replicas of svc-orders on one real database, as in production behind a load balancer.
describe('login limits', () => {
  let database: TestDatabase;
  let dataDir: string;
  let replicas: RunningService[];
  const transports: Transport[] = [];
  const from = (replica: number, address: string) => ({
    staff: (username: string, password: string) =>
      request(replicas[replica]!.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', address)
        .send({ username, password }),
    customer: (email: string, password: string) =>
      request(replicas[replica]!.app)
        .post('/api/customers/login')
        .set('X-Forwarded-For', address)
        .send({ email, password }),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-limits-'));
    const env = {
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      ADMIN_USERNAME: 'titolare',
      ADMIN_PASSWORD: 'Napoli-1926!',
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_15_MIN: '25',
    };
    // Each replica its own in-process bus (one consumer per service and transport); they share the database.
    const start = () => {
      const transport = createInProcessTransport();
      transports.push(transport);
      return startService(ordersService, {
        env,
        database: database.database,
        transport,
        logger: pino({ level: 'silent' }),
      });
    };
    replicas = [await start(), await start()];
    await request(replicas[0]!.app).post('/api/customers/register').send(privato).expect(201);
  }, 60_000);
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.stop();
    for (const transport of transports) await transport.close();
    await database?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => database.database.db.delete(loginFailures));

  it('answers 429 after 10 wrong passwords for one account from one address, counted across replicas', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await from(i % 2, '203.0.113.7').staff('titolare', `x${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));

    const limited = await from(1, '203.0.113.7').staff('titolare', 'Napoli-1926!');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      detail: 'Troppi tentativi di accesso non riusciti. Riprova tra qualche minuto.',
    });
    expect((await from(0, '203.0.113.7').staff('TITOLARE', 'Napoli-1926!')).status).toBe(429);

    // The same account from another address, and another account from the same address, still log in.
    expect((await from(0, '198.51.100.4').staff('titolare', 'Napoli-1926!')).status).toBe(200);
    expect((await from(1, '203.0.113.7').customer(privato.email, privato.password)).status).toBe(200);
  });

  it('limits customer logins the same way, per e-mail without regard to case', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await from(i % 2, '192.0.2.10').customer(i % 2 ? privato.email.toUpperCase() : privato.email, 'no'))
          .status,
      ).toBe(401);
    }
    expect((await from(0, '192.0.2.10').customer(privato.email, privato.password)).status).toBe(429);
    expect((await from(1, '192.0.2.11').customer(privato.email, privato.password)).status).toBe(200);
  });

  it('has a looser limit per address whatever the account', async () => {
    for (let i = 0; i < 25; i += 1) {
      expect((await from(i % 2, '192.0.2.99').staff(`utente${i}`, 'no')).status).toBe(401);
    }
    expect((await from(0, '192.0.2.99').staff('titolare', 'Napoli-1926!')).status).toBe(429);
    expect((await from(0, '192.0.2.98').staff('titolare', 'Napoli-1926!')).status).toBe(200);
  });

  it('counts concurrent wrong passwords atomically: 40 at once for one account get 10 × 401, the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => from(i % 2, '203.0.113.40').staff('titolare', `wrong${i}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  }, 60_000);

  it('keeps the customer and staff limits apart: failed customer logins do not block staff from that address', async () => {
    for (let i = 0; i < 25; i += 1) {
      expect((await from(i % 2, '192.0.2.120').customer(`cliente${i}@example.it`, 'no')).status).toBe(401);
    }
    expect((await from(0, '192.0.2.120').customer(privato.email, privato.password)).status).toBe(429);
    expect((await from(1, '192.0.2.120').staff('titolare', 'Napoli-1926!')).status).toBe(200);
  });

  it('slows down an account guessed at from many addresses, but still lets its owner in', async () => {
    // 14 wrong passwords from 14 addresses: no address reaches its limit; the account's logins slow down
    // after 10 (LOGIN_SLOWDOWN_AFTER) with a delay that doubles: 250 ms, 500 ms, 1 s, 2 s.
    for (let i = 0; i < 14; i += 1) {
      expect((await from(i % 2, `198.51.100.${i + 1}`).customer(privato.email, 'no')).status).toBe(401);
    }
    const started = Date.now();
    const owner = await from(0, '198.51.100.200').customer(privato.email, privato.password);
    const waited = Date.now() - started;
    expect(owner.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(4000);
    // Another account is not slowed: its login takes the time of the work alone.
    const otherStarted = Date.now();
    expect((await from(1, '198.51.100.201').staff('titolare', 'Napoli-1926!')).status).toBe(200);
    expect(Date.now() - otherStarted).toBeLessThan(waited - 3000);
  }, 60_000);

  it('forgets the failures of an account after it logs in', async () => {
    for (let i = 0; i < 9; i += 1) await from(0, '192.0.2.50').staff('titolare', 'no');
    expect((await from(1, '192.0.2.50').staff('titolare', 'Napoli-1926!')).status).toBe(200);
    for (let i = 0; i < 9; i += 1)
      expect((await from(0, '192.0.2.50').staff('titolare', 'no')).status).toBe(401);
  });

  it('does not count failures older than 15 minutes, and forgets them', async () => {
    const old = new Date(Date.now() - 16 * 60 * 1000);
    await database.database.db.insert(loginFailures).values(
      Array.from({ length: 12 }, () => ({
        scope: 'staff' as const,
        address: '192.0.2.60',
        account: 'titolare',
        failedAt: old,
      })),
    );
    expect((await from(0, '192.0.2.60').staff('titolare', 'no')).status).toBe(401);
    const rows = await database.database.db.select().from(loginFailures);
    expect(rows).toHaveLength(1);
    expect((await from(1, '192.0.2.60').staff('titolare', 'Napoli-1926!')).status).toBe(200);
  });

  it('does not count server errors: a client retrying through a database failure is not locked out', async () => {
    const db = database.database.db;
    await db.execute(sql`alter table orders.staff_users rename to staff_users_away`);
    try {
      for (let i = 0; i < 12; i += 1) {
        expect(
          (await from(i % 2, '192.0.2.77').staff('titolare', 'Napoli-1926!')).status,
        ).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await db.execute(sql`alter table orders.staff_users_away rename to staff_users`);
    }
    expect(await db.select().from(loginFailures)).toEqual([]);
    expect((await from(0, '192.0.2.77').staff('titolare', 'Napoli-1926!')).status).toBe(200);
  });
});
