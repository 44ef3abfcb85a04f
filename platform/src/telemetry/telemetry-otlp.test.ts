import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../testing/wait-for';
import { startTelemetry, type Telemetry } from './start';
import { inSpan, SpanKind } from './trace';

// Turned on the way an operator does (OTEL_EXPORTER_OTLP_ENDPOINT): spans reach an OTLP/HTTP collector, here a
// receiver on loopback that keeps what it is sent.
interface ExportedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}
interface Export {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: ExportedSpan[] }[];
  }[];
}

describe('telemetry through OTLP', () => {
  const received: { path: string; body: Export }[] = [];
  const collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Export,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const saved = { ...process.env };
  let telemetry: Telemetry | null = null;

  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    // The exporter reads its settings from the environment, as in production.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    process.env.OTEL_RESOURCE_ATTRIBUTES = 'deployment.environment.name=test';
    delete process.env.OTEL_SERVICE_NAME;
  });

  afterAll(async () => {
    await telemetry?.shutdown();
    process.env = saved;
    await new Promise((resolve) => collector.close(resolve));
  });

  it('sends the spans of each service, named after it, to <endpoint>/v1/traces', async () => {
    telemetry = startTelemetry('edicola', process.env, { instrument: false });
    expect(telemetry).not.toBeNull();
    await inSpan('svc-orders', 'svc-orders POST /orders', { kind: SpanKind.SERVER }, () =>
      inSpan('svc-orders', 'POST svc-catalog', { kind: SpanKind.CLIENT }, async () => undefined),
    );
    await telemetry!.flush();
    await waitFor(() => received.length > 0, { timeoutMs: 5000 });

    expect(received[0]!.path).toBe('/v1/traces');
    const spans = received.flatMap(({ body }) =>
      body.resourceSpans.flatMap((rs) =>
        rs.scopeSpans.flatMap((ss) =>
          ss.spans.map((span) => ({
            ...span,
            service: rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
            environment: rs.resource.attributes.find((a) => a.key === 'deployment.environment.name')?.value
              .stringValue,
          })),
        ),
      ),
    );
    const server = spans.find((s) => s.name === 'svc-orders POST /orders')!;
    const client = spans.find((s) => s.name === 'POST svc-catalog')!;
    expect(server).toMatchObject({ service: 'svc-orders', environment: 'test' });
    expect(client.traceId).toBe(server.traceId);
    expect(client.parentSpanId).toBe(server.spanId);
  });
});
