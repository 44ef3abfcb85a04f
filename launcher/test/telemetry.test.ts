import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type Channel } from 'amqplib';
import { sql } from 'drizzle-orm';
import { SERVICE_NAMES } from '@edicola/contracts';
import { queuesOf, SERVICE_ATTRIBUTE, SpanKind } from '@edicola/platform';
import { recordSpans, waitFor, type ReadableSpan } from '@edicola/platform/testing';
import { startAllInOne, type AllInOne } from '../src/all-in-one';

// One order through the whole shop, traced with an in-memory exporter: the gateway, svc-orders, its stock
// reservation at svc-catalog, the event bus and svc-notify's consumer share one trace, each span under the
// one that caused it. On the in-process bus always; on RabbitMQ too when AMQP_URL is set (as CI does).
jest.setTimeout(60_000);

const amqpUrl = process.env.AMQP_URL;
const legs: [string, Record<string, string>][] = [['in-process bus', {}]];
const prefix = `t${randomBytes(4).toString('hex')}.`;
if (amqpUrl) legs.push(['RabbitMQ', { AMQP_URL: amqpUrl, BUS_QUEUE_PREFIX: prefix }]);

const id = (span: ReadableSpan) => span.spanContext().spanId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const serviceOf = (span: ReadableSpan) => span.attributes[SERVICE_ATTRIBUTE];

