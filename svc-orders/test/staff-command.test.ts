import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import {
  createInProcessTransport,
  markInUse,
  openPglite,
  startService,
  type RunningService,
} from '@edicola/platform';
import { ordersService } from '../src/service';
import { CommandError, runStaffCommand } from '../src/staff/cli';

// The command against the all-in-one layout: one embedded engine under DATA_DIR/pglite.
describe('npm run staff', () => {
  let dataDir: string;
  const printed: string[] = [];
  const run = (args: string[], env: Record<string, string> = {}) =>
    runStaffCommand(args, {
      env: { DATA_DIR: dataDir, ...env },
      print: (line) => printed.push(line),
      readPassword: () => Promise.resolve('dalla-tastiera'),
    });

  async function startShop(): Promise<{ shop: RunningService; stop(): Promise<void> }> {
    const release = markInUse(dataDir); // as the all-in-one launcher does while the shop runs
    const engine = await openPglite(path.join(dataDir, 'pglite'));
    const transport = createInProcessTransport();
    const shop = await startService(ordersService, {
      engine,
      transport,
      env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-password' },
      logger: pino({ level: 'silent' }),
    });
    return {
      shop,
      async stop() {
        await shop.stop();
        await transport.close();
        await engine.close();
        release();
      },
    };
  }
  const login = (shop: RunningService, username: string, password: string) =>
    request(shop.app).post('/api/auth/login').send({ username, password });

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-staff-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeEach(() => {
    printed.length = 0;
  });

  it('refuses a DATA_DIR where no shop ever ran', async () => {
    await expect(run(['list'])).rejects.toThrow(/No shop database under/);
  });

  it('refuses to open the embedded database while the shop runs on it', async () => {
    const running = await startShop();
    try {
      await expect(run(['list'])).rejects.toThrow(
        `The shop is running on ${dataDir} (process ${process.pid})`,
      );
    } finally {
      await running.stop();
    }
  }, 120_000);

  // One story in three steps on the same stopped shop (each command opens the embedded engine: a few seconds each).
  it('adds staff users once the shop is stopped, and lists them', async () => {
    await run(['add', 'commessa'], { STAFF_PASSWORD: 'password-commessa' });
    await run(['add', 'socio', '--role', 'admin']);
    await expect(run(['add', 'Commessa'], { STAFF_PASSWORD: 'altra-password' })).rejects.toThrow(
      /exists already/,
    );
    await expect(run(['add', 'x y'], { STAFF_PASSWORD: 'altra-password' })).rejects.toThrow(CommandError);
    await expect(run(['add', 'cassa'], { STAFF_PASSWORD: 'corta' })).rejects.toThrow(/at least 8/);
    await expect(run(['add', 'cassa', '--role', 'root'])).rejects.toThrow(/admin, staff or cashier/);
    await run(['list']);
    expect(printed.filter((line) => line.includes('\t')).map((line) => line.split('\t').slice(0, 2))).toEqual(
      [
        ['admin', 'admin'],
        ['commessa', 'staff'],
        ['socio', 'admin'],
      ],
    );
  }, 120_000);

  it('resets a password, sets e-mails and removes a user', async () => {
    await run(['reset-password', 'admin'], { STAFF_PASSWORD: 'nuova-password-admin' });
    // Where a forgotten password's link goes (docs/product/account.md#password-reset).
    await run(['set-email', 'commessa', 'Commessa@Example.it']);
    await expect(run(['set-email', 'socio', 'commessa@example.it'])).rejects.toThrow(
      /already the e-mail of commessa/,
    );
    await expect(run(['set-email', 'socio', 'non-una-email'])).rejects.toThrow(/Invalid e-mail/);
    printed.length = 0;
    await run(['list']);
    expect(printed.find((line) => line.startsWith('commessa\t'))?.split('\t')[2]).toBe('Commessa@Example.it');
    await run(['remove', 'socio']);
    await expect(run(['reset-password', 'nessuno'], { STAFF_PASSWORD: 'password-x' })).rejects.toThrow(
      /No staff user nessuno/,
    );
  }, 120_000);

  it('leaves the shop, started again without ADMIN_PASSWORD, with what the commands set, in its audit trail', async () => {
    const engine = await openPglite(path.join(dataDir, 'pglite'));
    const transport = createInProcessTransport();
    const shop = await startService(ordersService, {
      engine,
      transport,
      env: { DATA_DIR: dataDir },
      logger: pino({ level: 'silent' }),
    });
    try {
      expect((await login(shop, 'commessa', 'password-commessa')).body.role).toBe('staff');
      expect((await login(shop, 'admin', 'nuova-password-admin')).status).toBe(200);
      expect((await login(shop, 'socio', 'dalla-tastiera')).status).toBe(401);
      // The audit trail holds what the operator did (no actor: the command line).
      const admin = await login(shop, 'admin', 'nuova-password-admin');
      const trail = await request(shop.app)
        .get('/api/admin/audit?entity=staff_user')
        .set('Authorization', `Bearer ${admin.body.access_token as string}`);
      expect(trail.status).toBe(200);
      expect(
        (trail.body as { action: string; actor: unknown; changes: { username?: { from: unknown } } }[])
          .map((e) => [e.action, e.actor])
          .reverse(),
      ).toEqual([
        ['created', null],
        ['created', null],
        ['password_reset', null],
        ['email_changed', null],
        ['removed', null],
      ]);
    } finally {
      await shop.stop();
      await transport.close();
      await engine.close();
    }
  }, 120_000);

  it('prints a new private key for JWT_PRIVATE_JWK', async () => {
    await run(['generate-key']);
    expect(JSON.parse(printed[0]!)).toMatchObject({ kty: 'OKP', crv: 'Ed25519', d: expect.any(String) });
  });

  it('explains its usage', async () => {
    await expect(run([])).rejects.toThrow(/npm run staff -- add <username>/);
  });
});
