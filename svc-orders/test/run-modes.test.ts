import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  createInProcessTransport,
  generateSigningKey,
  startService,
  type Transport,
} from '@edicola/platform';
import { createTestDatabase, type TestDatabase } from '@edicola/platform/testing';
import { createCapturingLogger } from '../../platform/src/testing/capture-logger';
import { createOrdersService, ordersService } from '../src/service';

describe('svc-orders in each run mode', () => {
  let database: TestDatabase;
  let dataDir: string;
  let transport: Transport;
  beforeEach(async () => {
    transport = createInProcessTransport();
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-modes-'));
  });
  afterEach(async () => {
    await transport.close();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('embedded without a terminal listener: the generated password reaches no log line', async () => {
    const { logger, lines } = createCapturingLogger('svc-orders');
    const notices: Record<string, string>[] = [];
    const quiet = await startService(ordersService, {
      env: { DATA_DIR: dataDir },
      database: database.database,
      transport,
      logger,
    });
    await quiet.stop();
    const warning = lines.find((line) => line.msg.includes('shown only once'));
    expect(warning).toMatchObject({ level: 'warn', notice_fields: ['username', 'password'] });

    // The launcher's listener gets it, to show once on the terminal; it logs in.
    await database.database.db.execute('delete from orders.staff_users');
    const shown = await startService(ordersService, {
      env: { DATA_DIR: dataDir },
      database: database.database,
      transport,
      logger,
      onNotice: (_service, _message, fields) => notices.push(fields),
    });
    try {
      expect(notices).toEqual([{ username: 'admin', password: expect.stringMatching(/^.{18}$/) }]);
      const res = await request(shown.app)
        .post('/api/auth/login')
        .send({ username: 'admin', password: notices[0]!.password });
      expect(res.status).toBe(200);
      expect(JSON.stringify(lines)).not.toContain(notices[0]!.password);
    } finally {
      await shown.stop();
    }
  }, 60_000);

  it('standalone: refuses to start without JWT_PRIVATE_JWK, then without ADMIN_PASSWORD on a shop with no staff', async () => {
    const standalone = createOrdersService('standalone');
    const { logger } = createCapturingLogger('svc-orders');
    const start = (env: Record<string, string>) =>
      startService(standalone, {
        env: { DATA_DIR: dataDir, ...env },
        database: database.database,
        transport,
        logger,
      });
    await expect(start({})).rejects.toThrow(/JWT_PRIVATE_JWK is required/);
    const jwk = JSON.stringify(await generateSigningKey());
    await expect(start({ JWT_PRIVATE_JWK: jwk })).rejects.toThrow(/ADMIN_PASSWORD is required/);

    const first = await start({
      JWT_PRIVATE_JWK: jwk,
      ADMIN_USERNAME: 'titolare',
      ADMIN_PASSWORD: 'Napoli-1926!',
    });
    const login = await request(first.app)
      .post('/api/auth/login')
      .send({ username: 'titolare', password: 'Napoli-1926!' });
    await first.stop();
    // A replica started later signs with the same configured key and needs no ADMIN_PASSWORD any more.
    const replica = await start({ JWT_PRIVATE_JWK: jwk });
    try {
      const me = await request(replica.app)
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${login.body.access_token}`);
      expect(me.status).toBe(200);
    } finally {
      await replica.stop();
    }
  });

  it('standalone without the shop fiscal data: the invoice routes answer 503 (fail closed), the demo data are not used', async () => {
    const { logger, lines } = createCapturingLogger('svc-orders');
    const service = await startService(createOrdersService('standalone'), {
      env: {
        DATA_DIR: dataDir,
        JWT_PRIVATE_JWK: JSON.stringify(await generateSigningKey()),
        ADMIN_USERNAME: 'titolare',
        ADMIN_PASSWORD: 'Napoli-1926!',
        SHOP_VAT_NUMBER: '00743110157',
      },
      database: database.database,
      transport,
      logger,
    });
    try {
      expect(lines.some((line) => line.msg.includes('Dati fiscali del negozio non configurati'))).toBe(true);
      const login = await request(service.app)
        .post('/api/auth/login')
        .send({ username: 'titolare', password: 'Napoli-1926!' });
      const auth = { Authorization: `Bearer ${login.body.access_token}` };
      const id = '5b1e2f3a-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
      for (const res of [
        await request(service.app).get(`/api/orders/${id}/invoice.pdf`).set(auth),
        await request(service.app).get(`/api/orders/${id}/invoice.xml`).set(auth),
        await request(service.app)
          .put(`/orders/${id}/invoice`)
          .set(auth)
          .send({ invoice_number: '1/2026', invoice_date: '2026-01-02' }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.body.detail).toBe(
          'Dati fiscali del negozio non configurati (SHOP_ADDRESS, SHOP_CAP, SHOP_CITY, SHOP_PROVINCE): fatture non disponibili',
        );
      }
    } finally {
      await service.stop();
    }
  });

  it('refuses a JWT_PRIVATE_JWK that is no private Ed25519 key', async () => {
    const { logger } = createCapturingLogger('svc-orders');
    const { d: _d, ...publicOnly } = await generateSigningKey();
    await expect(
      startService(ordersService, {
        env: { DATA_DIR: dataDir, JWT_PRIVATE_JWK: JSON.stringify(publicOnly) },
        database: database.database,
        transport,
        logger,
      }),
    ).rejects.toThrow(/JWT_PRIVATE_JWK.*expected a private Ed25519 JWK/s);
  });
});
