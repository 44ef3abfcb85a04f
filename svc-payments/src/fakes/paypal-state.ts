import { FakeNotFoundError, FakeStateError, type FakePaymentView } from './fake-common';
import {
  fromCents,
  paypalId,
  toCents,
  type ExperienceContext,
  type Money,
  type PaypalCapture,
  type PaypalItem,
  type PaypalOrder,
  type PaypalRefund,
  type PurchaseUnit,
} from './paypal-objects';

interface Detail {
  field?: string;
  issue: string;
  description: string;
  location?: 'body' | 'path';
}

/** An error answered in PayPal's shape: `{name, message, debug_id, details: [{issue, ...}]}`. */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    name: string,
    message: string,
    readonly details: Detail[] = [],
  ) {
    super(message);
    this.name = name;
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      debug_id: paypalId(13).toLowerCase(),
      details: this.details,
    };
  }
}

export function invalidRequest(field: string, issue: string, description: string): PaypalApiError {
  return new PaypalApiError(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    [{ field, issue, description, location: 'body' }],
  );
}

function unprocessable(issue: string, description: string, field?: string): PaypalApiError {
  return new PaypalApiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ ...(field ? { field, location: 'body' as const } : {}), issue, description }],
  );
}

function notFound(): PaypalApiError {
  return new PaypalApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      location: 'path',
    },
  ]);
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(field, 'INVALID_PARAMETER_SYNTAX', 'Must be a string.');
  return value;
}

function money(value: unknown, field: string): { money: Money; cents: number } {
  if (!isObject(value))
    throw invalidRequest(field, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
  const { currency_code: currency, value: amount } = value;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw invalidRequest(`${field}/currency_code`, 'INVALID_PARAMETER_VALUE', 'Currency code is invalid.');
  }
  const cents = typeof amount === 'string' ? toCents(amount) : null;
  if (cents === null) {
    throw invalidRequest(
      `${field}/value`,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    );
  }
  return { money: { currency_code: currency, value: amount as string }, cents };
}

const ADDED = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'] as const;
const SUBTRACTED = ['shipping_discount', 'discount'] as const;

