import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { createInProcessTransport } from './bus';
import { ConfigError } from './config';
import { startService, type RunningService } from './service';
import { createTestDatabase, type TestDatabase } from './testing/database';
import { fixtureService } from './testing/fixture-service';
import { writeServiceMigrations } from './testing/service-tables';

const logger = pino({ level: 'silent' });
let dir: string;
let migrations: string;
let testDatabase: TestDatabase;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'edicola-service-'));
  migrations = await writeServiceMigrations(path.join(dir, 'migrations'), 'fixture');
  testDatabase = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await testDatabase?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bus transport', () => {
  it('is never a private in-process bus: without a transport given, AMQP_URL is required', async () => {
    const started = startService(fixtureService('fixture', migrations), {
      env: {},
      database: testDatabase.database,
      logger,
    });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(/AMQP_URL is not set/);
  });

  it('makes a standalone service without AMQP_URL exit 1 with one clear message', async () => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        require.resolve('./testing/register-ts.cjs'),
        require.resolve('./testing/standalone-child.ts'),
      ].concat(['fixture', migrations]),
      {
        env: { PATH: process.env.PATH, DATA_DIR: path.join(dir, 'data'), PORT: '0', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'fatal' });
    expect(JSON.parse(lines[0]!).msg).toMatch(/AMQP_URL is not set.*all-in-one/);
  }, 60_000);
});

describe('a service given its transport', () => {
  let service: RunningService;
  const transport = createInProcessTransport({ held: true });

  beforeAll(async () => {
    service = await startService(fixtureService('fixture', migrations), {
      env: { HOST: '127.0.0.1' },
      database: testDatabase.database,
      logger,
      transport,
    });
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await transport.close();
  });

  it('stays ready while the bus is down, showing it degraded, and is ready with it up', async () => {
    const down = await request(service.app).get('/readyz');
    expect(down.status).toBe(200);
    expect(down.body).toEqual({
      status: 'ok',
      service: 'svc-fixture',
      checks: { started: 'ok', database: 'ok', bus: 'degraded' },
    });
    transport.open();
    const up = await request(service.app).get('/readyz');
    expect(up.body.checks).toEqual({ started: 'ok', database: 'ok', bus: 'ok' });
  });

  it('listens on HOST', async () => {
    const server = await service.listen(0);
    expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
  });

  it('loads no demo data unless DEMO_DATA says so', () => {
    expect(service.context.config.DEMO_DATA).toBe(false);
  });

  it('offers the job runner on its context', () => {
    expect(typeof service.context.jobs.enqueue).toBe('function');
  });
});
