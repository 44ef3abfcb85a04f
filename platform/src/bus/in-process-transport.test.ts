import type { EventEnvelope } from '@edicola/contracts';
import { envelopeOf, orderStatusChanged } from '../testing/bus-harness';
import { PermanentDeliveryError } from './delivery-error';
import { createInProcessTransport } from './in-process-transport';
import type { DeadLetterHandler } from './types';

const policy = { delaysMs: [20, 40] };
const noDeadLetters: DeadLetterHandler = async () => {
  throw new Error('unexpected dead letter');
};

describe('in-process transport', () => {
  it('fails the publish when nobody consumes the type, as an unroutable mandatory message on RabbitMQ', async () => {
    const transport = createInProcessTransport();
    await transport.consume('svc-other', ['something.else'], async () => undefined, policy, noDeadLetters);
    await expect(transport.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow(
      'no consumer for order.status_changed in this process',
    );
    await transport.close();
  });

  it('delivers to every service consuming the type, each its own copy, before publish resolves', async () => {
    const transport = createInProcessTransport();
    const received: Record<string, EventEnvelope[]> = { a: [], b: [], c: [] };
    for (const [service, types] of [
      ['a', ['order.status_changed']],
      ['b', ['order.status_changed', 'x.y']],
      ['c', ['x.y']],
    ] as const) {
      await transport.consume(
        service,
        [...types],
        async (envelope) => {
          received[service]!.push(envelope);
          (envelope.data as { order_id: string }).order_id = `changed by ${service}`;
        },
        policy,
        noDeadLetters,
      );
    }
    const envelope = envelopeOf(orderStatusChanged('order-1'));
    await transport.publish(envelope);
    expect(received.a).toHaveLength(1);
    expect(received.b).toHaveLength(1);
    expect(received.c).toHaveLength(0);
    expect((envelope.data as { order_id: string }).order_id).toBe('order-1');
    await transport.close();
  });

  it('retries after the policy delays, then dead-letters, and only then resolves publish', async () => {
    const transport = createInProcessTransport();
    const attempts: { attempt: number; at: number }[] = [];
    const deadLetters: { error: string; attempts: number }[] = [];
    await transport.consume(
      'svc-a',
      ['order.status_changed'],
      async (_envelope, attempt) => {
        attempts.push({ attempt, at: Date.now() });
        throw new Error('nope');
      },
      policy,
      async (_envelope, error, count) => {
        deadLetters.push({ error: error.message, attempts: count });
      },
    );
    await transport.publish(envelopeOf(orderStatusChanged()));
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(18);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(38);
    expect(deadLetters).toEqual([{ error: 'nope', attempts: 3 }]);
    await transport.close();
  });

  it('dead-letters a permanent failure without retrying', async () => {
    const transport = createInProcessTransport();
    let calls = 0;
    const deadLetters: number[] = [];
    await transport.consume(
      'svc-a',
      ['order.status_changed'],
      async () => {
        calls++;
        throw new PermanentDeliveryError('bad message');
      },
      policy,
      async (_envelope, _error, count) => {
        deadLetters.push(count);
      },
    );
    await transport.publish(envelopeOf(orderStatusChanged()));
    expect(calls).toBe(1);
    expect(deadLetters).toEqual([1]);
    await transport.close();
  });

  it('rejects the publish when the consumer stops during a retry, or when recording the dead letter fails', async () => {
    const transport = createInProcessTransport();
    await transport.consume(
      'svc-slow',
      ['order.status_changed'],
      async () => {
        throw new Error('not yet');
      },
      { delaysMs: [60_000] },
      noDeadLetters,
    );
    const publishing = transport.publish(envelopeOf(orderStatusChanged()));
    const cancelled = transport.cancel('svc-slow');
    await expect(publishing).rejects.toThrow(/stopped consuming/);
    await cancelled;

    await transport.consume(
      'svc-db-down',
      ['order.status_changed'],
      async () => {
        throw new Error('fails');
      },
      { delaysMs: [] },
      noDeadLetters,
    );
    await expect(transport.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow(
      'unexpected dead letter',
    );
    await transport.close();
  });

  it('is unhealthy and refuses to publish once closed', async () => {
    const transport = createInProcessTransport();
    expect(transport.healthy()).toBe(true);
    await transport.close();
    expect(transport.healthy()).toBe(false);
    await expect(transport.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow(/closed/);
  });
});

describe('a held in-process transport', () => {
  it('refuses to publish and reports unhealthy until opened', async () => {
    const transport = createInProcessTransport({ held: true });
    const received: string[] = [];
    const record = async (envelope: EventEnvelope) => {
      received.push(envelope.id);
    };
    await transport.consume('svc-a', ['order.status_changed'], record, policy, noDeadLetters);
    const event = envelopeOf(orderStatusChanged());
    expect(transport.healthy()).toBe(false);
    await expect(transport.publish(event)).rejects.toThrow(/not open/);
    transport.open();
    expect(transport.healthy()).toBe(true);
    await transport.publish(event);
    expect(received).toEqual([event.id]);
    await transport.close();
  });
});
