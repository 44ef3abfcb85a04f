import pino, { type Logger } from 'pino';
import { currentContext } from './context';
import { PAYMENT_ID_LOG_FIELDS } from './redact';
import { activeTraceIds } from './telemetry/trace';

export type { Logger };

/**
 * Structured JSON logs; every line inside a request or event carries its correlation id, and — when tracing is on
 * and a span is active — its `trace_id` and `span_id`.
 */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: PAYMENT_ID_LOG_FIELDS, censor: '[redacted]' },
    mixin: logContext,
  });
}

/** What every line gets from where it is written: the correlation id, and the active span's ids (tracing on). */
export function logContext(): Record<string, string> {
  const context = currentContext();
  const ids = activeTraceIds();
  if (!context) return ids ?? {};
  return ids ? { correlation_id: context.correlationId, ...ids } : { correlation_id: context.correlationId };
}
