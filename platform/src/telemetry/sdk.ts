import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
  type Resource,
} from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { setTracerFactory } from './trace';

/**
 * The OpenTelemetry SDK, loaded only when telemetry is on (./start.ts requires this file then, never otherwise).
 * The pieces are chosen one by one instead of @opentelemetry/sdk-node and auto-instrumentations-node (dozens of
 * instrumentations for libraries the shop does not use): the Node tracer provider, the OTLP/HTTP exporter, and the
 * instrumentations of what the shop speaks — Node's http (the gateway, the storefront server, every service's server
 * and the gateway's upstream calls) and pg (PostgreSQL). The shop's own spans (./trace.ts) cover what these do not:
 * the service handling a request, the internal calls (fetch), and the events from the outbox to their consumers.
 */

export interface TelemetryOptions {
  /** Where spans go instead of OTLP (tests: an InMemorySpanExporter); exported at once, not batched. */
  exporter?: SpanExporter;
  /** Patches http and pg (default true). Off in tests that run inside Jest's module system. */
  instrument?: boolean;
}

export interface Telemetry {
  /** Exports what is buffered. */
  flush(): Promise<void>;
  /** Flushes, then stops recording; the API is a no-op again. */
  shutdown(): Promise<void>;
}

export function startSdk(serviceName: string, options: TelemetryOptions = {}): Telemetry {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the process's default name.
  const detected = detectResources({ detectors: [envDetector] });
  const resourceOf = (name: string): Resource =>
    defaultResource()
      .merge(resourceFromAttributes({ 'service.name': name, 'service.namespace': 'edicola' }))
      .merge(detected);
  // The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and _COMPRESSION itself.
  const exporter = options.exporter ?? new OTLPTraceExporter();
  const processor: SpanProcessor = options.exporter
    ? new SimpleSpanProcessor(exporter)
    : new BatchSpanProcessor(exporter);
  // One span processor is shared by every provider, so the spans of one process leave in one stream.
  const shared: SpanProcessor = {
    onStart: (span, parent) => processor.onStart(span, parent),
    onEnd: (span) => processor.onEnd(span),
    forceFlush: () => processor.forceFlush(),
    shutdown: () => Promise.resolve(),
  };
  // The sampler comes from OTEL_TRACES_SAMPLER / _ARG (parent-based always-on by default).
  const provider = new NodeTracerProvider({ resource: resourceOf(serviceName), spanProcessors: [shared] });
  provider.register();

  // The all-in-one process runs the four services: each gets a provider whose resource names it, unless the
  // operator named the process (OTEL_SERVICE_NAME) — then every span carries that name and `edicola.service`.
  const named = Boolean(process.env.OTEL_SERVICE_NAME);
  const providers = new Map<string, NodeTracerProvider>([[serviceName, provider]]);
  const tracers = new Map<string, Tracer>();
  setTracerFactory((service) => {
    let tracer = tracers.get(service);
    if (!tracer) {
      let own = providers.get(named ? serviceName : service);
      if (!own) {
        own = new NodeTracerProvider({ resource: resourceOf(service), spanProcessors: [shared] });
        providers.set(service, own);
      }
      tracer = own.getTracer('edicola');
      tracers.set(service, tracer);
    }
    return tracer;
  });

  const unregister =
    options.instrument === false
      ? () => {}
      : registerInstrumentations({
          tracerProvider: provider,
          instrumentations: [
            new HttpInstrumentation({
              // Probes and scrapes are not traces worth keeping.
              ignoreIncomingRequestHook: (req) =>
                /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? '') || (req.url ?? '').startsWith('/mf/'),
            }),
            // Only statements inside a request's or an event's trace: the relay's and jobs' polls make none.
            new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
          ],
        });

  return {
    flush: () => processor.forceFlush(),
    async shutdown() {
      unregister();
      setTracerFactory(undefined);
      await processor.forceFlush();
      await processor.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
