import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTelemetry } from '../telemetry/start';

export type { ReadableSpan };

/**
 * Tracing on in this process with an in-memory exporter (no OTLP endpoint, no instrumentation patching: Jest's
 * module system would not let it patch anyway): the shop's own spans, as they end.
 */
export function recordSpans(serviceName = 'test') {
  const exporter = new InMemorySpanExporter();
  const telemetry = startTelemetry(serviceName, {}, { exporter, instrument: false });
  if (!telemetry) throw new Error('telemetry did not start');
  return {
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    stop: () => telemetry.shutdown(),
  };
}
