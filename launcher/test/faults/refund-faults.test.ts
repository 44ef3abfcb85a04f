import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import { and, eq, isNull } from 'drizzle-orm';
import { CheckoutSessionResponse, EVENTS, SUBSCRIPTIONS } from '@edicola/contracts';
import {
  createEvent,
  createLogger,
  createRabbitTransport,
  queuesOf,
  type RabbitTransport,
} from '@edicola/platform';
import { createTestDatabase, waitFor, type TestDatabase } from '@edicola/platform/testing';
import { RabbitAdmin } from '../../../platform/src/testing/rabbitmq';
import {
  jobs,
  outbox,
  paymentRecords,
  paymentRefunds,
  refundRequests,
} from '../../../svc-payments/src/db/schema';
import {
  createFakeStripe,
  listenOnLoopback,
  type FakeServer,
  type FakeStripe,
} from '../../../svc-payments/src/fakes';
import {
  checkoutBody,
  INTERNAL_SECRET,
  SECRET_KEY,
  startOrdersStandIn,
  WEB,
  WEBHOOK_SECRET,
  type OrdersStandIn,
} from '../../../svc-payments/test/harness';
import { freePort, ServiceProcess } from './service-process';
import { canRunFaults, faultEnv } from './stock-cluster';

// Real processes on PostgreSQL and RabbitMQ (the distributed mode): needs TEST_DATABASE_URL and AMQP_URL, as
// .ci/run's services leg sets them; without them this suite is skipped and its name says why.
const suite = canRunFaults ? describe : describe.skip;

/** Two units of the stand-in's article (60,88 € each) and 9 € shipping: what the card paid. */
const CAPTURED_CENTS = 2 * 6088 + 900;
/** The staff's partial refund: one line. */
const ASKED_CENTS = 6088;
/** How long a webhook is delivered again (every 250 ms) while svc-payments does not answer. */
const WEBHOOK_PATIENCE_MS = 120_000;

const report = (line: string) => process.stdout.write(`${line}\n`);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * svc-payments as its own process (`svc-payments/src/main.ts`) on its own PostgreSQL database and this run's
 * exchange and queues on RabbitMQ, live against a fake Stripe in this process (its webhooks POSTed to the process,
 * retried until it answers), svc-orders' internal endpoints a stand-in here. The test publishes as svc-orders would
 * and reads the process's database directly.
 */
class PaymentsRig {
  /** Webhook deliveries wait on this before each attempt (a test holds them back with it). */
  gate: Promise<void> = Promise.resolve();
  /** Runs before the fake Stripe handles a POST /v1/refunds (the test's kill or hold). */
  onRefundPost: ((req: Request, res: Response) => Promise<void>) | null = null;
  readonly webhooks = { failed: 0, delivered: 0 };
  refundPosts = 0;
  private closed = false;

