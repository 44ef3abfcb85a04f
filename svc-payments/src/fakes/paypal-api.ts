import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import express, { type Express, type Request, type RequestHandler } from 'express';
import { createWebhookQueue, listenOnLoopback, type FakePaymentView, type FakeServer } from './fake-common';
import {
  paypalId,
  type PaypalCapture,
  type PaypalOrder,
  type PaypalRefund,
  type PaypalWebhookEvent,
} from './paypal-objects';
import { createPaypalState, invalidRequest, PaypalApiError, type PaypalDecision } from './paypal-state';

export interface FakePaypalOptions {
  clientId: string;
  clientSecret: string;
  /** The webhook id the shop verifies deliveries against (PAYPAL_WEBHOOK_ID). */
  webhookId: string;
  /** Receives each event's JSON body and its PAYPAL-* headers; a rejection is retried a few times with back-off. */
  deliverWebhook?: (body: string, headers: Record<string, string>) => Promise<void>;
  /** The page the buyer approves on: the order's `payer-action` (or `approve`) link. */
  hostedPageUrl: (id: string) => string;
  /** A chosen id for the next order (tests' fixed ids); undefined for a random one. */
  newId?: (object: 'order') => string | undefined;
  now?: () => Date;
}

export interface FakePaypal {
  app: Express;
  listen(): Promise<FakeServer>;
  /** The buyer approves the order on PayPal's page. */
  approve(id: string): PaypalDecision;
  /** The buyer's payment cannot be made: back to cancel_url, and a later capture is DECLINED. */
  decline(id: string): PaypalDecision;
  view(id: string): FakePaymentView;
  /** Every webhook event sent so far, oldest first. */
  events(): PaypalWebhookEvent[];
  /** Resolves when every webhook delivery so far has been made (or given up). */
  settled(): Promise<void>;
}

const TOKEN_SECONDS = 32_400;
const AUTH_ALGO = 'SHA256withRSA';
const CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-fake';

const authenticationFailure = () =>
  new PaypalApiError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  );