// Both legs on one data folder: the second reopens the embedded database the first initialised (0.3 s, not 4).
const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-trace-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(legs)('one trace per order (%s)', (_leg, extra) => {
  let shop: AllInOne;
  let recorder: ReturnType<typeof recordSpans>;

  beforeAll(async () => {
    recorder = recordSpans('edicola');
    shop = await startAllInOne({
      DATA_DIR: dataDir,
      WEB_PORT: '0',
      API_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      BUS_RELAY_INTERVAL_MS: '20',
      ...extra,
    });
  });

  afterAll(async () => {
    await shop?.stop();
    await recorder?.stop();
    if (extra.AMQP_URL) {
      // Everything this run declared under its prefix: each deletion on a channel of its own, as a failed one
      // closes its channel.
      const model = await connect(extra.AMQP_URL);
      const drop = async (what: (channel: Channel) => Promise<unknown>) => {
        const channel = await model.createChannel();
        channel.on('error', () => undefined);
        await what(channel).then(
          () => channel.close(),
          () => undefined,
        );
      };
      for (const service of SERVICE_NAMES)
        for (const queue of queuesOf(
          service,
          shop.services[service].context.config.BUS_RETRY_DELAYS_MS,
          prefix,
        ))
          await drop((channel) => channel.deleteQueue(queue));
      await drop((channel) => channel.deleteExchange(`${prefix}edicola.events`));
      await model.close();
    }
  });

  it('spans gateway → svc-orders → svc-catalog → the bus → svc-notify', async () => {
    const api = shop.apiUrl;
    const articles = (await (await fetch(`${api}/public/articles`)).json()) as {
      id: string;
      price: number;
      iva_percentage: number;
      quantity_stock: number;
    }[];
    const article = articles.find((a) => a.quantity_stock > 0)!;
    const grossCents = Math.round((Math.round(article.price * 100) * (100 + article.iva_percentage)) / 100);
    const gross = grossCents / 100;
    const quote = (await (
      await fetch(`${api}/shipping/calculate?total_amount=${gross}&quantity=1&country=IT`)
    ).json()) as { shipping_cost: number };
    recorder.reset();

    const answer = await fetch(`${api}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ article_id: article.id, quantity: 1 }],
        customer_info: {
          name: 'Cliente Tracciato',
          email: 'tracciato@example.it',
          phone: '+39 081 555 0000',
          address: 'Via Toledo 1',
          city: 'Napoli',
          zipCode: '80134',
        },
        payment_method: 'transfer',
        total_amount: Math.round((gross + quote.shipping_cost) * 100) / 100,
      }),
    });
    expect(answer.status).toBe(201);

    const processed = () =>
      recorder.spans().find((s) => s.name === 'order.created process' && serviceOf(s) === 'svc-notify');
    // With RabbitMQ the relay's send span ends at the broker's confirm, which may come after svc-notify has
    // processed the message: wait for both.
    const sent = () => recorder.spans().some((s) => s.name === 'order.created send');
    await waitFor(() => processed() !== undefined && sent(), { timeoutMs: 15_000 });
    const spans = recorder.spans();
    const one = (predicate: (s: ReadableSpan) => boolean, what: string) => {
      const found = spans.filter(predicate);
      if (found.length !== 1) {
        throw new Error(`${what}: ${found.length} spans in ${spans.map((s) => s.name).join(', ')}`);
      }
      return found[0]!;
    };

    // The gateway's hop starts the trace (no client context was sent).
    const gateway = one((s) => s.name === 'gateway POST svc-orders', 'gateway span');
    expect(gateway.kind).toBe(SpanKind.SERVER);
    expect(gateway.parentSpanContext).toBeUndefined();
    expect(gateway.resource.attributes['service.name']).toBe('gateway');
    expect(gateway.attributes['http.response.status_code']).toBe(201);
    const traceId = gateway.spanContext().traceId;

    // svc-orders handles POST /orders under it.
    const orders = one((s) => s.name === 'svc-orders POST /orders', 'svc-orders span');
    expect(parentOf(orders)).toBe(id(gateway));
    expect(orders.resource.attributes['service.name']).toBe('svc-orders');

    // Its reservation: a client span of svc-orders, and svc-catalog's handling of it under that, over HTTP.
    const call = one(
      (s) => s.kind === SpanKind.CLIENT && s.name === 'POST svc-catalog' && parentOf(s) === id(orders),
      'reservation call',
    );
    const catalog = one(
      (s) => serviceOf(s) === 'svc-catalog' && parentOf(s) === id(call),
      'svc-catalog handling the reservation',
    );
    expect(catalog.name).toMatch(/^svc-catalog POST \/internal\//);
    expect(catalog.resource.attributes['service.name']).toBe('svc-catalog');

    // The event: created by the request (its context stored with the outbox row), handed over by the relay
    // and processed by svc-notify, both under the creation, not under the relay's poll.
    const created = one(
      (s) => s.name === 'order.created create' && s.attributes['messaging.message.id'] !== undefined,
      'order.created create',
    );
    expect(created.kind).toBe(SpanKind.PRODUCER);
    expect(parentOf(created)).toBe(id(orders));
    const send = one((s) => s.name === 'order.created send', 'order.created send');
    expect(parentOf(send)).toBe(id(created));
    expect(send.attributes['messaging.system']).toBe(extra.AMQP_URL ? 'rabbitmq' : 'in-process');
    const notify = processed()!;
    expect(notify.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(notify)).toBe(id(created));
    expect(notify.resource.attributes['service.name']).toBe('svc-notify');
    expect(notify.attributes['messaging.message.id']).toBe(created.attributes['messaging.message.id']);
    // In process the relay's hand-over is what delivered it: linked, not parent.
    if (!extra.AMQP_URL) expect(notify.links.map((l) => l.context.spanId)).toEqual([id(send)]);

    for (const span of [gateway, orders, call, catalog, created, send, notify]) {
      expect(span.spanContext().traceId).toBe(traceId);
    }

    // The outbox row keeps the context the consumers continue.
    const outbox = await shop.services['svc-orders'].context.database.db.execute(
      sql`select envelope from orders.outbox where type = 'order.created'`,
    );
    const envelopes = (outbox.rows as { envelope: unknown }[]).map(
      (row) =>
        (typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope) as {
          id: string;
          traceparent?: string;
        },
    );
    const stored = envelopes.find((envelope) => envelope.id === created.attributes['messaging.message.id']);
    expect(stored).toBeDefined();
    expect(stored?.traceparent).toBe(`00-${traceId}-${id(created)}-01`);
  });
});
