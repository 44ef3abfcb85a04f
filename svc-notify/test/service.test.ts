import request from 'supertest';
import { sql } from 'drizzle-orm';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { notifyService } from '../src/service';

describe('svc-notify', () => {
  let service: TestService<unknown>;
  beforeAll(async () => {
    service = await startTestService(notifyService);
  }, 60_000);
  afterAll(() => service?.stop());

  it('starts on its own schema with the bus tables, and reports ready', async () => {
    const result = await service.testDatabase.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'notify' order by table_name`,
    );
    expect(result.rows.map((r) => r.table_name)).toEqual([
      'article_stock',
      'dead_letters',
      'emails',
      'job_schedules',
      'jobs',
      'newsletter_subscribers',
      'orders',
      'outbox',
      'processed_events',
      'rate_limits',
      'scheduled_emails',
      'stock_alerts',
    ]);
    const ready = await request(service.service.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      service: 'svc-notify',
      checks: { started: 'ok', database: 'ok', bus: 'ok' },
    });
  });

  it('answers paths it does not serve with 404 in the error shape', async () => {
    const res = await request(service.service.app).get('/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Risorsa non trovata' });
  });
});
