import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import Stripe from 'stripe';
import { createWebhookQueue, listenOnLoopback, type FakePaymentView, type FakeServer } from './fake-common';
import {
  randomToken,
  stripeId,
  unixSeconds,
  type KlarnaCategory,
  type StripeEvent,
  type StripeObject,
} from './stripe-objects';
import { invalid, optionalStringArray, StripeApiError, type Params } from './stripe-params';
import {
  createStripeState,
  type StripeDecision,
  type StripeHostedKind,
  type StripeState,
} from './stripe-state';

export interface FakeStripeOptions {
  /** The `whsec_…` secret webhooks are signed with. */
  webhookSecret: string;
  /** The only secret key accepted; without it any `sk_test_…` key is. */
  secretKey?: string;
  /** Receives each signed event; a rejection is retried a few times with back-off. */
  deliverWebhook?: (payload: string, signatureHeader: string) => Promise<void>;
  /** The hosted page the buyer is sent to: a Checkout Session's `url`. */
  hostedPageUrl: (kind: StripeHostedKind, id: string) => string;
  /** A chosen id for the next session or intent (tests' fixed ids); undefined for a random one. */
  newId?: (object: 'checkout.session' | 'payment_intent') => string | undefined;
  now?: () => Date;
}

export interface FakeStripe {
  app: Express;
  listen(): Promise<FakeServer>;
  /** The buyer pays on the hosted page. Klarna: `pay_later` (pay in 3) unless told `pay_now`. */
  approve(kind: StripeHostedKind, id: string, options?: { klarnaCategory?: KlarnaCategory }): StripeDecision;
  /** The buyer's payment is declined (card) or fails (Klarna). */
  decline(kind: StripeHostedKind, id: string): StripeDecision;
  view(kind: StripeHostedKind, id: string): FakePaymentView;
  /** Expires the open Checkout Sessions past their expires_at (Stripe does this on its own). */
  expireDue(): string[];
  /** Every event sent so far, oldest first. */
  events(): StripeEvent[];
  /** Resolves when every webhook delivery so far has been made (or given up). */
  settled(): Promise<void>;
  /**
   * With true, a POST is answered only once the webhooks it caused were delivered: Stripe promises no order between
   * its answer and its webhooks, and this is the order in which a caller's own record comes last.
   */
  webhooksBeforeAnswers(on: boolean): void;
}

type Handler = (params: Params, req: Request) => unknown;

interface SavedResponse {
  path: string;
  params: string;
  body: unknown;
}

const EXPANDABLE: Record<string, readonly string[]> = {
  'checkout.session': ['payment_intent', 'line_items'],
  payment_intent: ['latest_charge'],
};

function authenticate(secretKey: string | undefined): RequestHandler {
  return (req, res, next) => {
    const match = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '');
    if (!match) {
      const error = new StripeApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
      return void res.status(401).json(error);
    }
    const key = match[1]!;
    if (secretKey ? key !== secretKey : !/^sk_test_\w+$/.test(key)) {
      const error = new StripeApiError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      );
      return void res.status(401).json(error);
    }
    next();
  };
}

/** Answers `expand[]` as Stripe does: the listed ids replaced by their objects. */
function expand(state: StripeState, object: StripeObject, params: Params): unknown {
  const fields = optionalStringArray(params, 'expand') ?? [];
  const result: Record<string, unknown> = { ...object };
  for (const field of fields) {
    if (!EXPANDABLE[object.object]?.includes(field)) {
      throw invalid(`This property cannot be expanded (${field}).`, 'expand');
    }
    const id = result[field];
    if (field === 'line_items') {
      const data = state.lineItems(object.id);
      result.line_items = {
        object: 'list',
        data,
        has_more: false,
        url: `/v1/checkout/sessions/${object.id}/line_items`,
      };
    } else if (typeof id === 'string') {
      result[field] = field === 'latest_charge' ? state.charge(id) : state.intent(id);
    }
  }
  return result;
}

