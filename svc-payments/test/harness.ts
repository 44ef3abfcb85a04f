import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  EVENTS,
  InternalCreateOrderRequest,
  orderReference,
  type EventType,
  type InternalOrder,
  type PaymentMethod,
} from '@edicola/contracts';
import {
  createEvent,
  createInProcessTransport,
  createInternalTokens,
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
  type TokenSigner,
} from '@edicola/platform';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import {
  createFakePaypal,
  createFakeStripe,
  type FakePaypal,
  type FakeServer,
  type FakeStripe,
} from '../src/fakes';
import { jobs, outbox, paymentRecords } from '../src/db/schema';
import { paymentsService } from '../src/service';

export const INTERNAL_SECRET = 'payments-test-internal-secret-of-40-chars';
export const WEB = 'http://shop.test';
export const WEBHOOK_SECRET = 'whsec_paymentstestsecret';
export const SECRET_KEY = 'sk_test_paymentstestkey';
export const PAYPAL_CLIENT_ID = 'paypal-test-client';
export const PAYPAL_CLIENT_SECRET = 'paypal-test-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-TEST-0001';
export const ARTICLE = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';

/** Articles the stand-in of svc-orders prices: net cents and VAT. */
const CATALOGUE: Record<string, { sku: string; title: string; net: number; iva: number }> = {
  [ARTICLE]: { sku: 'MOD-001', title: 'Ferrari 312T Niki Lauda 1:43', net: 4990, iva: 22 },
};
const SHIPPING_CENTS = 900;
/** The stand-in's one discount code (10 % off the lines). */
export const DISCOUNT_CODE = 'SCONTO10';

/**
 * A stand-in for svc-orders' two internal endpoints (POST /internal/orders idempotent by order_id, GET
 * /internal/orders/{id}), behind the same internal token check, priced like svc-orders from a tiny catalogue.
 */