  private constructor(
    readonly payments: ServiceProcess,
    readonly fake: FakeStripe,
    private readonly stripeServer: FakeServer,
    private readonly orders: OrdersStandIn,
    private readonly testDb: TestDatabase,
    private readonly publisher: RabbitTransport,
    private readonly bus: { exchange: string; queuePrefix: string },
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<PaymentsRig> {
    const run = randomBytes(4).toString('hex');
    const bus = { exchange: `edicola.refund-faults.${run}`, queuePrefix: `edicola-refund-faults-${run}.` };
    const testDb = await createTestDatabase();
    const orders = await startOrdersStandIn();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-refund-faults-'));
    // The fake and its API wrapper call into the rig built after them.
    const ref: { rig?: PaymentsRig } = {};
    const fake = createFakeStripe({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      hostedPageUrl: (kind, id) => `https://checkout.stripe.test/${kind}/${id}`,
      deliverWebhook: (payload, signature) => ref.rig!.deliver(payload, signature),
    });
    // Stripe's API as the fake answers it, with the test's hook in front of POST /v1/refunds.
    const api = express();
    api.post('/v1/refunds', (req, res, next) => {
      ref.rig!.refundPosts++;
      const hook = ref.rig!.onRefundPost;
      if (!hook) return next();
      hook(req, res).then(() => next(), next);
    });
    api.use(fake.app);
    const stripeServer = await listenOnLoopback(api, () => undefined);
    const publisher = createRabbitTransport({
      url: faultEnv.amqpUrl!,
      ...bus,
      logger: createLogger('refund-faults', 'silent'),
    });
    const payments = new ServiceProcess('svc-payments', await freePort(), {
      DATABASE_URL: testDb.url!,
      DATA_DIR: dataDir,
      AMQP_URL: faultEnv.amqpUrl!,
      BUS_EXCHANGE: bus.exchange,
      BUS_QUEUE_PREFIX: bus.queuePrefix,
      BUS_RELAY_INTERVAL_MS: '100',
      // The job the kill interrupted runs again once its lease is over.
      JOBS_LEASE_MS: '1500',
      JOBS_POLL_INTERVAL_MS: '100',
      INTERNAL_TOKEN_SECRET: INTERNAL_SECRET,
      ORDERS_URL: orders.url,
      PUBLIC_WEB_URL: WEB,
      CORS_ORIGINS: WEB,
      TRUST_PROXY: 'loopback',
      // Stripe live (the fake on loopback), PayPal off.
      PAYMENTS_MODE: 'live',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_paymentstest',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeServer.url,
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_WEBHOOK_ID: '',
    });
    const rig = new PaymentsRig(payments, fake, stripeServer, orders, testDb, publisher, bus, dataDir);
    ref.rig = rig;
    try {
      await publisher.waitForConnection();
      await payments.start();
    } catch (error) {
      await rig.stop().catch(() => undefined);
      throw error;
    }
    return rig;
  }

  get db() {
    return this.testDb.database.db;
  }

  /**
   * One webhook as Stripe sends it, POSTed to the process again every 250 ms (after `gate`) until it answers 200:
   * the fake's own back-off gives up after 2,6 s, less than a restart takes.
   */
  async deliver(payload: string, signature: string): Promise<void> {
    const deadline = Date.now() + WEBHOOK_PATIENCE_MS;
    for (;;) {
      await this.gate;
      const status = await fetch(`${this.payments.url}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      }).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) {
        this.webhooks.delivered++;
        return;
      }
      this.webhooks.failed++;
      if (this.closed || Date.now() > deadline) throw new Error(`webhook answered ${status}`);
      await new Promise((resume) => setTimeout(resume, 250));
    }
  }

  /** Every webhook sent so far delivered (or given up). */
  async webhooksSettled(): Promise<void> {
    let settled = false;
    void this.fake.settled().then(() => (settled = true));
    await waitFor(() => settled, { timeoutMs: WEBHOOK_PATIENCE_MS, intervalMs: 100, message: 'webhooks' });
  }

  /** A guest pays 2 units by card on Stripe's page; resolves once the payment's row is `succeeded`. */
  async paidByCard(): Promise<{ orderId: string; paymentId: string; intentId: string }> {
    const res = await fetch(`${this.payments.url}/checkout/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: WEB },
      body: JSON.stringify(checkoutBody(2)),
    });
    if (!res.ok) throw new Error(`POST /checkout/session answered ${res.status}: ${await res.text()}`);
    const session = CheckoutSessionResponse.parse(await res.json());
    this.fake.approve('card', session.session_id);
    const row = await waitFor(
      async () => {
        const [p] = await this.db
          .select()
          .from(paymentRecords)
          .where(eq(paymentRecords.providerObjectId, session.session_id));
        return p?.status === 'succeeded' ? p : null;
      },
      { timeoutMs: 30_000, intervalMs: 100, message: 'the card payment succeeded' },
    );
    expect(row.capturedCents).toBe(CAPTURED_CENTS);
    // Every webhook of the payment is in before the refund (the counts below are the refund's).
    await this.webhooksSettled();
    return { orderId: session.order_id, paymentId: row.id, intentId: row.providerPaymentId! };
  }

  /** svc-orders asks for a partial refund (order.refund_requested v2), over RabbitMQ. */
  async ask(orderId: string, requestId: string, cents: number): Promise<void> {
    await this.publisher.publish(
      createEvent('svc-orders', 'order.refund_requested', {
        order_id: orderId,
        order_version: 3,
        reason: 'partial_refund',
        requested_at: new Date().toISOString(),
        refund_request_id: requestId,
        amount_cents: cents,
      }),
    );
  }

  async requestState(requestId: string) {
    const [row] = await this.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    return row;
  }

