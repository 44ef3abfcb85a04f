import { UnreadableEventError } from '@edicola/contracts';
import { z } from 'zod';
import { PermanentDeliveryError } from './delivery-error';
import type { RetryPolicy } from './types';

/** What a transport does with a delivery: try again after `delayMs`, or park it in the dead letters now. */
export type RetryDecision = { action: 'retry'; delayMs: number } | { action: 'dead-letter'; reason: string };

/** PostgreSQL refuses this content whatever the retry: NUL in text (22P05 in jsonb, 22021 in text). */
const POISON_SQLSTATES = new Set(['22P05', '22021']);

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Why retrying `error` can never help, or undefined when it might. */
export function permanentReason(error: unknown): string | undefined {
  if (error instanceof PermanentDeliveryError) return 'permanent error';
  if (error instanceof UnreadableEventError || error instanceof z.ZodError) return 'invalid event';
  const state = sqlState(error);
  if (state && POISON_SQLSTATES.has(state)) return `content the database refuses (${state})`;
  return undefined;
}

/**
 * The one retry decision of both transports, in two steps. `attempt` counts every delivery of the message so far,
 * this one included, also those the broker made again after a consumer died before acknowledging it.
 *
 * Before the handler runs: a message redelivered past the policy is dead-lettered unhandled, so one that crashes its
 * consumer cannot loop.
 */
export function decideBeforeDelivery(
  policy: RetryPolicy,
  attempt: number,
): RetryDecision | { action: 'deliver' } {
  const allowed = policy.delaysMs.length + 1;
  return attempt > allowed
    ? {
        action: 'dead-letter',
        reason: `delivery limit: delivered ${attempt} times, at most ${allowed} allowed`,
      }
    : { action: 'deliver' };
}

/** After the handler failed with `error`: retry after the policy's delay for this attempt, or dead-letter now. */
export function decideAfterFailure(policy: RetryPolicy, attempt: number, error: unknown): RetryDecision {
  const permanent = permanentReason(error);
  if (permanent) return { action: 'dead-letter', reason: permanent };
  const delayMs = policy.delaysMs[attempt - 1];
  if (delayMs === undefined) return { action: 'dead-letter', reason: `attempts exhausted (${attempt})` };
  return { action: 'retry', delayMs };
}
