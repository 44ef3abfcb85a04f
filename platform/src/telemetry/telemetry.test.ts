import type { AddressInfo } from 'node:net';
import { EventEnvelope } from '@edicola/contracts';
import { createHttpApp } from '../http/app';
import { createJobRunner } from '../jobs/job-runner';
import { createTestDatabase } from '../testing/database';
import { createServiceTables } from '../testing/service-tables';
import { runWithContext } from '../context';
import { createCapturingLogger } from '../testing/capture-logger';
import { recordSpans } from '../testing/telemetry';
import { waitFor } from '../testing/wait-for';
import { eventCreated, eventProcess, inSpan, tracingEnabled } from './trace';

describe('telemetry on', () => {
  const recorder = recordSpans('svc-test');
  afterAll(() => recorder.stop());

  it('puts the active span’s trace and span ids on log lines, beside the correlation id', async () => {
    const { logger, lines } = createCapturingLogger('svc-test');
    expect(tracingEnabled()).toBe(true);
    logger.info('outside');
    await runWithContext({ correlationId: 'c-7' }, () =>
      inSpan('svc-test', 'work', {}, async () => logger.info('inside')),
    );
    const [work] = recorder.spans().filter((s) => s.name === 'work');
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[1]).toMatchObject({
      msg: 'inside',
      correlation_id: 'c-7',
      trace_id: work!.spanContext().traceId,
      span_id: work!.spanContext().spanId,
    });
    expect(work!.resource.attributes['service.name']).toBe('svc-test');
  });

  it('carries an event’s context in its envelope; a consumer continues it, a bad value is dropped', async () => {
    const envelope = {
      id: '7b0f3c55-5f6e-4f57-9d43-3f1c1f6f0b59',
      type: 'order.created',
      version: 1,
      occurred_at: new Date().toISOString(),
      source: 'svc-orders',
      correlation_id: 'c-8',
      data: {},
    };
    // Outside any trace an event carries none.
    expect(eventCreated('svc-orders', envelope)).toEqual({});
    const carried = await inSpan('svc-orders', 'POST /orders', {}, async () =>
      eventCreated('svc-orders', envelope),
    );
    expect(carried.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const parsed = EventEnvelope.parse({ ...envelope, ...carried });
    expect(parsed.traceparent).toBe(carried.traceparent);
    expect(EventEnvelope.parse({ ...envelope, traceparent: 'nonsense' }).traceparent).toBeUndefined();

    await eventProcess('svc-notify', 'in-process', parsed, 1, async () => undefined);
    const created = recorder.spans().find((s) => s.name === 'order.created create')!;
    const processed = recorder.spans().find((s) => s.name === 'order.created process')!;
    expect(processed.spanContext().traceId).toBe(created.spanContext().traceId);
    expect(processed.parentSpanContext?.spanId).toBe(created.spanContext().spanId);
    expect(processed.resource.attributes['service.name']).toBe('svc-notify');
    expect(`00-${created.spanContext().traceId}-${created.spanContext().spanId}-01`).toBe(
      carried.traceparent,
    );

    // An event from before tracing (or from a producer without it) starts a trace of its own.
    await eventProcess('svc-notify', 'in-process', envelope, 1, async () => undefined);
    const lone = recorder.spans().filter((s) => s.name === 'order.created process')[1]!;
    expect(lone.parentSpanContext).toBeUndefined();
  });

  it('continues a caller’s traceparent in a service’s request span, whose ids its log lines carry', async () => {
    const { logger, lines } = createCapturingLogger('svc-test');
    const app = createHttpApp({
      service: 'svc-test',
      logger,
      corsOrigins: [],
      readiness: async () => ({}),
      routes: (router) =>
        router.get('/things/:id', (_req, res) => {
          logger.info('handling');
          res.json({ ok: true });
        }),
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/things/7`, {
        headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
      });
      expect(answer.status).toBe(200);
      await waitFor(() => recorder.spans().some((s) => s.name === 'svc-test GET /things/:id'));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const span = recorder.spans().find((s) => s.name === 'svc-test GET /things/:id')!;
    expect(span.spanContext().traceId).toBe(traceId);
    expect(span.parentSpanContext?.spanId).toBe(callerSpan);
    expect(span.attributes).toMatchObject({ 'http.route': '/things/:id', 'http.response.status_code': 200 });
    const ids = { trace_id: traceId, span_id: span.spanContext().spanId };
    expect(lines.find((l) => l.msg === 'handling')).toMatchObject(ids);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ ...ids, status: 200 });
  });

  it('traces each run of an enqueued job on its own, not as a child of the request that enqueued it', async () => {
    const testDatabase = await createTestDatabase();
    const { logger, lines } = createCapturingLogger('svc-jobs');
    const tables = await createServiceTables(testDatabase.database, 'telemetry_jobs');
    const runner = createJobRunner({
      service: 'svc-jobs',
      database: testDatabase.database,
      tables,
      logger,
      pollIntervalMs: 20,
    });
    runner.handle('send-mail', async () => logger.info('mailing'));
    try {
      await runner.start();
      await inSpan('svc-jobs', 'svc-jobs POST /mail', {}, async () => {
        await testDatabase.database.db.transaction((tx) =>
          runner.enqueue(tx, 'send-mail', {}, { key: 'mail-1' }),
        );
        runner.wake();
      });
      const job = await waitFor(() => recorder.spans().find((s) => s.name === 'job send-mail'));
      const request = recorder.spans().find((s) => s.name === 'svc-jobs POST /mail')!;
      expect(job.parentSpanContext).toBeUndefined();
      expect(job.spanContext().traceId).not.toBe(request.spanContext().traceId);
      expect(job.resource.attributes['service.name']).toBe('svc-jobs');
      expect(job.attributes).toMatchObject({ 'edicola.job': 'send-mail', 'edicola.job.key': 'mail-1' });
      expect(lines.find((l) => l.msg === 'mailing')).toMatchObject({
        correlation_id: 'job:send-mail:mail-1',
        trace_id: job.spanContext().traceId,
      });
    } finally {
      await runner.stop();
      await testDatabase.cleanup();
    }
  }, 60_000);
});