  /** What svc-payments booked of the payment: its rows, its total, and the payment.refunded events of the order. */
  async booked(paymentId: string, orderId: string) {
    const rows = await this.db
      .select({ id: paymentRefunds.refundId, cents: paymentRefunds.cents })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    const [payment] = await this.db.select().from(paymentRecords).where(eq(paymentRecords.id, paymentId));
    const events = (await this.db.select().from(outbox).where(eq(outbox.type, 'payment.refunded')))
      .map((r) => EVENTS['payment.refunded'].data.parse((r.envelope as { data: unknown }).data))
      .filter((e) => e.order_id === orderId);
    return { rows, payment: payment!, events };
  }

  /** The refunds the fake Stripe made for `intentId`, as its refund.created events show them. */
  stripeRefunds(intentId: string) {
    return this.fake
      .events()
      .filter((e) => e.type === 'refund.created')
      .map((e) => e.data.object as { id: string; amount: number; payment_intent: string; metadata: object })
      .filter((r) => r.payment_intent === intentId);
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.gate = Promise.resolve();
    this.onRefundPost = null;
    await this.payments.stop();
    await this.publisher.close().catch(() => undefined);
    await this.stripeServer.close();
    await this.orders.close();
    const rabbit = await RabbitAdmin.connect(faultEnv.amqpUrl!);
    const queues = Object.keys(SUBSCRIPTIONS).flatMap((s) =>
      queuesOf(s, [60_000, 300_000, 1_800_000], this.bus.queuePrefix),
    );
    await rabbit.deleteTopology(this.bus.exchange, queues);
    await rabbit.close();
    await this.testDb.cleanup();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

suite(
  'a card partial refund under kill -9 of svc-payments, with real processes (needs TEST_DATABASE_URL and AMQP_URL)',
  () => {
    let rig: PaymentsRig | undefined;
    afterEach(async () => {
      await rig?.stop();
      rig = undefined;
    });

    /**
     * Asks for the refund and kill -9s svc-payments once the fake Stripe made it, before its answer leaves: the
     * refund's webhooks wait until the process is dead, then fail (connection refused) and are tried again.
     */
    async function refundAndKill(r: PaymentsRig, orderId: string, requestId: string) {
      const dead = deferred();
      let killed = false;
      r.onRefundPost = async (req, res) => {
        if (killed || req.get('idempotency-key') !== `refund-${requestId}`) return;
        killed = true;
        r.gate = dead.promise;
        const end = res.end;
        res.end = function (this: Response, ...args: unknown[]) {
          void r.payments.kill().then(() => {
            dead.resolve();
            end.apply(res, args as never);
          });
          return res;
        } as Response['end'];
      };
      const failedBefore = r.webhooks.failed;
      const deliveredBefore = r.webhooks.delivered;
      await r.ask(orderId, requestId, ASKED_CENTS);
      await waitFor(() => killed, { timeoutMs: 30_000, intervalMs: 50, message: 'the refund at Stripe' });
      await dead.promise;
      // Both refund webhooks (charge.refunded, refund.created) were refused by the dead process at least once.
      await waitFor(() => r.webhooks.failed - failedBefore >= 2, {
        timeoutMs: 20_000,
        intervalMs: 50,
        message: 'webhooks refused while svc-payments is down',
      });
      return {
        failedWhileDown: () => r.webhooks.failed - failedBefore,
        deliveredAfter: () => r.webhooks.delivered - deliveredBefore,
      };
    }

    /** The invariant: one refund at Stripe, booked once under its own id, announced once. */
    async function expectBookedOnce(
      r: PaymentsRig,
      paid: { orderId: string; paymentId: string; intentId: string },
      requestId: string,
    ) {
      const made = r.stripeRefunds(paid.intentId);
      expect(made).toHaveLength(1);
      const refund = made[0]!;
      expect(refund).toMatchObject({ amount: ASKED_CENTS, metadata: { refund_request_id: requestId } });
      expect(refund.id).toMatch(/^re_/);
      const booked = await r.booked(paid.paymentId, paid.orderId);
      expect(booked.rows).toEqual([{ id: refund.id, cents: ASKED_CENTS }]);
      expect(booked.payment).toMatchObject({ status: 'partially_refunded', refundedCents: ASKED_CENTS });
      expect(
        booked.events.map((e) => [e.refund_id, e.refund_cents, e.refunded_total_cents, e.refund_request_id]),
      ).toEqual([[refund.id, ASKED_CENTS, ASKED_CENTS, requestId]]);
      expect(await r.requestState(requestId)).toMatchObject({ state: 'done', providerRefundId: refund.id });
      return { refund, booked };
    }

    it('killed between Stripe’s refund and its record, the job’s retry first and the late webhooks after: booked once', async () => {
      rig = await PaymentsRig.start();
      const r = rig;
      const paid = await r.paidByCard();
      const requestId = randomUUID();
      const down = await refundAndKill(r, paid.orderId, requestId);
      // The webhooks wait until the retried job has recorded the refund.
      const jobRecorded = deferred();
      r.gate = jobRecorded.promise;
      r.onRefundPost = null;
      const restartedAt = Date.now();
      await r.payments.start();
      const restartMs = Date.now() - restartedAt;
      await waitFor(async () => (await r.requestState(requestId))?.state === 'done', {
        timeoutMs: 60_000,
        intervalMs: 100,
        message: 'the retried job closed the refund request',
      });
      const byJob = await r.booked(paid.paymentId, paid.orderId);
      jobRecorded.resolve();
      await r.webhooksSettled();
      // The relay and the webhooks are done: whatever was to be booked is.
      const { refund, booked } = await expectBookedOnce(r, paid, requestId);
      expect(byJob.rows).toEqual(booked.rows);
      report(
        `kill -9 at Stripe's refund answer, the job's retry first: Stripe made ${r.stripeRefunds(paid.intentId).length} ` +
          `refund (${refund.id}, ${refund.amount} cents) for ${r.refundPosts} POST /v1/refunds; refund webhooks ` +
          `refused while down ${down.failedWhileDown()}, delivered ${down.deliveredAfter()}; restart ${restartMs} ms; ` +
          `payment_refunds ${booked.rows.length} row, refunded ${booked.payment.refundedCents} of ${CAPTURED_CENTS}; ` +
          `payment.refunded ${booked.events.length}`,
      );
    }, 180_000);

    it('killed between Stripe’s refund and its record, the late webhooks first after the restart and the job’s retry after: booked once', async () => {
      rig = await PaymentsRig.start();
      const r = rig;
      const paid = await r.paidByCard();
      const requestId = randomUUID();
      const down = await refundAndKill(r, paid.orderId, requestId);
      // The webhooks go on knocking; should the retried job reach Stripe before they got in, Stripe's answer waits
      // for them (the request is then closed by the webhook, and the job's record comes second).
      let retriesHeld = 0;
      r.onRefundPost = async (req) => {
        if (req.get('idempotency-key') !== `refund-${requestId}`) return;
        retriesHeld++;
        await r.webhooksSettled();
      };
      const restartedAt = Date.now();
      await r.payments.start();
      const restartMs = Date.now() - restartedAt;
      await r.webhooksSettled();
      const byWebhook = await r.booked(paid.paymentId, paid.orderId);
      await waitFor(async () => (await r.requestState(requestId))?.state === 'done', {
        timeoutMs: 60_000,
        intervalMs: 100,
        message: 'the refund request closed',
      });
      // The job has run again (done, or found its request closed): nothing of it is left to come.
      await waitFor(
        async () => {
          const open = await r.db
            .select({ key: jobs.key })
            .from(jobs)
            .where(and(eq(jobs.key, requestId), isNull(jobs.doneAt)));
          return open.length === 0;
        },
        { timeoutMs: 60_000, intervalMs: 100, message: 'the refund job done' },
      );
      const { refund, booked } = await expectBookedOnce(r, paid, requestId);
      expect(byWebhook.rows).toEqual(booked.rows);
      report(
        `kill -9 at Stripe's refund answer, the late webhooks first: Stripe made ${r.stripeRefunds(paid.intentId).length} ` +
          `refund (${refund.id}, ${refund.amount} cents); the job's retry called Stripe ${retriesHeld} time(s) ` +
          `(answered once the webhooks were in; 0: it found its request closed); refund webhooks refused while down ${down.failedWhileDown()}, delivered ` +
          `${down.deliveredAfter()}; restart ${restartMs} ms; payment_refunds ${booked.rows.length} row, refunded ` +
          `${booked.payment.refundedCents} of ${CAPTURED_CENTS}; payment.refunded ${booked.events.length}`,
      );
    }, 180_000);
  },
);
