import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { eq, inArray } from 'drizzle-orm';
import {
  ExternalOrderCancel,
  ExternalOrderImport,
  type EventData,
  type EventType,
  type ExternalOrderStored,
} from '@edicola/contracts';
import {
  makeTokens,
  startTestService,
  waitFor,
  type TestService,
  type TestTokens,
} from '@edicola/platform/testing';
import { listings, processedEvents, type ListingRow } from '../src/db/schema';
import type { DemoEbay } from '../src/demo';
import type { FakeEbay } from '../src/ebay/fake';
import { createChannelsService } from '../src/service';

export const API = 'http://api.edicola.test';
export const WEB = 'http://shop.edicola.test';

/**
 * svc-orders' side of the two internal calls, as a stub on loopback: it validates with the contract's schemas and
 * stores an order once per external_id, as svc-orders does.
 */
export interface OrdersStub {
  url: string;
  /** Every import call received, valid or not. */
  importCalls: ExternalOrderImport[];
  /** The orders stored, by eBay's order id. */
  orders: Map<string, { order_id: string; body: ExternalOrderImport }>;
  cancellations: ExternalOrderCancel[];
  /** The next `n` import calls answer 503 (svc-orders down). */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startOrdersStub(): Promise<OrdersStub> {
  const app = express();
  app.use(express.json());
  const stub = {
    importCalls: [] as ExternalOrderImport[],
    orders: new Map<string, { order_id: string; body: ExternalOrderImport }>(),
    cancellations: [] as ExternalOrderCancel[],
    failing: 0,
  };
  app.post('/internal/orders/external', (req, res) => {
    stub.importCalls.push(req.body as ExternalOrderImport);
    if (stub.failing > 0) {
      stub.failing--;
      res.status(503).json({ detail: 'Servizio momentaneamente non disponibile, riprova tra poco' });
      return;
    }
    const parsed = ExternalOrderImport.safeParse(req.body);
    if (!parsed.success) {
      res.status(422).json({ detail: 'Ordine non valido' });
      return;
    }
    const known = stub.orders.get(parsed.data.external_id);
    const order = known ?? { order_id: randomUUID(), body: parsed.data };
    stub.orders.set(parsed.data.external_id, order);
    const answer: ExternalOrderStored = { order_id: order.order_id, created: !known, stock_conflict: false };
    res.status(known ? 200 : 201).json(answer);
  });
  app.post('/internal/orders/external/cancel', (req, res) => {
    const parsed = ExternalOrderCancel.safeParse(req.body);
    if (!parsed.success || !stub.orders.has(parsed.data.external_id)) {
      res.status(parsed.success ? 404 : 422).json({ detail: 'Ordine non trovato' });
      return;
    }
    stub.cancellations.push(parsed.data);
    res.json({ order_id: stub.orders.get(parsed.data.external_id)!.order_id });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    importCalls: stub.importCalls,
    orders: stub.orders,
    cancellations: stub.cancellations,
    failNext(n) {
      stub.failing = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface Harness {
  channels: TestService<unknown>;
  fake: FakeEbay;
  orders: OrdersStub;
  tokens: TestTokens;
  http: ReturnType<typeof request>;
  /** Delivers an event to svc-channels as the bus does, and waits until it is handled. */
  emit<T extends EventType>(type: T, data: EventData<T>): Promise<void>;
  /** The admin connects the shop's eBay account through the consent page of the fake. */
  connect(): Promise<void>;
  listing(articleId: string): Promise<ListingRow | undefined>;
  /** Waits until the listing is in `state` (its jobs done). */
  listingIn(articleId: string, state: ListingRow['state']): Promise<ListingRow>;
  /** POST /api/ebay/sync as staff: the quantity sync and the order poll now. */
  syncNow(): Promise<request.Response>;
  stop(): Promise<void>;
}

/** svc-channels in demo mode on its own database, its fake eBay, and a stub of svc-orders' internal routes. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-channels-'));
  const tokens = await makeTokens();
  const orders = await startOrdersStub();
  let demo: DemoEbay | undefined;
  const channels = await startTestService(
    createChannelsService('embedded', { onDemoStart: (d) => (demo = d) }),
    {
      verifier: tokens.verifier,
      env: {
        EBAY_MODE: 'demo',
        DATA_DIR: dataDir,
        PUBLIC_API_URL: API,
        PUBLIC_WEB_URL: WEB,
        ORDERS_URL: orders.url,
        INTERNAL_TOKEN_SECRET: 'channels-test-secret-channels-test-secret',
        JOBS_POLL_INTERVAL_MS: '30',
        // The tests run the sync, the poll and the reconciliation when they choose.
        EBAY_SYNC_INTERVAL_MS: String(3600_000),
        EBAY_ORDERS_INTERVAL_MS: String(3600_000),
        EBAY_RECONCILE_INTERVAL_MS: String(3600_000),
        ...env,
      },
    },
  );
  const db = () => channels.testDatabase.database.db;
  const http = request(channels.service.app);
  // EBAY_MODE=off: no fake (the tests of that mode do not use it).
  const fake = demo?.fake as FakeEbay;
  const listing = async (articleId: string) =>
    (await db().select().from(listings).where(eq(listings.articleId, articleId)))[0];
  return {
    channels,
    fake,
    orders,
    tokens,
    http,
    async emit(type, data) {
      const bus = channels.service.context.bus;
      const event = await db().transaction((tx) => bus.emit(tx, type, data));
      bus.wake();
      await waitFor(
        async () =>
          (
            await db()
              .select()
              .from(processedEvents)
              .where(inArray(processedEvents.eventId, [event.id]))
          ).length > 0,
        { message: `${type} handled` },
      );
    },
    async connect() {
      const started = await http.post('/api/ebay/connect').set('Authorization', `Bearer ${tokens.admin}`);
      expect(started.status).toBe(200);
      const consent = new URL(started.body.consent_url as string);
      expect(consent.href.startsWith(`${API}/demo/ebay/oauth2/authorize`)).toBe(true);
      // The admin's browser on the consent page (the fake's, served by svc-channels), then its "Consenti" link.
      const page = await http.get(`/demo/ebay/oauth2/authorize${consent.search}`);
      expect(page.status).toBe(200);
      const back = new URL(/href="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&'));
      const done = await http.get(`${back.pathname}${back.search}`);
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe(`${WEB}/gestione/ebay?ebay=connected`);
    },
    listing,
    listingIn: (articleId, state) =>
      waitFor(
        async () => {
          const row = await listing(articleId);
          return row?.state === state ? row : null;
        },
        { message: `listing ${articleId} ${state}` },
      ),
    syncNow: () => http.post('/api/ebay/sync').set('Authorization', `Bearer ${tokens.staff}`),
    async stop() {
      await channels.stop();
      await orders.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let revisions = 0;

/** An article.changed of a piece on eBay: 3 units, 25 € on the shop. */
export function articleChanged(
  overrides: Partial<EventData<'article.changed'>> = {},
): EventData<'article.changed'> {
  return {
    article_id: randomUUID(),
    revision: ++revisions,
    sku: `ART-${revisions}`,
    title: 'Casco AGV replica Valentino Rossi 1:2',
    description: 'Replica in scala 1:2, perfetta.',
    category: 'Caschi',
    ean: null,
    unit_gross_cents: 2500,
    quantity_stock: 3,
    active: true,
    photo_urls: ['/media/articoli/casco.webp'],
    ebay: { enabled: true, price_cents: null, buffer: 0 },
    deleted: false,
    changed_at: new Date().toISOString(),
    ...overrides,
  };
}

/** The same article after a change: a higher revision. */
export const changed = (
  article: EventData<'article.changed'>,
  change: Partial<EventData<'article.changed'>>,
): EventData<'article.changed'> => ({ ...article, ...change, revision: ++revisions });
