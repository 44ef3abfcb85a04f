import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createInProcessTransport } from './bus';
import { startService, type RunningService } from './service';
import { createTestDatabase, type TestDatabase } from './testing/database';
import { fixtureService } from './testing/fixture-service';
import { writeServiceMigrations } from './testing/service-tables';

// GET /metrics of a service: request durations by route pattern, and figures read from its own tables.

const logger = pino({ level: 'silent' });
let dir: string;
let testDatabase: TestDatabase;
let service: RunningService;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'edicola-metrics-'));
  const migrations = await writeServiceMigrations(path.join(dir, 'migrations'), 'metered');
  testDatabase = await createTestDatabase();
  const definition = fixtureService('metered', migrations);
  service = await startService(
    {
      ...definition,
      env: z.object({}),
      build: (context) => ({
        routes(router) {
          router.get('/things/:id', (_req, res) => {
            res.json({ ok: true });
          });
          router.post('/things', async (_req, res) => {
            // An event written to the outbox and never published (the bus is stopped before this is called).
            const { outbox } = definition.tables;
            await context.database.db
              .insert(outbox)
              .values({ id: randomUUID(), type: 'thing.made', envelope: { id: randomUUID() } });
            res.status(201).json({});
          });
        },
      }),
    },
    { env: {}, database: testDatabase.database, logger, transport: createInProcessTransport({ logger }) },
  );
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await testDatabase?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const metric = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(name) && !line.startsWith('#'));

describe('GET /metrics', () => {
  it('counts requests by route pattern, never by raw path', async () => {
    await request(service.app).get('/things/123').expect(200);
    await request(service.app).get('/things/456').expect(200);
    await request(service.app).get('/nothing-here').expect(404);
    const res = await request(service.app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const counts = metric(res.text, 'edicola_http_request_duration_seconds_count');
    expect(counts).toContainEqual(
      'edicola_http_request_duration_seconds_count{service="svc-metered",method="GET",route="/things/:id",status="2xx"} 2',
    );
    expect(counts.some((line) => line.includes('route="unmatched"') && line.includes('status="4xx"'))).toBe(
      true,
    );
    expect(res.text).not.toContain('/things/123');
    expect(metric(res.text, 'edicola_process_cpu_seconds_total').length).toBeGreaterThan(0);
  });

  it('reports the outbox backlog and the age of its oldest event from the database', async () => {
    const before = await request(service.app).get('/metrics');
    expect(metric(before.text, 'edicola_outbox_unpublished ')).toEqual([]);
    expect(metric(before.text, 'edicola_outbox_unpublished{')).toEqual([
      'edicola_outbox_unpublished{service="svc-metered"} 0',
    ]);
    await service.context.bus.stop();
    const made = await request(service.app).post('/things').send({});
    expect([made.status, made.body]).toEqual([201, {}]);
    const after = await request(service.app).get('/metrics');
    expect(metric(after.text, 'edicola_outbox_unpublished{')).toEqual([
      'edicola_outbox_unpublished{service="svc-metered"} 1',
    ]);
    const age = Number(metric(after.text, 'edicola_outbox_oldest_unpublished_seconds{')[0]!.split(' ')[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    expect(metric(after.text, 'edicola_jobs{').length).toBeGreaterThanOrEqual(0);
    expect(after.text).toContain('# TYPE edicola_dead_letters_waiting gauge');
  });
});
