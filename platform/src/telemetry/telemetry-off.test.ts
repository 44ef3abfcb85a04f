// With no OTLP endpoint (the default, `npm start`), not one module of the OpenTelemetry SDK is loaded: each is
// replaced here by a stand-in that records being required.
const mockLoaded: string[] = [];
function mockLoad(name: string) {
  mockLoaded.push(name);
  return {};
}
jest.mock('@opentelemetry/sdk-trace-node', () => mockLoad('sdk-trace-node'));
jest.mock('@opentelemetry/sdk-trace-base', () => mockLoad('sdk-trace-base'));
jest.mock('@opentelemetry/exporter-trace-otlp-http', () => mockLoad('exporter'));
jest.mock('@opentelemetry/instrumentation', () => mockLoad('instrumentation'));
jest.mock('@opentelemetry/instrumentation-http', () => mockLoad('instrumentation-http'));
jest.mock('@opentelemetry/instrumentation-pg', () => mockLoad('instrumentation-pg'));
jest.mock('@opentelemetry/resources', () => mockLoad('resources'));

import { context, propagation, trace } from '@opentelemetry/api';
import { runWithContext, startTelemetry, telemetryEnabled, traceCarrier, tracingEnabled } from '../index';
import { createCapturingLogger } from '../testing/capture-logger';
import { eventCreated } from './trace';

describe('telemetry off', () => {
  it('is off unless an OTLP endpoint is given, and off again when disabled', () => {
    expect(telemetryEnabled({})).toBe(false);
    expect(telemetryEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(telemetryEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(telemetryEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(true);
    expect(
      telemetryEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      telemetryEnabled({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_EXPORTER: 'none',
      }),
    ).toBe(false);
  });

  it('loads no SDK module, registers nothing, and adds nothing to events or logs', () => {
    const vars = { ...process.env };
    delete vars.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    expect(startTelemetry('svc-orders', vars)).toBeNull();
    // The service entry points' first import: with no endpoint in this environment, it does nothing either.
    const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      jest.isolateModules(() => require('./register'));
    } finally {
      if (saved !== undefined) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
    }
    expect(mockLoaded).toEqual([]);
    expect(tracingEnabled()).toBe(false);
    // The API alone is its no-op: no provider, no propagator, no context manager.
    expect(trace.getTracerProvider().getTracer('x').startSpan('s').isRecording()).toBe(false);
    const carrier: Record<string, string> = {};
    propagation.inject(context.active(), carrier);
    expect(carrier).toEqual({});

    const event = { id: '7b0f3c55-5f6e-4f57-9d43-3f1c1f6f0b59', type: 'order.created' };
    expect(eventCreated('svc-orders', event)).toEqual({});
    expect(traceCarrier()).toEqual({});

    const { logger, lines } = createCapturingLogger();
    runWithContext({ correlationId: 'c-1' }, () => logger.info('hello'));
    expect(lines[0]).toMatchObject({ correlation_id: 'c-1', msg: 'hello' });
    expect(lines[0]).not.toHaveProperty('trace_id');

    // The check itself sees a load: requiring the SDK's module is what turning telemetry on does.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    jest.isolateModules(() => require('./sdk'));
    expect(mockLoaded).toEqual(expect.arrayContaining(['sdk-trace-node', 'exporter', 'instrumentation-pg']));
  });
});
