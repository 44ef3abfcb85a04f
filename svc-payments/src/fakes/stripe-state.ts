import { FakeNotFoundError, FakeStateError, type FakePaymentView } from './fake-common';
import {
  DECLINED_CARD,
  FAILED_KLARNA,
  newCharge,
  newPaymentIntent,
  stripeId,
  unixSeconds,
  type Charge,
  type CheckoutSession,
  type KlarnaCategory,
  type LineItem,
  type Metadata,
  type PaymentIntent,
  type Refund,
  type StripeObject,
} from './stripe-objects';
import {
  invalid,
  metadata,
  missing,
  oneOf,
  optionalArray,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalStringArray,
  rejectUnknown,
  requiredInteger,
  requiredString,
  StripeApiError,
  type Params,
} from './stripe-params';

/** Where the buyer goes next after a decision on the hosted page, and the intent it left behind. */
export interface StripeDecision {
  /** Card: success_url or cancel_url as Stripe fills them in (null when not given); Klarna: null (Stripe.js knows return_url). */
  redirect_url: string | null;
  payment_intent: PaymentIntent;
}

export type StripeHostedKind = 'card' | 'klarna';

interface SessionRecord {
  session: CheckoutSession;
  lineItems: LineItem[];
  intentData: { metadata: Metadata; description: string | null };
  declined: boolean;
}

const MIN_AMOUNT = 50;
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
const CANCELLABLE = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;

function noSuch(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

function currencyOf(params: Params, name: string): string {
  const currency = requiredString(params, 'currency', name).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, name);
  return currency;
}

function lineItemsOf(params: Params): LineItem[] {
  const items = optionalArray(params, 'line_items');
  if (!items || items.length === 0) throw missing('line_items');
  return items.map((raw, i) => {
    const name = `line_items[${i}]`;
    const item = optionalObject({ item: raw }, 'item', name) ?? {};
    rejectUnknown(item, ['quantity', 'price_data'], name);
    const priceData = optionalObject(item, 'price_data', `${name}[price_data]`);
    if (!priceData) throw missing(`${name}[price_data]`);
    rejectUnknown(
      priceData,
      ['currency', 'unit_amount', 'product_data', 'tax_behavior'],
      `${name}[price_data]`,
    );
    const product = optionalObject(priceData, 'product_data', `${name}[price_data][product_data]`);
    if (!product) throw missing(`${name}[price_data][product_data]`);
    const unitAmount = requiredInteger(priceData, 'unit_amount', `${name}[price_data][unit_amount]`);
    const quantity = requiredInteger(item, 'quantity', `${name}[quantity]`);
    if (unitAmount < 0)
      throw invalid('This value must be greater than or equal to 0.', `${name}[price_data][unit_amount]`);
    if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `${name}[quantity]`);
    const currency = currencyOf(priceData, `${name}[price_data][currency]`);
    const total = unitAmount * quantity;
    return {
      id: stripeId('li'),
      object: 'item',
      amount_subtotal: total,
      amount_total: total,
      currency,
      description: requiredString(product, 'name', `${name}[price_data][product_data][name]`),
      quantity,
      price: {
        id: stripeId('price'),
        object: 'price',
        currency,
        unit_amount: unitAmount,
        product: stripeId('prod'),
      },
    };
  });
}

function fillSessionId(url: string | null, id: string): string | null {
  return url && url.replaceAll('{CHECKOUT_SESSION_ID}', id);
}

