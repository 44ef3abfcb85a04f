import pino, { type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

/** Structured JSON logs; every line inside a request or event carries its correlation id. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const context = currentContext();
      return context ? { correlation_id: context.correlationId } : {};
    },
  });
}
