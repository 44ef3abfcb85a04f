import {
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

/**
 * The shop's own spans, written against the OpenTelemetry API alone. Without the SDK (OTEL_EXPORTER_OTLP_ENDPOINT
 * unset, the default) every call here is the API's no-op: no span is recorded, no context is kept, nothing is
 * injected. The SDK (./sdk.ts) is loaded only when telemetry is on, and registers itself here.
 */

export { SpanKind };

/** The attribute naming which of the shop's services a span belongs to (all four share one process in `npm start`). */
export const SERVICE_ATTRIBUTE = 'edicola.service';

type TracerFactory = (service: string) => Tracer;
let tracerFactory: TracerFactory | undefined;

/** Called by the SDK when it starts: each service's spans then carry that service's name as `service.name`. */
export function setTracerFactory(factory: TracerFactory | undefined): void {
  tracerFactory = factory;
}

/** True once the SDK is running in this process. */
export function tracingEnabled(): boolean {
  return tracerFactory !== undefined;
}

function tracerOf(service: string): Tracer {
  return tracerFactory ? tracerFactory(service) : trace.getTracer('edicola');
}

/** The active span's ids, for log lines; none outside a span or without the SDK. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!tracerFactory) return undefined;
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  if (!trace.isSpanContextValid(span.spanContext())) return undefined;
  return { trace_id: traceId, span_id: spanId };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** Parent context; the active one by default. */
  parent?: Context;
  links?: Link[];
}

/** Runs `fn` inside a new active span of `service`; ends it when `fn` settles, recording a thrown error. */
export async function inSpan<T>(
  service: string,
  name: string,
  options: SpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracerFactory) return fn(trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
  const parent = options.parent ?? context.active();
  const span = tracerOf(service).startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: { [SERVICE_ATTRIBUTE]: service, ...options.attributes },
      links: options.links,
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Starts a span the caller ends (for work whose end is an event, e.g. an HTTP answer finishing). */
export function startSpan(service: string, name: string, options: SpanOptions = {}): Span | undefined {
  if (!tracerFactory) return undefined;
  return tracerOf(service).startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: { [SERVICE_ATTRIBUTE]: service, ...options.attributes },
      links: options.links,
    },
    options.parent ?? context.active(),
  );
}

/**
 * Runs `fn` outside any trace. For pollers (the outbox relay, the job runner): a timer armed while a request was
 * being handled (a wake-up after its commit) would otherwise carry that request's context into every later poll.
 */
export function detached<T>(fn: () => T): T {
  if (!tracerFactory) return fn();
  return context.with(ROOT_CONTEXT, fn);
}

/** `fn`, to run later in the context active now (an event listener's lines then carry this span's ids). */
export function bindToActive<F extends (...args: never[]) => unknown>(fn: F): F {
  if (!tracerFactory) return fn;
  return context.bind(context.active(), fn);
}

/** Runs `fn` with `span` active (the active context unchanged without one). */
export function withSpan<T>(span: Span | undefined, fn: () => T): T {
  if (!span) return fn();
  return context.with(trace.setSpan(context.active(), span), fn);
}

export function failed(span: Span, error: unknown): void {
  const err = error instanceof Error ? error : new Error(String(error));
  span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
}

/** W3C trace context headers (`traceparent`, `tracestate`) of the active span, written into `carrier`. */
export function injectTraceContext(carrier: Record<string, string>, from: Context = context.active()): void {
  if (!tracerFactory) return;
  propagation.inject(from, carrier);
}

/** The context a carrier's W3C headers describe (a remote parent), over `base` (the root by default). */
export function extractTraceContext(
  carrier: Record<string, string | string[] | undefined>,
  base: Context = ROOT_CONTEXT,
): Context {
  if (!tracerFactory) return base;
  return propagation.extract(base, carrier, {
    get: (c, key) => c[key],
    keys: (c) => Object.keys(c),
  });
}

/**
 * The parent of a server-side span: the active span when one is there (the HTTP instrumentation's server span, or
 * the gateway's span when it calls a service in process), else the caller's context from the request's headers.
 */