export function createFakeStripe(options: FakeStripeOptions): FakeStripe {
  const now = options.now ?? (() => new Date());
  const sent: StripeEvent[] = [];
  const deliveries = createWebhookQueue();
  const idempotent = new Map<string, SavedResponse>();

  function emit(type: string, object: StripeObject): void {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: unixSeconds(now()),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: options.deliverWebhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    sent.push(event);
    const deliver = options.deliverWebhook;
    if (!deliver) return;
    // Stripe signs each attempt afresh with the current time, which keeps it inside the receiver's tolerance.
    deliveries.push(() => {
      const payload = JSON.stringify(event, null, 2);
      return deliver(
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret }),
      );
    });
  }

  const state = createStripeState({
    now,
    hostedPageUrl: options.hostedPageUrl,
    emit,
    newId: options.newId,
  });

  let webhooksFirst = false;
  function answer(req: Request, res: Response, body: unknown): void {
    if (!webhooksFirst || req.method !== 'POST') return void res.json(body);
    void deliveries.settled().then(() => res.json(body));
  }

  /** Runs a handler with Stripe's error shapes and, for POSTs with an Idempotency-Key, its replay rules. */
  function route(handler: Handler): RequestHandler {
    return (req, res) => {
      const params = ((req.method === 'GET' ? req.query : req.body) ?? {}) as Params;
      const key = req.method === 'POST' ? req.get('idempotency-key') : undefined;
      res.set('Request-Id', `req_${randomToken(14)}`);
      try {
        if (key !== undefined) {
          const saved = idempotent.get(key);
          const signature = JSON.stringify(params);
          if (saved) {
            if (saved.path !== req.path || saved.params !== signature) {
              throw new StripeApiError(
                400,
                'idempotency_error',
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              );
            }
            return void res.set('Idempotent-Replayed', 'true').json(saved.body);
          }
          const body = handler(params, req);
          // Only successes are kept: a failed request may be retried with the same key and run again.
          idempotent.set(key, { path: req.path, params: signature, body: structuredClone(body) });
          return answer(req, res, body);
        }
        answer(req, res, handler(params, req));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        res.status(error.status).json(error);
      }
    };
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.use(express.urlencoded({ extended: true, limit: '1mb' }));
  app.use('/v1', authenticate(options.secretKey));

  const id = (req: Request) => String(req.params.id);
  app.post(
    '/v1/checkout/sessions',
    route((p) => expand(state, state.createSession(p), p)),
  );
  app.get(
    '/v1/checkout/sessions/:id',
    route((p, req) => expand(state, state.session(id(req)), p)),
  );
  app.post(
    '/v1/checkout/sessions/:id/expire',
    route((p, req) => expand(state, state.expireSession(id(req)), p)),
  );
  app.post(
    '/v1/payment_intents',
    route((p) => expand(state, state.createIntent(p), p)),
  );
  app.get(
    '/v1/payment_intents/:id',
    route((p, req) => expand(state, state.intent(id(req)), p)),
  );
  app.post(
    '/v1/payment_intents/:id/cancel',
    route((p, req) => expand(state, state.cancelIntent(id(req), p), p)),
  );
  app.post(
    '/v1/refunds',
    route((p) => state.createRefund(p)),
  );
  app.get(
    '/v1/refunds',
    route((p) => ({ object: 'list', url: '/v1/refunds', ...state.listRefunds(p) })),
  );
  app.get(
    '/v1/refunds/:id',
    route((_p, req) => state.refund(id(req))),
  );
  app.get(
    '/v1/charges/:id',
    route((_p, req) => state.charge(id(req))),
  );

  app.use((req, res) => {
    res
      .status(404)
      .json(
        new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${req.method}: ${req.path}).`,
        ),
      );
  });
  app.use(((error, _req, res, _next) => {
    const status = typeof error?.status === 'number' && error.status < 500 ? error.status : 500;
    const type = status < 500 ? 'invalid_request_error' : 'api_error';
    res
      .status(status)
      .json(new StripeApiError(status, type, status < 500 ? 'Invalid request body.' : 'Internal error.'));
  }) as express.ErrorRequestHandler);

  return {
    app,
    listen: () => listenOnLoopback(app, deliveries.stop),
    approve: (kind, objectId, decision) =>
      structuredClone(state.approve(kind, objectId, decision?.klarnaCategory ?? 'pay_later')),
    decline: (kind, objectId) => structuredClone(state.decline(kind, objectId)),
    view: (kind, objectId) => state.view(kind, objectId),
    expireDue: () => state.expireDue(),
    events: () => structuredClone(sent),
    settled: () => deliveries.settled(),
    webhooksBeforeAnswers(on) {
      webhooksFirst = on;
    },
  };
}