/** Stripe's objects and their transitions; every change that Stripe announces is passed to `emit`. */
export function createStripeState(options: {
  now: () => Date;
  /** A chosen id for the next object of that kind (tests' fixed ids); undefined for a random one. */
  newId?: (object: 'checkout.session' | 'payment_intent') => string | undefined;
  hostedPageUrl: (kind: StripeHostedKind, id: string) => string;
  emit: (type: string, object: StripeObject) => void;
}) {
  const { emit } = options;
  const sessions = new Map<string, SessionRecord>();
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const intentSessions = new Map<string, string>();
  const nowSeconds = () => unixSeconds(options.now());

  function expire(record: SessionRecord): void {
    Object.assign(record.session, { status: 'expired', url: null });
    emit('checkout.session.expired', record.session);
  }

  /** Stripe expires an open session at expires_at; the fake does it when the session is next looked at. */
  function findSession(id: string): SessionRecord | undefined {
    const record = sessions.get(id);
    if (record?.session.status === 'open' && nowSeconds() >= record.session.expires_at) expire(record);
    return record;
  }

  function sessionRecord(id: string): SessionRecord {
    const record = findSession(id);
    if (!record) throw noSuch('checkout.session', id, 'session');
    return record;
  }

  function intent(id: string): PaymentIntent {
    const found = intents.get(id);
    if (!found) throw noSuch('payment_intent', id, 'intent');
    return found;
  }

  function succeed(pi: PaymentIntent, details: Charge['payment_method_details']): void {
    const charge = newCharge(pi, details, nowSeconds());
    charges.set(charge.id, charge);
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    emit('payment_intent.succeeded', pi);
  }

  function fail(pi: PaymentIntent, error: PaymentIntent['last_payment_error']): void {
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
    emit('payment_intent.payment_failed', pi);
  }

  /** Checkout creates the intent when the buyer first submits the page. */
  function sessionIntent(record: SessionRecord): PaymentIntent {
    const { session } = record;
    if (session.payment_intent) return intent(session.payment_intent);
    const pi = newPaymentIntent({
      id: options.newId?.('payment_intent'),
      amount: session.amount_total,
      currency: session.currency,
      created: nowSeconds(),
      metadata: { ...record.intentData.metadata },
      payment_method_types: ['card'],
      description: record.intentData.description,
      receipt_email: session.customer_email,
    });
    intents.set(pi.id, pi);
    intentSessions.set(pi.id, session.id);
    session.payment_intent = pi.id;
    return pi;
  }

  function openSessionRecord(id: string): SessionRecord {
    const record = findSession(id);
    if (!record) throw new FakeNotFoundError('checkout.session', id);
    if (record.session.status === 'expired') throw new FakeStateError(`Checkout Session ${id} has expired`);
    return record;
  }

  function klarnaIntent(id: string): PaymentIntent {
    const pi = intents.get(id);
    if (!pi) throw new FakeNotFoundError('payment_intent', id);
    if (pi.status === 'canceled') throw new FakeStateError(`PaymentIntent ${id} was canceled`);
    return pi;
  }

  return {
    createSession(params: Params): CheckoutSession {
      rejectUnknown(params, [
        'mode',
        'line_items',
        'customer_email',
        'success_url',
        'cancel_url',
        'metadata',
        'payment_intent_data',
        'expires_at',
        'locale',
        'client_reference_id',
        'payment_method_types',
        'allowed_payment_method_types',
        'submit_type',
        'billing_address_collection',
        'expand',
      ]);
      oneOf(requiredString(params, 'mode'), ['payment'], 'mode');
      const lineItems = lineItemsOf(params);
      const currency = lineItems[0]!.currency;
      if (lineItems.some((item) => item.currency !== currency)) {
        throw invalid('Line items must all have the same currency.', 'line_items');
      }
      const amount = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
      if (amount < MIN_AMOUNT) {
        throw invalid(
          `The Checkout Session's total amount due must add up to at least 0.50 ${currency}`,
          'line_items',
          'amount_too_small',
        );
      }
      const created = nowSeconds();
      const expiresAt = optionalInteger(params, 'expires_at') ?? created + MAX_SESSION_SECONDS;
      if (expiresAt < created + MIN_SESSION_SECONDS) {
        throw invalid(
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          'expires_at',
        );
      }
      if (expiresAt > created + MAX_SESSION_SECONDS) {
        throw invalid(
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
          'expires_at',
        );
      }
      const intentData = optionalObject(params, 'payment_intent_data') ?? {};
      rejectUnknown(intentData, ['metadata', 'description'], 'payment_intent_data');
      const id = options.newId?.('checkout.session') ?? stripeId('cs_test');
      const customerEmail = optionalString(params, 'customer_email') ?? null;
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: optionalString(params, 'cancel_url') ?? null,
        client_reference_id: optionalString(params, 'client_reference_id') ?? null,
        created,
        currency,
        customer_details: null,
        customer_email: customerEmail,
        expires_at: expiresAt,
        livemode: false,
        locale: optionalString(params, 'locale') ?? null,
        metadata: metadata(params),
        mode: 'payment',
        payment_intent: null,
        payment_method_types: optionalStringArray(params, 'allowed_payment_method_types') ??
          optionalStringArray(params, 'payment_method_types') ?? ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: optionalString(params, 'success_url') ?? null,
        url: options.hostedPageUrl('card', id),
      };
      sessions.set(id, {
        session,
        lineItems,
        intentData: {
          metadata: metadata(intentData, 'metadata', 'payment_intent_data[metadata]'),
          description: optionalString(intentData, 'description', 'payment_intent_data[description]') ?? null,
        },
        declined: false,
      });
      return session;
    },

    session: (id: string): CheckoutSession => sessionRecord(id).session,

    lineItems: (id: string): LineItem[] => sessionRecord(id).lineItems,

    expireSession(id: string): CheckoutSession {
      const record = sessionRecord(id);
      if (record.session.status !== 'open') {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`,
        );
      }
      expire(record);
      return record.session;
    },

    createIntent(params: Params): PaymentIntent {
      rejectUnknown(params, [
        'amount',
        'currency',
        'allowed_payment_method_types',
        'payment_method_types',
        'payment_method_options',
        'metadata',
        'description',
        'receipt_email',
        'expand',
      ]);
      const amount = requiredInteger(params, 'amount');
      const currency = currencyOf(params, 'currency');
      if (amount < MIN_AMOUNT) {
        throw invalid(`Amount must be at least 0.50 ${currency}`, 'amount', 'amount_too_small');
      }
      const pi = newPaymentIntent({
        id: options.newId?.('payment_intent'),
        amount,
        currency,
        created: nowSeconds(),
        metadata: metadata(params),
        payment_method_types: optionalStringArray(params, 'allowed_payment_method_types') ??
          optionalStringArray(params, 'payment_method_types') ?? ['card'],
        payment_method_options: optionalObject(params, 'payment_method_options'),
        description: optionalString(params, 'description'),
        receipt_email: optionalString(params, 'receipt_email'),
      });
      intents.set(pi.id, pi);
      return pi;
    },

    intent,

    charge(id: string): Charge {
      const found = charges.get(id);
      if (!found) throw noSuch('charge', id, 'charge');
      return found;
    },

    cancelIntent(id: string, params: Params): PaymentIntent {
      rejectUnknown(params, ['cancellation_reason', 'expand']);
      const reason = optionalString(params, 'cancellation_reason');
      if (reason !== undefined) oneOf(reason, CANCELLABLE, 'cancellation_reason');
      const pi = intent(id);
      if (intentSessions.has(id)) {
        throw invalid(
          'You cannot cancel this PaymentIntent because it was created by Checkout. Expire the Checkout Session instead.',
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      if (pi.status !== 'requires_payment_method') {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      Object.assign(pi, {
        status: 'canceled',
        canceled_at: nowSeconds(),
        cancellation_reason: reason ?? null,
      });
      emit('payment_intent.canceled', pi);
      return pi;
    },

    createRefund(params: Params): Refund {
      rejectUnknown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
      const piId = optionalString(params, 'payment_intent');
      const chargeId = optionalString(params, 'charge');
      if (!piId && !chargeId) throw missing('payment_intent');
      const charge = chargeId ? charges.get(chargeId) : charges.get(intent(piId!).latest_charge ?? '');
      if (!charge) {
        if (chargeId) throw noSuch('charge', chargeId, 'charge');
        throw invalid(
          `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
          'payment_intent',
        );
      }
      const reason = optionalString(params, 'reason');
      if (reason !== undefined) oneOf(reason, ['duplicate', 'fraudulent', 'requested_by_customer'], 'reason');
      const remaining = charge.amount - charge.amount_refunded;
      if (remaining === 0) {
        throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
      }
      const amount = optionalInteger(params, 'amount') ?? remaining;
      if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount');
      if (amount > remaining) {
        throw invalid(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
          'amount',
          'amount_too_large',
        );
      }
      const refund: Refund = {
        id: stripeId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        created: nowSeconds(),
        currency: charge.currency,
        metadata: metadata(params),
        payment_intent: charge.payment_intent,
        reason: reason ?? null,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      emit('charge.refunded', charge);
      emit('refund.created', refund);
      return refund;
    },

    refund(id: string): Refund {
      const found = refunds.get(id);
      if (!found) throw noSuch('refund', id, 'refund');
      return found;
    },

    /** GET /v1/refunds: newest first, filtered by charge or payment intent, a page after `starting_after`. */
    listRefunds(params: Params): { data: Refund[]; has_more: boolean } {
      rejectUnknown(params, ['charge', 'payment_intent', 'limit', 'starting_after', 'ending_before']);
      const chargeId = optionalString(params, 'charge');
      const piId = optionalString(params, 'payment_intent');
      const limit = optionalInteger(params, 'limit') ?? 10;
      if (limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100.', 'limit');
      const after = optionalString(params, 'starting_after');
      let all = [...refunds.values()]
        .filter((r) => (!chargeId || r.charge === chargeId) && (!piId || r.payment_intent === piId))
        .reverse();
      if (after !== undefined) {
        const at = all.findIndex((r) => r.id === after);
        if (at < 0) throw noSuch('refund', after, 'starting_after');
        all = all.slice(at + 1);
      }
      return { data: all.slice(0, limit), has_more: all.length > limit };
    },

    approve(kind: StripeHostedKind, id: string, klarnaCategory: KlarnaCategory): StripeDecision {
      if (kind === 'klarna') {
        const pi = klarnaIntent(id);
        if (pi.status !== 'succeeded') {
          const locale = (pi.payment_method_options.klarna as Params | undefined)?.preferred_locale;
          succeed(pi, {
            type: 'klarna',
            klarna: {
              payment_method_category: klarnaCategory,
              preferred_locale: typeof locale === 'string' ? locale : null,
            },
          });
        }
        return { redirect_url: null, payment_intent: pi };
      }
      const record = openSessionRecord(id);
      const { session } = record;
      const pi = sessionIntent(record);
      if (session.status === 'open') {
        succeed(pi, { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } });
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          url: null,
          customer_details: { email: session.customer_email },
        });
        record.declined = false;
        emit('checkout.session.completed', session);
      }
      return { redirect_url: fillSessionId(session.success_url, id), payment_intent: pi };
    },

    decline(kind: StripeHostedKind, id: string): StripeDecision {
      if (kind === 'klarna') {
        const pi = klarnaIntent(id);
        if (pi.status === 'succeeded') throw new FakeStateError(`PaymentIntent ${id} has already succeeded`);
        fail(pi, FAILED_KLARNA);
        return { redirect_url: null, payment_intent: pi };
      }
      const record = openSessionRecord(id);
      if (record.session.status === 'complete')
        throw new FakeStateError(`Checkout Session ${id} is already paid`);
      // A declined card leaves the session open: the buyer may try again until it expires.
      const pi = sessionIntent(record);
      fail(pi, DECLINED_CARD);
      record.declined = true;
      return { redirect_url: fillSessionId(record.session.cancel_url, id), payment_intent: pi };
    },

    view(kind: StripeHostedKind, id: string): FakePaymentView {
      if (kind === 'klarna') {
        const pi = intents.get(id);
        if (!pi) throw new FakeNotFoundError('payment_intent', id);
        const status = {
          succeeded: 'approved',
          canceled: 'expired',
          requires_payment_method: 'open',
        } as const;
        return {
          kind,
          id,
          status:
            pi.last_payment_error && pi.status === 'requires_payment_method' ? 'declined' : status[pi.status],
          amount: pi.amount,
          currency: pi.currency.toUpperCase(),
          customer_email: pi.receipt_email,
          lines: [],
          metadata: { ...pi.metadata },
        };
      }
      const record = findSession(id);
      if (!record) throw new FakeNotFoundError('checkout.session', id);
      const { session } = record;
      const status = {
        open: record.declined ? 'declined' : 'open',
        complete: 'approved',
        expired: 'expired',
      } as const;
      return {
        kind,
        id,
        status: status[session.status],
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
        customer_email: session.customer_email,
        lines: record.lineItems.map((item) => ({
          name: item.description,
          quantity: item.quantity,
          amount: item.amount_total,
        })),
        metadata: { ...session.metadata },
      };
    },

    /** Expires every open session whose expires_at has passed; answers their ids. */
    expireDue(): string[] {
      return [...sessions.keys()].filter((id) => {
        const before = sessions.get(id)!.session.status;
        return before === 'open' && findSession(id)!.session.status === 'expired';
      });
    },
  };
}

export type StripeState = ReturnType<typeof createStripeState>;
