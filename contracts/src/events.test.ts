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
  it('accepts a valid envelope with valid data', () => {
    expect(parseEvent(envelope).data).toEqual(envelope.data);
  });

  it('rejects an unknown type, a bad id and bad data', () => {
    expect(() => parseEvent({ ...envelope, type: 'nope' })).toThrow(/unknown event type/);
    expect(() => parseEvent({ ...envelope, id: 'x' })).toThrow();
    expect(() => parseEvent({ ...envelope, data: { ...envelope.data, to: 'lost' } })).toThrow();
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

describe('SUBSCRIPTIONS', () => {
  it('names the consumers of each order and payment event, and only known event types', () => {
    expect(subscribersOf('order.status_changed')).toEqual(['svc-catalog', 'svc-payments']);
    expect(subscribersOf('order.refund_requested')).toEqual(['svc-payments']);
    for (const type of ['payment.succeeded', 'payment.failed', 'payment.refunded'])
      expect(subscribersOf(type)).toEqual(['svc-orders']);
    for (const types of Object.values(SUBSCRIPTIONS))
      for (const type of types) expect(isEventType(type)).toBe(true);
  });
});
