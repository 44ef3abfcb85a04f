import { z } from 'zod';
import { Email } from './customers';
import { CartZone } from './shipping';
import {
  CreateOrderRequest,
  CreateOrderRequestFields,
  CustomerInfoFields,
  InvoiceDataInput,
  optionalText,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  requireInvoiceCap,
  withPostcodeRule,
} from './orders';
import { OrderCreatedLine } from './events';
import { PaymentMethodMode, PaymentsMode, PaymentState } from './payment-kinds';
import { singleLine } from './text';

export * from './payment-kinds';

/**
 * Payments (docs/product/orders-and-payments.md#payment-methods,
 * docs/product/orders-and-payments.md#providers, docs/product/cart-and-checkout.md#messages). The server
 * decides every amount: what the browser sends as an amount is at most checked, never charged.
 *
 * Idempotency: every call that creates something (an order, a session, an intent, a capture) takes an
 * `Idempotency-Key` header (the checkout sends one per attempt): the same key answers the same order and
 * the same provider object, so a double click or a retried request pays once.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The value of an Idempotency-Key header: the checkout sends a random UUID per attempt; any printable ASCII text
 * of 1 to 100 characters (after trimming) is accepted.
 */
export const IdempotencyKey = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key non può essere vuota')
  .max(100, 'Idempotency-Key può avere al massimo 100 caratteri')
  .regex(/^[\x20-\x7E]+$/, 'Idempotency-Key può contenere solo caratteri stampabili');

/** shipping_address of POST /checkout/session and POST /paypal/create-order (PayPal adds `name`). */
export const ShippingAddress = withPostcodeRule(
  CustomerInfoFields.pick({
    phone: true,
    address: true,
    city: true,
    zipCode: true,
    notes: true,
    country: true,
  }).extend({ name: optionalText(200, 'Il nome') }),
);
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/**
 * POST /checkout/session and POST /paypal/create-order (docs/product/http-routes.md#svc-payments): the cart
 * and the buyer; the server creates
 * the pending order (same pricing and stock reservation as POST /orders), then the provider's object for the
 * order's own total. `total_amount`, when sent, is checked like POST /orders' (422 TOTAL_MISMATCH_DETAIL).
 */
export const OnlineCheckoutRequest = z
  .object({
    items: CreateOrderRequest.shape.items,
    customer_email: Email,
    customer_name: CustomerInfoFields.shape.name,
    shipping_address: ShippingAddress,
    invoice_data: InvoiceDataInput.optional().nullable(),
    shipping_zone: CartZone.optional().nullable(),
    total_amount: z.number('Il totale deve essere un numero').nonnegative().optional().nullable(),
    /** The visitor's language: the order's e-mails are written in it. */
    language: CreateOrderRequest.shape.language,
    /** A discount code, passed to the order (docs/product/cart-and-checkout.md#discount-codes). */
    discount_code: CreateOrderRequestFields.shape.discount_code,
    /** A gift card's code: it pays part or all of the total (docs/product/cart-and-checkout.md#gift-cards). */
    gift_card_code: CreateOrderRequestFields.shape.gift_card_code,
  })
  .superRefine((request, ctx) =>
    requireInvoiceCap(
      {
        invoice_data: request.invoice_data,
        zipCode: request.shipping_address.zipCode,
        country: request.shipping_address.country,
        shipping_zone: request.shipping_zone,
      },
      ctx,
      ['shipping_address', 'zipCode'],
    ),
  );
export type OnlineCheckoutRequest = z.infer<typeof OnlineCheckoutRequest>;

/** 200 of POST /checkout/session: the browser navigates to `url` (the provider's page, or the shop's demo page). */
/** A card checkout session in a path. */
export const CheckoutSessionParams = z.object({
  id: z.string().trim().min(1, 'Sessione mancante').max(255, 'Sessione non valida'),
});

export const CheckoutSessionResponse = z.object({
  url: z.string().min(1),
  session_id: z.string(),
  order_id: z.string(),
  order_reference: z.string(),
  total_amount: z.number(),
  demo: z.boolean(),
  /** The order's cancel token (POST /orders/{order_id}/cancel), kept by the checkout; null on a repeat. */
  cancel_token: z.string().nullable(),
});
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponse>;

/**
 * GET /checkout/session/{session_id} (what /checkout/success polls) and POST /checkout/session/{session_id}/cancel
 * (what /checkout/cancelled calls: the session is expired and the order cancelled unless it was paid).
 */
export const CheckoutSessionStatus = z.object({
  session_id: z.string(),
  order_id: z.string(),
  order_reference: z.string(),
  total_amount: z.number(),
  status: PaymentState,
});
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatus>;

/** Defaults of docs/product/constants.md#klarna-defaults for a Klarna billing address. */
export const KLARNA_DEFAULTS = {
  line1: 'Via non specificata',
  city: 'Città non specificata',
  postal_code: '00000',
  customer_name: 'Cliente',
} as const;

const withDefault = (fallback: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v : fallback),
    singleLine().trim().max(max),
  );

