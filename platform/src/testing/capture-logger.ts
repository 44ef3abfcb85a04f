import { Writable } from 'node:stream';
import pino from 'pino';
import { logContext, type Logger } from '../logger';

export interface LogLine {
  level: string;
  msg: string;
  correlation_id?: string;
  [field: string]: unknown;
}

/** A logger like createLogger's (with the correlation id of the current context) that keeps its lines in memory. */
export function createCapturingLogger(service = 'test'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString('utf8').split('\n'))
        if (text) lines.push(JSON.parse(text) as LogLine);
      callback();
    },
  });
  const logger = pino(
    {
      level: 'debug',
      base: { service },
      formatters: { level: (label) => ({ level: label }) },
      mixin: logContext,
    },
    sink,
  );
  return { logger, lines };
}