/** Validates a purchase unit as PayPal does, totals included. */
function purchaseUnit(raw: unknown, index: number): PurchaseUnit {
  const field = `/purchase_units/${index}`;
  if (!isObject(raw)) throw invalidRequest(field, 'INVALID_PARAMETER_SYNTAX', 'Must be an object.');
  const amount = money(raw.amount, `${field}/amount`);
  const currency = amount.money.currency_code;
  const sameCurrency = (m: { money: Money; cents: number }, at: string) => {
    if (m.money.currency_code !== currency) {
      throw unprocessable('CURRENCY_MISMATCH', 'Should have same currency code across all amounts.', at);
    }
    return m;
  };

  const breakdown: Record<string, Money> = {};
  const breakdownCents: Record<string, number> = {};
  if (raw.amount && isObject((raw.amount as Json).breakdown)) {
    for (const [key, value] of Object.entries((raw.amount as Json).breakdown as Json)) {
      const at = `${field}/amount/breakdown/${key}`;
      if (![...ADDED, ...SUBTRACTED].includes(key as never)) {
        throw invalidRequest(at, 'INVALID_PARAMETER_SYNTAX', 'Unknown breakdown field.');
      }
      const part = sameCurrency(money(value, at), at);
      breakdown[key] = part.money;
      breakdownCents[key] = part.cents;
    }
  }

  let items: PaypalItem[] | undefined;
  if (raw.items !== undefined) {
    if (!Array.isArray(raw.items))
      throw invalidRequest(`${field}/items`, 'INVALID_PARAMETER_SYNTAX', 'Must be an array.');
    let itemsCents = 0;
    items = raw.items.map((item: unknown, i) => {
      const at = `${field}/items/${i}`;
      if (!isObject(item)) throw invalidRequest(at, 'INVALID_PARAMETER_SYNTAX', 'Must be an object.');
      if (typeof item.name !== 'string' || item.name === '') {
        throw invalidRequest(`${at}/name`, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      }
      if (typeof item.quantity !== 'string' || !/^[1-9]\d{0,9}$/.test(item.quantity)) {
        throw invalidRequest(
          `${at}/quantity`,
          'INVALID_PARAMETER_SYNTAX',
          'Must be a positive whole number as a string.',
        );
      }
      const unit = sameCurrency(money(item.unit_amount, `${at}/unit_amount`), `${at}/unit_amount`);
      itemsCents += unit.cents * Number(item.quantity);
      return { ...item, name: item.name, quantity: item.quantity, unit_amount: unit.money };
    });
    if (breakdownCents.item_total === undefined) {
      throw unprocessable(
        'ITEM_TOTAL_REQUIRED',
        'If item details are specified, item_total is required.',
        `${field}/amount/breakdown/item_total`,
      );
    }
    if (breakdownCents.item_total !== itemsCents) {
      throw unprocessable(
        'ITEM_TOTAL_MISMATCH',
        'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
        `${field}/amount/breakdown/item_total/value`,
      );
    }
  }
  if (Object.keys(breakdown).length > 0) {
    const sum = (keys: readonly string[]) =>
      keys.reduce((total, key) => total + (breakdownCents[key] ?? 0), 0);
    if (amount.cents !== sum(ADDED) - sum(SUBTRACTED)) {
      throw unprocessable(
        'AMOUNT_MISMATCH',
        'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
        `${field}/amount/value`,
      );
    }
  }

  const unit: PurchaseUnit = {
    reference_id: optionalText(raw.reference_id, `${field}/reference_id`) ?? 'default',
    amount: { ...amount.money, ...(Object.keys(breakdown).length > 0 ? { breakdown } : {}) },
  };
  for (const key of ['custom_id', 'invoice_id', 'description'] as const) {
    const value = optionalText(raw[key], `${field}/${key}`);
    if (value !== undefined) unit[key] = value;
  }
  if (items) unit.items = items;
  if (raw.shipping !== undefined) unit.shipping = raw.shipping;
  return unit;
}

export interface PaypalDecision {
  /** return_url with `token` and `PayerID` (approve), cancel_url with `token` (decline); null without those URLs. */
  redirect_url: string | null;
  order: PaypalOrder;
}

interface OrderRecord {
  order: PaypalOrder;
  context: ExperienceContext;
  declined: boolean;
}

function withQuery(url: string | undefined, query: Record<string, string>): string | null {
  if (!url) return null;
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

/** Orders, captures and refunds; every change PayPal announces by webhook is passed to `emit`. */
export function createPaypalState(options: {
  now: () => Date;
  /** A chosen id for the next order (tests' fixed ids); undefined for a random one. */
  newId?: (object: 'order') => string | undefined;
  emit: (eventType: string, resource: PaypalOrder | PaypalCapture | PaypalRefund, summary: string) => void;
}) {
  const { emit } = options;
  const orders = new Map<string, OrderRecord>();
  const captures = new Map<string, { capture: PaypalCapture; refundedCents: number }>();
  const timestamp = () =>
    options
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');

  function record(id: string): OrderRecord {
    const found = orders.get(id);
    if (!found) throw notFound();
    return found;
  }

  function decidable(id: string): OrderRecord {
    const found = orders.get(id);
    if (!found) throw new FakeNotFoundError('order', id);
    return found;
  }

  return {
    createOrder(body: unknown): PaypalOrder {
      if (!isObject(body))
        throw invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      if (body.intent !== 'CAPTURE') {
        throw invalidRequest(
          '/intent',
          'INVALID_PARAMETER_VALUE',
          'The value of a field is invalid (the fake supports CAPTURE).',
        );
      }
      if (
        !Array.isArray(body.purchase_units) ||
        body.purchase_units.length < 1 ||
        body.purchase_units.length > 10
      ) {
        throw invalidRequest(
          '/purchase_units',
          'MISSING_REQUIRED_PARAMETER',
          'One to ten purchase units are required.',
        );
      }
      const units = body.purchase_units.map(purchaseUnit);
      const paypal =
        isObject(body.payment_source) && isObject(body.payment_source.paypal)
          ? body.payment_source.paypal
          : undefined;
      const context =
        (isObject(paypal?.experience_context) && paypal.experience_context) ||
        (isObject(body.application_context) && body.application_context) ||
        {};
      for (const key of ['return_url', 'cancel_url'] as const) {
        const url = optionalText(context[key], `/payment_source/paypal/experience_context/${key}`);
        if (url !== undefined && !URL.canParse(url)) {
          throw invalidRequest(
            `/payment_source/paypal/experience_context/${key}`,
            'INVALID_PARAMETER_SYNTAX',
            'Must be a URL.',
          );
        }
      }
      const now = timestamp();
      const order: PaypalOrder = {
        id: options.newId?.('order') ?? paypalId(),
        intent: 'CAPTURE',
        status: paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        purchase_units: units,
        ...(paypal ? { payment_source: { paypal: {} } } : {}),
        create_time: now,
        update_time: now,
      };
      orders.set(order.id, { order, context: context as ExperienceContext, declined: false });
      return order;
    },

    order: (id: string): PaypalOrder => record(id).order,

    capture(id: string): PaypalOrder {
      const found = record(id);
      const { order } = found;
      if (order.status === 'COMPLETED') {
        throw unprocessable(
          'ORDER_ALREADY_CAPTURED',
          "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      }
      if (order.status !== 'APPROVED' && !found.declined) {
        throw unprocessable(
          'ORDER_NOT_APPROVED',
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        );
      }
      const now = timestamp();
      for (const unit of order.purchase_units) {
        const capture: PaypalCapture = {
          id: paypalId(),
          status: found.declined ? 'DECLINED' : 'COMPLETED',
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
          final_capture: true,
          ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
          ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
          seller_protection: { status: 'ELIGIBLE' },
          supplementary_data: { related_ids: { order_id: order.id } },
          create_time: now,
          update_time: now,
        };
        unit.payments = { captures: [capture] };
        captures.set(capture.id, { capture, refundedCents: 0 });
        if (capture.status === 'COMPLETED') {
          emit('PAYMENT.CAPTURE.COMPLETED', capture, `Payment completed for EUR ${capture.amount.value}`);
        } else {
          emit('PAYMENT.CAPTURE.DECLINED', capture, `Payment declined for EUR ${capture.amount.value}`);
        }
      }
      Object.assign(order, { status: 'COMPLETED', update_time: now });
      return order;
    },

    refund(captureId: string, body: unknown): PaypalRefund {
      const found = captures.get(captureId);
      if (!found) throw notFound();
      const { capture } = found;
      if (capture.status === 'DECLINED') {
        throw unprocessable('REFUND_NOT_ALLOWED', 'A declined capture cannot be refunded.');
      }
      if (capture.status === 'REFUNDED') {
        throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
      }
      const request = isObject(body) ? body : {};
      const remaining = (toCents(capture.amount.value) ?? 0) - found.refundedCents;
      const asked = request.amount === undefined ? undefined : money(request.amount, '/amount');
      if (asked && asked.money.currency_code !== capture.amount.currency_code) {
        throw unprocessable(
          'CURRENCY_MISMATCH',
          'Refund must be in the currency of the capture.',
          '/amount/currency_code',
        );
      }
      const cents = asked?.cents ?? remaining;
      if (cents > remaining || cents <= 0) {
        throw unprocessable(
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      }
      const now = timestamp();
      const note = optionalText(request.note_to_payer, '/note_to_payer');
      const refund: PaypalRefund = {
        id: paypalId(),
        status: 'COMPLETED',
        amount: { currency_code: capture.amount.currency_code, value: fromCents(cents) },
        ...(capture.custom_id !== undefined ? { custom_id: capture.custom_id } : {}),
        ...(capture.invoice_id !== undefined ? { invoice_id: capture.invoice_id } : {}),
        ...(note !== undefined ? { note_to_payer: note } : {}),
        capture_id: capture.id,
        seller_payable_breakdown: {
          total_refunded_amount: {
            currency_code: capture.amount.currency_code,
            value: fromCents(found.refundedCents + cents),
          },
        },
        create_time: now,
        update_time: now,
      };
      found.refundedCents += cents;
      Object.assign(capture, {
        status: cents === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
        update_time: now,
      });
      emit('PAYMENT.CAPTURE.REFUNDED', refund, `A EUR ${refund.amount.value} payment was refunded`);
      return refund;
    },

    approve(id: string): PaypalDecision {
      const found = decidable(id);
      const { order } = found;
      if (found.declined) throw new FakeStateError(`Order ${id} was declined`);
      if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
        const payer = {
          payer_id: paypalId(13),
          email_address: 'buyer@example.com',
          name: { given_name: 'Demo', surname: 'Buyer' },
          address: { country_code: 'IT' },
        };
        Object.assign(order, {
          status: 'APPROVED',
          payer,
          payment_source: {
            paypal: { account_id: payer.payer_id, email_address: payer.email_address, name: payer.name },
          },
          update_time: timestamp(),
        });
        emit('CHECKOUT.ORDER.APPROVED', order, 'An order has been approved by buyer');
      }
      return {
        redirect_url: withQuery(found.context.return_url, { token: id, PayerID: order.payer!.payer_id }),
        order,
      };
    },

    decline(id: string): PaypalDecision {
      const found = decidable(id);
      if (found.order.status === 'APPROVED' || found.order.status === 'COMPLETED') {
        throw new FakeStateError(`Order ${id} was already approved`);
      }
      // The buyer's PayPal payment could not be made: PayPal sends them to cancel_url and a capture is declined.
      found.declined = true;
      return { redirect_url: withQuery(found.context.cancel_url, { token: id }), order: found.order };
    },

    view(id: string): FakePaymentView {
      const { order, declined } = decidable(id);
      const [first] = order.purchase_units;
      const status = {
        CREATED: 'open',
        PAYER_ACTION_REQUIRED: 'open',
        APPROVED: 'approved',
        COMPLETED: 'approved',
      } as const;
      const cents = (value: string) => toCents(value) ?? 0;
      return {
        kind: 'paypal',
        id,
        status: declined ? 'declined' : status[order.status],
        amount: order.purchase_units.reduce((sum, unit) => sum + cents(unit.amount.value), 0),
        currency: first!.amount.currency_code,
        customer_email: order.payer?.email_address ?? null,
        // PayPal's page lists the items and, under them, the breakdown's shipping (as the card page's line does).
        lines: order.purchase_units.flatMap((unit) => {
          const shipping = unit.amount.breakdown?.shipping;
          return [
            ...(unit.items ?? []).map((item) => ({
              name: item.name,
              quantity: Number(item.quantity),
              amount: cents(item.unit_amount.value) * Number(item.quantity),
            })),
            ...(shipping && cents(shipping.value) > 0
              ? [{ name: 'Spedizione', quantity: 1, amount: cents(shipping.value) }]
              : []),
          ];
        }),
        metadata: Object.fromEntries(
          (['reference_id', 'custom_id', 'invoice_id'] as const).flatMap((key) =>
            first![key] !== undefined ? [[key, first![key]!]] : [],
          ),
        ),
      };
    },
  };
}

export type PaypalState = ReturnType<typeof createPaypalState>;
