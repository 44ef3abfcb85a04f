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

  it('hands a failing consumer its own retry schedule and resolves the publish; the others are not held back', async () => {
    const transport = createInProcessTransport();
    const attempts: number[] = [];
    const deadLetters: { error: string; attempts: number; reason: string }[] = [];
    const fine: string[] = [];
    await transport.consume(
      'svc-a',
      ['order.status_changed'],
      async (_envelope, attempt) => {
        attempts.push(attempt);
        throw new Error('nope');
      },
      policy,
      async (_envelope, error, count, reason) => {
        deadLetters.push({ error: error.message, attempts: count, reason });
      },
    );
    await transport.consume(
      'svc-b',
      ['order.status_changed'],
      async (envelope) => void fine.push(envelope.id),
      policy,
      noDeadLetters,
    );
    const deferred: [string, number, number][] = [];
    const defer = async (service: string, delayMs: number, attempt: number) =>
      void deferred.push([service, delayMs, attempt]);
    const event = envelopeOf(orderStatusChanged());
    await transport.publish(event, { defer });
    expect(attempts).toEqual([1]);
    expect(fine).toEqual([event.id]);
    expect(deferred).toEqual([['svc-a', 20, 1]]);

    // The relay hands the deferred row over to svc-a alone; its hand-overs are svc-a's attempts.
    await transport.publishTo('svc-a', event, { defer, handedOver: 2 });
    expect(deferred).toEqual([
      ['svc-a', 20, 1],
      ['svc-a', 40, 2],
    ]);
    await transport.publishTo('svc-a', event, { defer, handedOver: 3 });
    expect(attempts).toEqual([1, 2, 3]);
    expect(deadLetters).toEqual([{ error: 'nope', attempts: 3, reason: 'attempts exhausted (3)' }]);
    // Handed over again past the policy (a crash after the last attempt): parked without calling the handler.
    await transport.publishTo('svc-a', event, { defer, handedOver: 4 });
    expect(attempts).toEqual([1, 2, 3]);
    expect(deadLetters[1]).toMatchObject({ reason: 'delivery limit: delivered 4 times, at most 3 allowed' });
    expect(fine).toEqual([event.id]);

    // With nowhere to keep the retry, the failure fails the publish (the outbox hands it over again).
    await expect(transport.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow('nope');
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

  it('rejects the publish when recording the dead letter fails', async () => {
    const transport = createInProcessTransport();
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
