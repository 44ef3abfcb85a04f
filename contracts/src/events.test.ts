import { randomUUID } from 'node:crypto';
import { isEventType, parseEvent, UnreadableEventError } from './events';
import { SUBSCRIPTIONS, subscribersOf } from './subscriptions';

const envelope = {
  id: randomUUID(),
  type: 'order.status_changed',
  version: 1,
  occurred_at: new Date().toISOString(),
  source: 'svc-orders',
  correlation_id: 'req-1',
  data: {
    order_id: 'o1',
    order_version: 3,
    from: 'paid',
    to: 'cancelled',
    items: [{ article_id: 'a1', quantity: 2 }],
    customer_email: 'mario@example.it',
    tracking_number: null,
  },
};

describe('parseEvent', () => {
  it('accepts a valid envelope with valid data; an event without a language reads as Italian', () => {
    expect(parseEvent(envelope).data).toEqual({ ...envelope.data, language: 'it' });
    const german = { ...envelope, data: { ...envelope.data, language: 'de' } };
    expect(parseEvent(german).data).toMatchObject({ language: 'de' });
    expect(() => parseEvent({ ...envelope, data: { ...envelope.data, language: 'xx' } })).toThrow();
  });

  it('rejects an unknown type, a bad id and bad data', () => {
    expect(() => parseEvent({ ...envelope, type: 'nope' })).toThrow(/unknown event type/);
    expect(() => parseEvent({ ...envelope, id: 'x' })).toThrow();
    expect(() => parseEvent({ ...envelope, data: { ...envelope.data, to: 'lost' } })).toThrow();
  });

  it('keeps the W3C trace context an envelope carries, and drops a malformed one without refusing the event', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(parseEvent({ ...envelope, traceparent, tracestate: 'vendor=1' })).toMatchObject({
      traceparent,
      tracestate: 'vendor=1',
    });
    const garbled = parseEvent({ ...envelope, traceparent: 'not-a-traceparent', tracestate: 7 });
    expect(garbled.traceparent).toBeUndefined();
    expect(garbled.tracestate).toBeUndefined();
    expect(parseEvent(envelope)).not.toHaveProperty('traceparent');
  });

  it('refuses a version newer than it understands, with the reason, and reads the current one', () => {
    expect(() => parseEvent({ ...envelope, version: 2 })).toThrow(
      'order.status_changed version 2 is newer than the version 1 this service understands',
    );
    expect(() => parseEvent({ ...envelope, version: 2 })).toThrow(UnreadableEventError);
    expect(parseEvent(envelope).data).toMatchObject({ order_version: 3 });
  });

  it('requires the order version in order.status_changed', () => {
    const { order_version: _dropped, ...withoutVersion } = envelope.data;
    expect(() => parseEvent({ ...envelope, data: withoutVersion })).toThrow(/order_version/);
  });
});

describe('order.refund_requested versions', () => {
  const base = {
    id: '0d7c2a3e-5f61-4b8e-9d2a-7e3f1b6c9a40',
    type: 'order.refund_requested',
    occurred_at: '2026-11-22T10:00:00.000Z',
    source: 'svc-orders',
    correlation_id: 'req-1',
  };
  const data = {
    order_id: 'o',
    order_version: 3,
    reason: 'cancelled_by_staff',
    requested_at: '2026-11-22T10:00:00.000Z',
  };

  it('reads version 1 (no amount: all that is left) and version 2 with the amount and its refund request', () => {
    expect(parseEvent({ ...base, version: 1, data }).data).toEqual(data);
    const partial = {
      ...data,
      reason: 'partial_refund',
      refund_request_id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      amount_cents: 2440,
    };
    expect(parseEvent({ ...base, version: 2, data: partial }).data).toEqual(partial);
    expect(() => parseEvent({ ...base, version: 2, data: { ...partial, amount_cents: 0 } })).toThrow(
      /amount_cents/,
    );
    expect(() => parseEvent({ ...base, version: 3, data })).toThrow(UnreadableEventError);
  });
});

describe('SUBSCRIPTIONS', () => {
  it('names the consumers of each order and payment event, and only known event types', () => {
    expect(subscribersOf('order.status_changed')).toEqual([
      'svc-catalog',
      'svc-notify',
      'svc-payments',
      'svc-channels',
    ]);
    expect(subscribersOf('article.changed')).toEqual(['svc-channels']);
    expect(subscribersOf('listing.changed')).toEqual(['svc-catalog']);
    expect(subscribersOf('order.refund_requested')).toEqual(['svc-payments']);
    expect(subscribersOf('order.items_restocked')).toEqual(['svc-catalog']);
    for (const type of ['payment.succeeded', 'payment.failed', 'payment.refunded', 'payment.refund_failed'])
      expect(subscribersOf(type)).toEqual(['svc-notify', 'svc-orders']);
    for (const type of ['review.replied', 'article.stock_low', 'order.created'])
      expect(subscribersOf(type)).toEqual(['svc-notify']);
    // Pre-sale deposits (docs/decisions/0066-presale-deposits.md).
    expect(subscribersOf('order.presale_notice')).toEqual(['svc-notify']);
    expect(subscribersOf('article.release_date_changed')).toEqual(['svc-orders']);
    for (const types of Object.values(SUBSCRIPTIONS))
      for (const type of types) expect(isEventType(type)).toBe(true);
  });
});