function baseOf(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

export function createFakePaypal(options: FakePaypalOptions): FakePaypal {
  const now = options.now ?? (() => new Date());
  const tokens = new Map<string, number>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const sent: PaypalWebhookEvent[] = [];
  const deliveries = createWebhookQueue();
  // The fake's stand-in for PayPal's signing certificate: only it can produce signatures its verify call accepts.
  const signingKey = randomBytes(32);
  let webhookBase = 'http://127.0.0.1';

  const link = (href: string, rel: string, method = 'GET') => ({ href, rel, method });

  function renderCapture(capture: PaypalCapture, base: string) {
    const self = `${base}/v2/payments/captures/${capture.id}`;
    return {
      ...capture,
      links: [
        link(self, 'self'),
        link(`${self}/refund`, 'refund', 'POST'),
        link(`${base}/v2/checkout/orders/${capture.supplementary_data.related_ids.order_id}`, 'up'),
      ],
    };
  }

  function renderRefund(refund: PaypalRefund, base: string) {
    const { capture_id: captureId, ...fields } = refund;
    return {
      ...fields,
      links: [
        link(`${base}/v2/payments/refunds/${refund.id}`, 'self'),
        link(`${base}/v2/payments/captures/${captureId}`, 'up'),
      ],
    };
  }

  function renderOrder(order: PaypalOrder, base: string) {
    const self = `${base}/v2/checkout/orders/${order.id}`;
    const page = options.hostedPageUrl(order.id);
    const links = {
      CREATED: [
        link(self, 'self'),
        link(page, 'approve'),
        link(self, 'update', 'PATCH'),
        link(`${self}/capture`, 'capture', 'POST'),
      ],
      PAYER_ACTION_REQUIRED: [link(self, 'self'), link(page, 'payer-action')],
      APPROVED: [
        link(self, 'self'),
        link(self, 'update', 'PATCH'),
        link(`${self}/capture`, 'capture', 'POST'),
      ],
      COMPLETED: [link(self, 'self')],
    }[order.status];
    return {
      ...structuredClone(order),
      purchase_units: order.purchase_units.map((unit) => ({
        ...structuredClone(unit),
        ...(unit.payments
          ? { payments: { captures: unit.payments.captures.map((c) => renderCapture(c, base)) } }
          : {}),
      })),
      links,
    };
  }

  function sign(transmissionId: string, time: string, webhookId: string, body: string): string {
    const digest = createHash('sha256').update(body).digest('hex');
    return createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${digest}`)
      .digest('base64');
  }

  function emit(
    eventType: string,
    resource: PaypalOrder | PaypalCapture | PaypalRefund,
    summary: string,
  ): void {
    const [resourceType, rendered] =
      'intent' in resource
        ? (['checkout-order', renderOrder(resource, webhookBase)] as const)
        : 'capture_id' in resource
          ? (['refund', renderRefund(resource, webhookBase)] as const)
          : (['capture', renderCapture(resource, webhookBase)] as const);
    const event: PaypalWebhookEvent = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: now().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource: structuredClone(rendered),
    };
    sent.push(event);
    const deliver = options.deliverWebhook;
    if (!deliver) return;
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sign(transmissionId, time, options.webhookId, body),
      'paypal-cert-url': CERT_URL,
      'paypal-auth-algo': AUTH_ALGO,
    };
    deliveries.push(() => deliver(body, headers));
  }

  const state = createPaypalState({ now, emit, newId: options.newId });

  function verify(body: unknown): 'SUCCESS' | 'FAILURE' {
    const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]) {
      if (typeof request[field] !== 'string') {
        throw invalidRequest(`/${field}`, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      }
    }
    if (typeof request.webhook_event !== 'object' || request.webhook_event === null) {
      throw invalidRequest('/webhook_event', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
    }
    const fields = request as Record<string, string>;
    if (fields.auth_algo !== AUTH_ALGO || fields.cert_url !== CERT_URL) return 'FAILURE';
    const expected = Buffer.from(
      sign(
        fields.transmission_id!,
        fields.transmission_time!,
        fields.webhook_id!,
        JSON.stringify(request.webhook_event),
      ),
    );
    const given = Buffer.from(fields.transmission_sig!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? 'SUCCESS' : 'FAILURE';
  }

  /** Runs a handler with PayPal's error shapes and, when a PayPal-Request-Id is given, replays its first success. */
  function route(status: number, handler: (req: Request) => unknown): RequestHandler {
    return (req, res) => {
      res.set('Paypal-Debug-Id', paypalId(13).toLowerCase());
      const requestId = req.get('paypal-request-id');
      const key = requestId === undefined ? undefined : `${req.path} ${requestId}`;
      try {
        const saved = key === undefined ? undefined : idempotent.get(key);
        if (saved) return void res.status(saved.status).json(saved.body);
        const body = handler(req);
        if (key !== undefined) idempotent.set(key, { status, body: structuredClone(body) });
        res.status(status).json(body);
      } catch (error) {
        if (!(error instanceof PaypalApiError)) throw error;
        res.status(error.status).json(error);
      }
    };
  }

  const requireToken: RequestHandler = (req, res, next) => {
    const match = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '');
    if (!match) return void res.status(401).json(authenticationFailure());
    const expiresAt = tokens.get(match[1]!);
    if (expiresAt === undefined || expiresAt <= now().getTime()) {
      return void res
        .status(401)
        .json({ error: 'invalid_token', error_description: 'Access Token not found in cache' });
    }
    next();
  };

  const app = express();
  app.disable('x-powered-by');

  app.post('/v1/oauth2/token', express.urlencoded({ extended: false }), (req, res) => {
    const match = /^Basic (\S+)$/.exec(req.get('authorization') ?? '');
    const credentials = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    if (credentials !== `${options.clientId}:${options.clientSecret}`) {
      return void res
        .status(401)
        .json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (req.body?.grant_type !== 'client_credentials') {
      return void res
        .status(400)
        .json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${randomBytes(48).toString('base64url')}`;
    tokens.set(token, now().getTime() + TOKEN_SECONDS * 1000);
    res.json({
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_SECONDS,
      nonce: `${now().toISOString()}${randomBytes(8).toString('hex')}`,
    });
  });

  app.use(['/v2', '/v1/notifications'], requireToken, express.json({ limit: '1mb' }));

  const id = (req: Request) => String(req.params.id);
  app.post(
    '/v2/checkout/orders',
    route(201, (req) => {
      const order = renderOrder(state.createOrder(req.body), baseOf(req));
      if (req.get('prefer') === 'return=representation') return order;
      const { id: orderId, status, payment_source: paymentSource, links } = order;
      return { id: orderId, status, ...(paymentSource ? { payment_source: paymentSource } : {}), links };
    }),
  );
  app.get(
    '/v2/checkout/orders/:id',
    route(200, (req) => renderOrder(state.order(id(req)), baseOf(req))),
  );
  app.post(
    '/v2/checkout/orders/:id/capture',
    route(201, (req) => renderOrder(state.capture(id(req)), baseOf(req))),
  );
  app.post(
    '/v2/payments/captures/:id/refund',
    route(201, (req) => renderRefund(state.refund(id(req), req.body), baseOf(req))),
  );
  app.post(
    '/v1/notifications/verify-webhook-signature',
    route(200, (req) => ({ verification_status: verify(req.body) })),
  );

  app.use((_req, res) => {
    res
      .status(404)
      .json(new PaypalApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.'));
  });
  app.use(((error, _req, res, _next) => {
    if (typeof error?.status === 'number' && error.status < 500) {
      return void res
        .status(400)
        .json(invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
    }
    res
      .status(500)
      .json(new PaypalApiError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'));
  }) as express.ErrorRequestHandler);

  return {
    app,
    async listen() {
      const server = await listenOnLoopback(app, deliveries.stop);
      webhookBase = server.url;
      return server;
    },
    approve: (orderId) => structuredClone(state.approve(orderId)),
    decline: (orderId) => structuredClone(state.decline(orderId)),
    view: (orderId) => state.view(orderId),
    events: () => structuredClone(sent),
    settled: () => deliveries.settled(),
  };
}
