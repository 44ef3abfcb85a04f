import { parseEvent, UnreadableEventError } from '@edicola/contracts';
import { PermanentDeliveryError } from './delivery-error';
import { decideAfterFailure, decideBeforeDelivery } from './retry-decision';

const policy = { delaysMs: [60_000, 300_000, 1_800_000] };

describe('the retry decision both transports use', () => {
  it('retries after the delay of each attempt, then dead-letters when the attempts are exhausted', () => {
    const error = new Error('database restarting');
    expect(decideAfterFailure(policy, 1, error)).toEqual({ action: 'retry', delayMs: 60_000 });
    expect(decideAfterFailure(policy, 2, error)).toEqual({ action: 'retry', delayMs: 300_000 });
    expect(decideAfterFailure(policy, 3, error)).toEqual({ action: 'retry', delayMs: 1_800_000 });
    expect(decideAfterFailure(policy, 4, error)).toEqual({
      action: 'dead-letter',
      reason: 'attempts exhausted (4)',
    });
  });

  it('dead-letters at once what no retry can fix', () => {
    expect(decideAfterFailure(policy, 1, new PermanentDeliveryError('no handler'))).toEqual({
      action: 'dead-letter',
      reason: 'permanent error',
    });
    expect(decideAfterFailure(policy, 1, new UnreadableEventError('newer'))).toMatchObject({
      reason: 'invalid event',
    });
    let zodError: unknown;
    try {
      parseEvent({});
    } catch (err) {
      zodError = err;
    }
    expect(decideAfterFailure(policy, 1, zodError)).toMatchObject({ reason: 'invalid event' });
    // PostgreSQL's refusal of a NUL byte, as drizzle wraps it (the code sits on the cause).
    const wrapped = new Error('Failed query', {
      cause: Object.assign(new Error('invalid byte'), { code: '22021' }),
    });
    expect(decideAfterFailure(policy, 1, wrapped)).toEqual({
      action: 'dead-letter',
      reason: 'content the database refuses (22021)',
    });
    const jsonb = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
    expect(decideAfterFailure(policy, 2, jsonb)).toMatchObject({ action: 'dead-letter' });
    // Other database errors may pass (a lost connection, a deadlock): retried.
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(decideAfterFailure(policy, 1, deadlock)).toEqual({ action: 'retry', delayMs: 60_000 });
  });

  it('lets a delivery run while within the policy, and parks one redelivered past it unhandled', () => {
    expect(decideBeforeDelivery(policy, 1)).toEqual({ action: 'deliver' });
    expect(decideBeforeDelivery(policy, 4)).toEqual({ action: 'deliver' });
    expect(decideBeforeDelivery(policy, 5)).toEqual({
      action: 'dead-letter',
      reason: 'delivery limit: delivered 5 times, at most 4 allowed',
    });
    expect(decideBeforeDelivery({ delaysMs: [] }, 2)).toMatchObject({ action: 'dead-letter' });
  });
});