/**
 * POST /payments/klarna/create-intent (docs/product/records.md#klarna-order). The order exists already (POST
 * /orders with
 * payment_method klarna or klarna-now); `amount` and `line_items` are the browser's view and are not charged:
 * the intent is for the order's own total.
 */
export const KlarnaIntentRequest = z.object({
  order_id: z.uuid({ message: 'Identificativo ordine non valido' }),
  amount: z.number('Importo non valido').nonnegative('Importo non valido').optional(),
  currency: z
    .preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.literal('EUR'))
    .default('EUR'),
  customer_email: Email,
  customer_name: withDefault(KLARNA_DEFAULTS.customer_name, 200),
  billing_address: z
    .object({
      line1: withDefault(KLARNA_DEFAULTS.line1, 300),
      line2: singleLine().trim().max(300).optional().nullable(),
      city: withDefault(KLARNA_DEFAULTS.city, 100),
      postal_code: withDefault(KLARNA_DEFAULTS.postal_code, 20),
      country: z.literal('IT').default('IT'),
      state: singleLine().trim().max(100).optional().nullable(),
    })
    .default({
      line1: KLARNA_DEFAULTS.line1,
      city: KLARNA_DEFAULTS.city,
      postal_code: KLARNA_DEFAULTS.postal_code,
      country: 'IT',
    }),
  line_items: z
    .array(
      z.object({
        name: z.string().max(300),
        quantity: z.number().int().positive(),
        unit_amount: z.number().int().nonnegative(),
      }),
    )
    .max(200)
    .optional(),
});
export type KlarnaIntentRequest = z.infer<typeof KlarnaIntentRequest>;

/**
 * 200 of POST /payments/klarna/create-intent. Live: the browser confirms with Stripe.js
 * (confirmKlarnaPayment) and Klarna returns to /payment-success. Demo: `demo_url` is the shop's own Klarna page.
 */
export const KlarnaIntentResponse = z.object({
  client_secret: z.string(),
  payment_intent_id: z.string(),
  order_id: z.string(),
  order_reference: z.string(),
  amount: z.number(),
  demo: z.boolean(),
  demo_url: z.string().nullable(),
});
export type KlarnaIntentResponse = z.infer<typeof KlarnaIntentResponse>;

/** POST /payments/klarna/verify: what /payment-success sends from Klarna's return address. */
export const KlarnaVerifyRequest = z.object({
  payment_intent_id: z
    .string()
    .trim()
    .min(1, 'Parametri di pagamento mancanti. Contattaci per assistenza.')
    .max(255),
  client_secret: z
    .string()
    .trim()
    .min(1, 'Parametri di pagamento mancanti. Contattaci per assistenza.')
    .max(255),
});
/**
 * Its answer: the intent's status as the provider says it
 * (docs/product/cart-and-checkout.md#klarna-return-page), checked on the server.
 */
export const KlarnaVerifyResponse = z.object({
  payment_intent_id: z.string(),
  intent_status: z.string(),
  status: PaymentState,
  order_id: z.string(),
  order_reference: z.string(),
  total_amount: z.number(),
});
export type KlarnaVerifyResponse = z.infer<typeof KlarnaVerifyResponse>;

/**
 * 200 of POST /paypal/create-order: `order_id` is PayPal's order id
 * (docs/product/http-routes.md#svc-payments). The browser sends the buyer to
 * `approve_url` (PayPal's payer-action page, or the shop's demo page); PayPal returns to
 * /checkout/success?provider=paypal&token={order_id}, which captures.
 */
export const PaypalCreateOrderResponse = z.object({
  order_id: z.string(),
  shop_order_id: z.string(),
  order_reference: z.string(),
  total_amount: z.number(),
  approve_url: z.string(),
  demo: z.boolean(),
  /** The shop order's cancel token (POST /orders/{shop_order_id}/cancel), kept by the checkout; null on a repeat. */
  cancel_token: z.string().nullable(),
});
export type PaypalCreateOrderResponse = z.infer<typeof PaypalCreateOrderResponse>;

export const PaypalCaptureRequest = z.object({
  order_id: z.string().trim().min(1, 'Ordine PayPal mancante').max(64),
});
/**
 * `payment_status` is `paid` only when PayPal's capture completed
 * (docs/product/orders-and-payments.md#paypal-payment).
 */
export const PaypalCaptureResponse = z.object({
  payment_status: PaymentState,
  order_id: z.string(),
  shop_order_id: z.string(),
  order_reference: z.string(),
  total_amount: z.number(),
});
export type PaypalCaptureResponse = z.infer<typeof PaypalCaptureResponse>;

/**
 * GET /payments/config: the payments mode, each method's state (the checkout offers only the methods not `off`, and
 * shows its demo notice only for `demo` ones), which providers run in demo mode, and the public keys only.
 */
