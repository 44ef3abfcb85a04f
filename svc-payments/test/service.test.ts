import request from 'supertest';
import { sql } from 'drizzle-orm';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { paymentsService } from '../src/service';

describe('svc-payments', () => {
  let service: TestService<unknown>;
  beforeAll(async () => {
    service = await startTestService(paymentsService);
  }, 60_000);
  afterAll(() => service?.stop());

  it('starts on its own schema with the bus tables, and reports ready', async () => {
    const result = await service.testDatabase.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'payments' order by table_name`,
    );
    expect(result.rows.map((r) => r.table_name)).toEqual([
      'dead_letters',
      'idempotency_keys',
      'job_schedules',
      'jobs',
      'outbox',
      'payment_refunds',
      'payments',
      'processed_events',
      'provider_events',
      'refund_requests',
    ]);
    const ready = await request(service.service.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      service: 'svc-payments',
      checks: { started: 'ok', database: 'ok', bus: 'ok' },
    });
  });

  it('answers paths it does not serve yet with 404 in the error shape', async () => {
    const res = await request(service.service.app).get('/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Risorsa non trovata' });
  });
});
