import {
  CounterClosure,
  CounterClosureList,
  CounterSale,
  CounterSaleList,
  CounterStatus,
  DemoRtJournal,
  ROUTES,
  type CounterReturnRequest,
  type CounterSaleRequest,
} from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

/**
 * A new Idempotency-Key: one per user action (a sale, a return, a closure), kept by the screen while it retries
 * that same action, so a double click or a time-out answered late is still one sale. crypto.randomUUID is missing
 * on plain-http addresses other than localhost (a tablet on the shop's network): a random fallback then.
 */
export const newIdempotencyKey = (): string =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

/** The counter (docs/product/counter.md): status, sales, returns, the day's closure, the demo RT's paper. */
export const posApi = (client: ApiClient) => ({
  /** GET /api/pos/status: the RT's mode, the sales still printing, whether this user may change prices. */
  status: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/pos/status'], { signal, schema: CounterStatus }),
  /** GET /api/pos/sales?day=: a day's sales (today in Rome when no day). */
  sales: (day: string | undefined, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/pos/sales'], { query: { day }, signal, schema: CounterSaleList }),
  sale: (id: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/pos/sales/:id'], { params: { id }, signal, schema: CounterSale }),
  /** POST /api/pos/sales: `completed` with its receipt, or `printing` while the RT has not confirmed it. */
  createSale: (sale: CounterSaleRequest, idempotencyKey: string) =>
    client.call(ROUTES['POST /api/pos/sales'], {
      body: sale,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: CounterSale,
    }),
  /** POST /api/pos/sales/{id}/returns: some units back, or every unit left when `lines` is absent (a void). */
  returnSale: (id: string, request: CounterReturnRequest, idempotencyKey: string) =>
    client.call(ROUTES['POST /api/pos/sales/:id/returns'], {
      params: { id },
      body: request,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: CounterSale,
    }),
  closures: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/pos/closures'], { signal, schema: CounterClosureList }),
  /** POST /api/pos/closures: the day's closure (the RT's Z report) over everything not closed yet. */
  close: (idempotencyKey: string) =>
    client.call(ROUTES['POST /api/pos/closures'], {
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: CounterClosure,
    }),
  /** GET /api/pos/demo-rt: the demo RT's paper roll, newest first (RT_MODE=demo only). */
  demoRt: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/pos/demo-rt'], { signal, schema: DemoRtJournal }),
});