export async function startOrdersStandIn() {
  const tokens = createInternalTokens(INTERNAL_SECRET);
  const orders = new Map<string, InternalOrder & { customer_id: string | null }>();
  const calls: { method: string; path: string; body?: unknown }[] = [];
  let refuse: { status: number; detail: string; code?: string } | null = null;
  const app = express();
  app.use(express.json());
  app.use(async (req, res, next) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    const claims = token ? await tokens.verify(token).catch(() => null) : null;
    if (!claims || claims.to !== 'svc-orders' || claims.from !== 'svc-payments') {
      return void res.status(401).json({ detail: 'Token interno non valido' });
    }
    calls.push({ method: req.method, path: req.path, body: req.body });
    next();
  });
  app.post('/internal/orders', (req, res) => {
    const parsed = InternalCreateOrderRequest.safeParse(req.body);
    if (!parsed.success) return void res.status(422).json({ detail: parsed.error.message });
    const body = parsed.data;
    const existing = orders.get(body.order_id);
    if (existing) return void res.status(200).json(existing);
    if (refuse) return void res.status(refuse.status).json({ detail: refuse.detail, code: refuse.code });
    const order = makeOrder(
      body.order_id,
      body.payment_method,
      body.items,
      body.customer_info.email,
      body.discount_code,
    );
    orders.set(order.order_id, { ...order, customer_id: body.customer_id ?? null });
    res.status(201).json(order);
  });
  app.get('/internal/orders/:id', (req, res) => {
    const order = orders.get(req.params.id);
    if (!order) return void res.status(404).json({ detail: 'Ordine non trovato' });
    res.json(order);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    calls,
    /** The order a shopper placed with POST /orders (Klarna: before the intent). */
    place(orderId: string, method: PaymentMethod, quantity = 1, discountCode?: string) {
      const order = makeOrder(
        orderId,
        method,
        [{ article_id: ARTICLE, quantity }],
        'anna@example.it',
        discountCode,
      );
      orders.set(orderId, { ...order, customer_id: null });
      return order;
    },
    /** An article of the stand-in's catalogue (net euros, VAT percent). */
    addArticle(id: string, fields: { price: number; iva: number; title?: string; sku?: string }) {
      CATALOGUE[id] = {
        sku: fields.sku ?? `ART-${id.slice(0, 8)}`,
        title: fields.title ?? 'Ferrari SF-23 1:18',
        net: Math.round(fields.price * 100),
        iva: fields.iva,
      };
    },
    refuseNext(status: number, detail: string, code?: string) {
      refuse = { status, detail, code };
    },
    accept() {
      refuse = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function makeOrder(
  orderId: string,
  method: PaymentMethod,
  items: { article_id: string; quantity: number }[],
  email: string,
  discountCode?: string | null,
): InternalOrder {
  const lines = items.map(({ article_id, quantity }) => {
    const a = CATALOGUE[article_id]!;
    const gross = Math.round(a.net * (1 + a.iva / 100));
    return {
      article_id,
      sku: a.sku,
      title: a.title,
      quantity,
      unit_net_cents: a.net,
      iva_percentage: a.iva,
      unit_gross_cents: gross,
      line_total_cents: gross * quantity,
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.line_total_cents, 0);
  // The stand-in knows one code, SCONTO10: 10 % off the lines, as svc-orders would price it.
  const discount = discountCode === DISCOUNT_CODE ? Math.floor((subtotal * 10 + 50) / 100) : 0;
  return {
    order_id: orderId,
    order_reference: orderReference(orderId),
    status: 'pending',
    payment_method: method,
    payment_status: 'pending',
    customer_email: email,
    customer_name: 'Anna Esposito',
    items: lines,
    subtotal_cents: subtotal,
    shipping_cents: SHIPPING_CENTS,
    total_cents: subtotal - discount + SHIPPING_CENTS,
    ...(discount > 0 ? { discount_cents: discount } : {}),
    created_at: new Date().toISOString(),
    payment_due_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    cancel_token: `cancel-${orderId}`,
  };
}

export type OrdersStandIn = Awaited<ReturnType<typeof startOrdersStandIn>>;

export function checkoutBody(quantity = 2, extra: object = {}) {
  return {
    items: [{ article_id: ARTICLE, quantity }],
    customer_email: 'anna@example.it',
    customer_name: 'Anna Esposito',
    shipping_address: {
      name: 'Anna Esposito',
      phone: '+39 081 555 1234',
      address: 'Via Toledo 256',
      city: 'Napoli',
      zipCode: '80132',
      notes: null,
    },
    invoice_data: null,
    shipping_zone: 'national',
    ...extra,
  };
}

export interface Harness {
  service: TestService<unknown>;
  orders: OrdersStandIn;
  stripe: FakeStripe | null;
  stripeServer: FakeServer | null;
  paypal: FakePaypal | null;
  paypalServer: FakeServer | null;
  signer: TokenSigner;
  api: () => ReturnType<typeof request>;
  db: TestService<unknown>['testDatabase']['database']['db'];
  /** Webhook deliveries held back (Stripe late) until release(). */
  hold(): void;
  release(): Promise<void>;
  /** Makes the due-later jobs of `name` due now and waits until none is left to run. */
  runJobs(name: string, key?: string): Promise<void>;
  /** The payment's time limit has passed (its expiry job is then run with runJobs). */
  timePasses(paymentId: string): Promise<void>;
  /** Publishes an event as its producer would (svc-orders), through the in-process bus. */
  publish<T extends EventType>(type: T, data: z.input<(typeof EVENTS)[T]['data']>): Promise<void>;
  /** Outbox events of `type`, their data checked against the contracts' schema. */
  events<T extends EventType>(type: T): Promise<ReturnType<(typeof EVENTS)[T]['data']['parse']>[]>;
  payment(where: { sessionId?: string; orderId?: string }): Promise<typeof paymentRecords.$inferSelect>;
  stop(): Promise<void>;
}

/**
 * svc-payments on a fresh database with its in-process bus, svc-orders' stand-in behind ORDERS_URL, and (mode
 * `fake`) the fake Stripe on loopback as if it were Stripe (keys set, webhooks POSTed to /webhooks/stripe), or
 * (mode `demo`) no keys: the service runs its own fakes.
 */
export async function startHarness(
  mode: 'fake' | 'demo',
  env: Record<string, string> = {},
  definition: typeof paymentsService = paymentsService,
): Promise<Harness> {
  const orders = await startOrdersStandIn();
  const key = await generateSigningKey();
  const signer = await createTokenSigner(key);
  const transport = createInProcessTransport();
  let held: (() => Promise<void>)[] | null = null;
  let app: ReturnType<typeof express> | null = null;
  let stripe: FakeStripe | null = null;
  let stripeServer: FakeServer | null = null;
  let paypal: FakePaypal | null = null;
  let paypalServer: FakeServer | null = null;
  if (mode === 'fake') {
    paypal = createFakePaypal({
      clientId: PAYPAL_CLIENT_ID,
      clientSecret: PAYPAL_CLIENT_SECRET,
      webhookId: PAYPAL_WEBHOOK_ID,
      hostedPageUrl: (id) => `https://www.paypal.test/checkoutnow?token=${id}`,
      async deliverWebhook(body, headers) {
        const send = async () => {
          const res = await request(app!).post('/webhooks/paypal').set(headers).send(body);
          if (res.status >= 300) throw new Error(`webhook answered ${res.status}`);
        };
        if (held) held.push(send);
        else await send();
      },
    });
    paypalServer = await paypal.listen();
    stripe = createFakeStripe({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      hostedPageUrl: (kind, id) => `https://checkout.stripe.test/${kind}/${id}`,
      async deliverWebhook(payload, signature) {
        const send = async () => {
          const res = await request(app!)
            .post('/webhooks/stripe')
            .set('stripe-signature', signature)
            .set('content-type', 'application/json')
            .send(payload);
          if (res.status >= 300) throw new Error(`webhook answered ${res.status}`);
        };
        if (held) held.push(send);
        else await send();
      },
    });
    stripeServer = await stripe.listen();
  }
  let service: TestService<unknown>;
  try {
    service = await startTestService(definition, {
      transport,
      verifier: localKeySetVerifier(signer.publicKeySet),
      env: {
        INTERNAL_TOKEN_SECRET: INTERNAL_SECRET,
        ORDERS_URL: orders.url,
        PUBLIC_WEB_URL: WEB,
        CORS_ORIGINS: WEB,
        JOBS_POLL_INTERVAL_MS: '50',
        ...(mode === 'fake'
          ? {
              STRIPE_SECRET_KEY: SECRET_KEY,
              STRIPE_PUBLISHABLE_KEY: 'pk_test_paymentstest',
              STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
              STRIPE_API_BASE: stripeServer!.url,
              PAYPAL_CLIENT_ID,
              PAYPAL_CLIENT_SECRET,
              PAYPAL_WEBHOOK_ID,
              PAYPAL_API_BASE: paypalServer!.url,
            }
          : {}),
        ...env,
      },
    });
  } catch (error) {
    // Refused at start (a configuration test): nothing of this harness stays open.
    await transport.close();
    await stripeServer?.close();
    await paypalServer?.close();
    await orders.close();
    throw error;
  }
  app = service.service.app;
  const db = service.testDatabase.database.db;
  return {
    service,
    orders,
    stripe,
    stripeServer,
    paypal,
    paypalServer,
    signer,
    db,
    api: () => request(app!),
    hold() {
      held = [];
    },
    async release() {
      const sends = held ?? [];
      held = null;
      for (const send of sends) await send();
    },
    async timePasses(paymentId) {
      await db
        .update(paymentRecords)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(paymentRecords.id, paymentId));
    },
    async publish(type, data) {
      await transport.publish(createEvent('svc-orders', type, data as never));
    },
    async runJobs(name, key) {
      const which = and(eq(jobs.name, name), key ? eq(jobs.key, key) : undefined);
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(and(which, sql`${jobs.doneAt} is null`));
      service.service.context.jobs.wake();
      await waitFor(
        async () => {
          const [row] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(jobs)
            .where(and(which, sql`${jobs.doneAt} is null and ${jobs.parkedAt} is null`));
          return row!.n === 0;
        },
        { message: `jobs ${name} done` },
      );
    },
    async events(type) {
      const rows = await db.select().from(outbox).where(eq(outbox.type, type)).orderBy(outbox.createdAt);
      return rows.map((r) => EVENTS[type].data.parse((r.envelope as { data: unknown }).data)) as never;
    },
    async payment({ sessionId, orderId }) {
      const [row] = await db
        .select()
        .from(paymentRecords)
        .where(
          sessionId ? eq(paymentRecords.providerObjectId, sessionId) : eq(paymentRecords.orderId, orderId!),
        );
      return row!;
    },
    async stop() {
      await service.stop();
      await transport.close();
      await stripeServer?.close();
      await paypalServer?.close();
      await orders.close();
    },
  };
}