export const PaymentsConfig = z.object({
  mode: PaymentsMode,
  methods: z.object({
    card: PaymentMethodMode,
    klarna: PaymentMethodMode,
    paypal: PaymentMethodMode,
    transfer: z.literal('live'),
  }),
  stripe: z.object({ demo: z.boolean(), publishable_key: z.string().nullable() }),
  paypal: z.object({ demo: z.boolean(), client_id: z.string().nullable() }),
  /** Minutes an online payment may take before its order is cancelled and the stock released. */
  timeout_minutes: z.number().int().positive(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** The demo payment page's kinds: the shop's stand-in for Stripe Checkout, Klarna and PayPal. */
export const DemoPaymentKind = z.enum(['card', 'klarna', 'paypal']);

/** A demo payment page: the kind of payment and the provider's object id. */
export const DemoPaymentParams = z.object({
  kind: DemoPaymentKind,
  id: z.string().trim().min(1).max(255),
});
export type DemoPaymentKind = z.infer<typeof DemoPaymentKind>;

/** GET /payments/demo/{kind}/{id}: what the demo page shows (404 when that provider is live). */
export const DemoPaymentView = z.object({
  kind: DemoPaymentKind,
  id: z.string(),
  order_reference: z.string(),
  customer_email: z.string().nullable(),
  amount: z.number(),
  currency: z.literal('EUR'),
  /** open: waiting for the buyer; otherwise already decided (the page then only links back). */
  status: z.enum(['open', 'approved', 'declined', 'expired']),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), amount: z.number() })),
});
export type DemoPaymentView = z.infer<typeof DemoPaymentView>;

/** POST /payments/demo/{kind}/{id}/approve|decline → where the browser goes next (as the provider would send it). */
export const DemoPaymentDecision = z.object({ redirect_url: z.string() });
export type DemoPaymentDecision = z.infer<typeof DemoPaymentDecision>;

/**
 * Klarna pay in 3 (docs/product/constants.md#klarna-defaults): three equal instalments today, +30 and +60
 * days, no interest.
 */
export function klarnaSchedule(totalCents: number, today: Date = new Date()) {
  const base = Math.floor(totalCents / 3);
  const rest = totalCents - base * 3;
  return [0, 30, 60].map((days, i) => {
    const due = new Date(today);
    due.setDate(due.getDate() + days);
    // The cents that do not divide go on the first instalment.
    return { due, cents: base + (i === 0 ? rest : 0) };
  });
}

// ---- svc-orders internal API, called by svc-payments ----

/**
 * POST /internal/orders: a pending order for an online payment, created with the id the caller chose, so
 * that a retry answers the same order (idempotent by order_id). total_amount is optional here (the card and
 * PayPal calls carry none); customer_id is the logged-in customer the caller verified, if any.
 */
export const InternalCreateOrderRequest = CreateOrderRequestFields.extend({
  order_id: z.uuid(),
  total_amount: z.number().nonnegative().optional().nullable(),
  customer_id: z.uuid().optional().nullable(),
  /** The buyer's address as svc-payments saw it: order creation is limited per address. */
  client_address: z.string().min(1).max(100),
}).superRefine((request, ctx) =>
  requireInvoiceCap(
    {
      invoice_data: request.invoice_data,
      zipCode: request.customer_info.zipCode,
      country: request.customer_info.country,
      shipping_zone: request.shipping_zone,
    },
    ctx,
    ['customer_info', 'zipCode'],
  ),
);
export type InternalCreateOrderRequest = z.infer<typeof InternalCreateOrderRequest>;

/** GET /internal/orders/{id} and the answer of POST /internal/orders: the order as the payment needs it, in cents. */
export const InternalOrder = z.object({
  order_id: z.string(),
  order_reference: z.string(),
  status: OrderStatus,
  payment_method: PaymentMethod,
  payment_status: PaymentStatus,
  customer_email: z.string(),
  customer_name: z.string(),
  items: z.array(OrderCreatedLine),
  subtotal_cents: z.number().int().nonnegative(),
  shipping_cents: z.number().int().nonnegative(),
  total_cents: z.number().int().nonnegative(),
  /**
   * What a payment of the order takes now when it is not the total: a pre-order's deposit, then its balance
   * (docs/decisions/0066); absent: the total.
   */
  amount_due_cents: z.number().int().nonnegative().optional(),
  amount_due_kind: z.enum(['deposit', 'balance']).optional(),
  /** What the order's discount code took off (total_cents is already net of it); absent: none. */
  discount_cents: z.number().int().nonnegative().optional(),
  /** What a gift card paid: the provider is asked for total_cents − gift_card_cents (0: the order is paid). */
  gift_card_cents: z.number().int().nonnegative().default(0),
  created_at: z.string(),
  payment_due_at: z.string().nullable(),
  /** What the browser needs to cancel the order while unpaid (svc-payments passes it through to the browser). */
  cancel_token: z.string(),
});
export type InternalOrder = z.infer<typeof InternalOrder>;

/** POST /internal/orders/{id}/expire-payments (svc-orders → svc-payments): open attempts expired at the provider. */
export const InternalPaymentExpiry = z.object({
  /** True when a payment of the order took money (the order must not be cancelled as unpaid). */
  paid: z.boolean(),
});
export type InternalPaymentExpiry = z.infer<typeof InternalPaymentExpiry>;