export function serverParent(headers: Record<string, string | string[] | undefined>): Context {
  const active = context.active();
  if (trace.getSpan(active)) return active;
  return extractTraceContext(headers, active);
}

/** SERVER for the span that receives a request in this process first, INTERNAL for one under it. */
export function serverKind(): SpanKind {
  return trace.getSpan(context.active()) ? SpanKind.INTERNAL : SpanKind.SERVER;
}

/** The trace context of an event, as its envelope carries it (optional fields). */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/** The active span's context as envelope fields; none without the SDK or outside a span. */
export function traceCarrier(from: Context = context.active()): TraceCarrier {
  if (!tracerFactory || !trace.getSpan(from)) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  const fields: TraceCarrier = {};
  if (carrier.traceparent) fields.traceparent = carrier.traceparent;
  if (carrier.tracestate) fields.tracestate = carrier.tracestate;
  return fields;
}

/** The context an event's envelope carries (the request that emitted it), or the root when it carries none. */
export function carriedContext(envelope: unknown): Context {
  if (!tracerFactory || typeof envelope !== 'object' || envelope === null) return ROOT_CONTEXT;
  const { traceparent, tracestate } = envelope as Record<string, unknown>;
  if (typeof traceparent !== 'string') return ROOT_CONTEXT;
  return extractTraceContext({
    traceparent,
    tracestate: typeof tracestate === 'string' ? tracestate : undefined,
  });
}

/** A link to the active span (e.g. the relay's or broker's delivery), when there is one. */
export function linkToActive(): Link[] {
  const span = trace.getSpan(context.active());
  return span && trace.isSpanContextValid(span.spanContext()) ? [{ context: span.spanContext() }] : [];
}

/** Messaging attributes of an event's spans (OpenTelemetry's messaging conventions). */
function messagingAttributes(system: string, operation: string, envelope: { id?: unknown; type?: unknown }) {
  return {
    'messaging.system': system,
    'messaging.operation.type': operation,
    'messaging.destination.name': typeof envelope.type === 'string' ? envelope.type : 'unknown',
    'messaging.message.id': typeof envelope.id === 'string' ? envelope.id : 'unknown',
  };
}

/**
 * The trace context an emitted event carries: a short `<type> create` producer span under the emitting request,
 * whose context goes into the envelope (and so into the outbox row). Empty without the SDK or outside a trace.
 */
export function eventCreated(service: string, envelope: { id: string; type: string }): TraceCarrier {
  if (!tracerFactory || !trace.getSpan(context.active())) return {};
  const span = tracerOf(service).startSpan(`${envelope.type} create`, {
    kind: SpanKind.PRODUCER,
    attributes: { [SERVICE_ATTRIBUTE]: service, ...messagingAttributes('edicola', 'create', envelope) },
  });
  const carrier = traceCarrier(trace.setSpan(context.active(), span));
  span.end();
  return carrier;
}

/** The relay's hand-over of an event to the transport: a `<type> send` span under the emitting request's. */
export function eventSend<T>(
  service: string,
  system: string,
  envelope: { id: string; type: string },
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracerFactory) return fn();
  const parent = carriedContext(envelope);
  if (!trace.getSpan(parent)) return fn();
  return inSpan(
    service,
    `${envelope.type} send`,
    { kind: SpanKind.PRODUCER, parent, attributes: messagingAttributes(system, 'send', envelope) },
    () => fn(),
  );
}

/**
 * A consumer handling an event: a `<type> process` span, child of the emitting request's (from the envelope), linked
 * to whatever delivered it (the relay's hand-over in process). A root span when the envelope carries no context.
 */
export function eventProcess<T>(
  service: string,
  system: string,
  envelope: { id?: unknown; type?: unknown },
  attempt: number,
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracerFactory) return fn();
  const type = typeof envelope.type === 'string' ? envelope.type : 'unknown';
  return inSpan(
    service,
    `${type} process`,
    {
      kind: SpanKind.CONSUMER,
      parent: carriedContext(envelope),
      links: linkToActive(),
      attributes: { ...messagingAttributes(system, 'process', envelope), 'edicola.attempt': attempt },
    },
    () => fn(),
  );
}
