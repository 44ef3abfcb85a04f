import { randomUUID } from 'node:crypto';
import { parseEvent } from './events';

const envelope = {
  id: randomUUID(),
  type: 'order.status_changed',
  version: 1,
  occurred_at: new Date().toISOString(),
  source: 'svc-orders',
  correlation_id: 'req-1',
  data: {
    order_id: 'o1',
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
});
