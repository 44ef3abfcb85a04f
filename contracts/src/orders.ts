import { z } from 'zod';
import { DiscountCode } from './discounts';
import { GiftCardCode } from './gift-cards';
import { OrderDeposit } from './presales';
import { CartZone, CountryCode } from './shipping';
import { CodiceFiscale, CodiceFiscaleAzienda, Email, PartitaIva, Pec, Sdi } from './customers';
import { ORDER_STATUS_LABELS, OrderStatus, PAYMENT_ORDER_MOVES, PaymentStatus } from './order-status';
import { RefundReason } from './payment-kinds';
import { singleLine } from './text';
import { CustomerLanguage } from './language';

export { ORDER_STATUS_LABELS, OrderStatus, PAYMENT_ORDER_MOVES, PaymentStatus };

export const OrderLine = z.object({ article_id: z.string(), quantity: z.number().int().positive() });
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * The staff moves of docs/product/orders-and-payments.md#transitions (and the only ones the server accepts):
 * from → allowed targets.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  paid: ['confirmed', 'shipped', 'cancelled'],
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * The moves of ORDER_TRANSITIONS that need the order's money in (payment_status `paid`), whatever the method: an
 * online order is confirmed only once paid, and a bank-transfer order once staff recorded the transfer
 * (PUT /api/orders/{id}/payment, which makes it `paid`). The back office reads this to disable the button.
 */
export const MOVES_NEEDING_PAYMENT: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed'],
};

/** The 409 detail of a move that needs a paid order. */
export const PAYMENT_REQUIRED_DETAIL =
  "L'ordine non è ancora pagato: si può confermare solo dopo il pagamento";

/** Why a staff move is refused: `not_allowed` (not in the table), `needs_payment`, or null when it may be made. */
export function orderMoveBlocker(
  order: { status: OrderStatus; payment_status: PaymentStatus },
  to: OrderStatus,
): 'not_allowed' | 'needs_payment' | null {
  if (!canMoveOrder(order.status, to)) return 'not_allowed';
  const needsPayment = MOVES_NEEDING_PAYMENT[order.status]?.includes(to) ?? false;
  return needsPayment && order.payment_status !== 'paid' ? 'needs_payment' : null;
}

/** At most this many lines in one order, and this many units of one article (422 beyond). */
export const ORDER_MAX_LINES = 30;
export const ORDER_MAX_UNITS_PER_LINE = 50;
export const TOO_MANY_LINES_DETAIL = `Un ordine può avere al massimo ${ORDER_MAX_LINES} righe`;
export const TOO_MANY_UNITS_DETAIL = `Si possono ordinare al massimo ${ORDER_MAX_UNITS_PER_LINE} pezzi per articolo`;

/**
 * Payment methods (docs/product/orders-and-payments.md#payment-methods). Card ('stripe' is its other name),
 * PayPal and Klarna are paid online through svc-payments.
 */
export const PaymentMethod = z.enum(
  ['transfer', 'card', 'stripe', 'paypal', 'klarna', 'klarna-now'],
  'Metodo di pagamento non valido',
);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** A required text field with the form's Italian messages (shared by the order and payment requests). */
export const requiredText = (label: string, max: number) =>
  singleLine(`${label} è obbligatorio`)
    .trim()
    .min(1, `${label} è obbligatorio`)
    .max(max, `${label} può avere al massimo ${max} caratteri`);

/** An optional text field: absent or null is null. Multi-line unless `line`. */
export const optionalText = (max: number, label: string, { line = false } = {}) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? null : v),
    (line ? singleLine() : z.string())
      .trim()
      .max(max, `${label} può avere al massimo ${max} caratteri`)
      .nullable(),
  );

/**
 * Countries with no postcode system (docs/product/cart-and-checkout.md#postcode): the postcode is optional
 * there, and required everywhere else. Of the countries the checkout offers only the United Arab Emirates
 * have none (Ireland has had its Eircode since 2015); Hong Kong is listed for orders made through the API.
 */
export const COUNTRIES_WITHOUT_POSTCODE: readonly string[] = ['AE', 'HK'];
export const POSTCODE_REQUIRED_DETAIL = 'Il CAP è obbligatorio';
export const ITALIAN_POSTCODE_DETAIL = 'Il CAP deve essere di 5 cifre';
export const POSTCODE_MAX_LENGTH = 20;

/**
 * Why a shipping postcode is refused, or null: required unless the country has none, 5 digits in Italy. An
 * order without a country ships to Italy when its zone is national, abroad otherwise: only the presence is
 * checked then.
 */
export function postcodeProblem(
  country: string | null | undefined,
  zipCode: string | null | undefined,
): string | null {
  const code = country?.trim().toUpperCase() || null;
  const zip = zipCode?.trim() ?? '';
  if (code && COUNTRIES_WITHOUT_POSTCODE.includes(code)) return null;
  if (!zip) return POSTCODE_REQUIRED_DETAIL;
  if (code === 'IT' && !/^\d{5}$/.test(zip)) return ITALIAN_POSTCODE_DETAIL;
  return null;
}

/** The fields of customer_info, their messages and limits (the checkout form reads MAX_LENGTH from them). */
export const CUSTOMER_INFO_LIMITS = {
  name: 200,
  phone: 30,
  address: 300,
  city: 100,
  zipCode: POSTCODE_MAX_LENGTH,
  notes: 1000,
} as const;

/** The fields of customer_info, without the postcode rule (shipping_address of the payments picks from them). */
export const CustomerInfoFields = z.object(
  {
    name: requiredText('Il nome completo', CUSTOMER_INFO_LIMITS.name),
    email: Email,
    phone: requiredText('Il telefono', CUSTOMER_INFO_LIMITS.phone),
    address: requiredText("L'indirizzo di spedizione", CUSTOMER_INFO_LIMITS.address),
    city: requiredText('La città', CUSTOMER_INFO_LIMITS.city),
    zipCode: optionalText(CUSTOMER_INFO_LIMITS.zipCode, 'Il CAP', { line: true }),
    notes: optionalText(CUSTOMER_INFO_LIMITS.notes, 'Le note'),
    /** ISO country of the shipping address; when absent the order's shipping_zone decides (default IT). */
    country: z.preprocess((v) => (v === '' || v === null ? undefined : v), CountryCode.optional()),
  },
  'I dati del cliente sono obbligatori',
);

/** Adds postcodeProblem to a schema holding zipCode and country (customer_info, shipping_address). */
export function withPostcodeRule<S extends z.ZodType<{ zipCode: string | null; country?: string }>>(
  schema: S,
) {
  return schema.superRefine((info, ctx) => {
    const problem = postcodeProblem(info.country, info.zipCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: problem });
  });
}

/** customer_info of POST /orders (docs/product/cart-and-checkout.md#details-form). */
export const CustomerInfo = withPostcodeRule(CustomerInfoFields);
export type CustomerInfo = z.infer<typeof CustomerInfo>;

const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/**
 * invoice_data of POST /orders (docs/product/records.md#invoice-data,
 * docs/product/cart-and-checkout.md#invoice-section). invoice_issued, invoice_number and invoice_date belong
 * to the staff (the invoice step) and are ignored when a shopper sends them.
 */
export const InvoiceDataInput = z
  .object({
    requires_invoice: z.boolean('requires_invoice deve essere vero o falso').default(false),
    invoice_type: z
      .enum(['privato', 'azienda'], 'Il tipo di fattura deve essere privato o azienda')
      .default('privato'),
    codice_fiscale: z.preprocess(blankToNull, CodiceFiscale.nullable()),
    ragione_sociale: z.preprocess(
      blankToNull,
      singleLine().trim().max(200, 'La ragione sociale può avere al massimo 200 caratteri').nullable(),
    ),
    piva: z.preprocess(blankToNull, PartitaIva.nullable()),
    codice_fiscale_azienda: z.preprocess(blankToNull, CodiceFiscaleAzienda.nullable()),
    pec: z.preprocess(blankToNull, Pec.nullable()),
    sdi: z.preprocess(blankToNull, Sdi.nullable()),
  })
  .superRefine((data, ctx) => {
    if (!data.requires_invoice) return;
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (data.invoice_type === 'privato' && !data.codice_fiscale)
      need('codice_fiscale', 'Il codice fiscale è obbligatorio per la fattura');
    if (data.invoice_type === 'azienda') {
      if (!data.ragione_sociale) need('ragione_sociale', 'La ragione sociale è obbligatoria');
      if (!data.piva) need('piva', 'La partita IVA è obbligatoria');
      if (!data.codice_fiscale_azienda) need('codice_fiscale_azienda', 'Il codice fiscale è obbligatorio');
    }
  });
export type InvoiceDataInput = z.infer<typeof InvoiceDataInput>;

/** invoice_data as stored on the order and answered (docs/product/records.md#invoice-data). */
export const InvoiceData = z.object({
  requires_invoice: z.boolean(),
  invoice_type: z.enum(['privato', 'azienda']),
  codice_fiscale: z.string().nullable(),
  ragione_sociale: z.string().nullable(),
  piva: z.string().nullable(),
  codice_fiscale_azienda: z.string().nullable(),
  pec: z.string().nullable(),
  sdi: z.string().nullable(),
  invoice_issued: z.boolean(),
  invoice_number: z.string().nullable(),
  invoice_date: z.string().nullable(),
});
export type InvoiceData = z.infer<typeof InvoiceData>;

export const INVOICE_CF_REQUIRED_DETAIL = 'Il codice fiscale è obbligatorio per la fattura';
export const INVOICE_COMPANY_CONTACT_DETAIL = "Indica il codice SDI o la PEC dell'azienda";

const requiredThen = <T extends z.ZodType<unknown, string>>(message: string, then: T) =>
  z.string(message).trim().min(1, message).pipe(then);
const blankOr = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());

/**
 * PUT /api/orders/{id}/invoice-data (staff, docs/decisions/0033): the buyer's fiscal data of an order not yet
 * invoiced, entered or corrected after the purchase. A person's codice fiscale, or a company's ragione sociale,
 * P.IVA, codice fiscale and SDI code or PEC, checked with the shop's checksums. `cap` completes an address that has
 * none (the invoice needs it).
 */
export const InvoiceDataUpdate = z
  .discriminatedUnion(
    'invoice_type',
    [
      z.object({
        invoice_type: z.literal('privato'),
        codice_fiscale: requiredThen(INVOICE_CF_REQUIRED_DETAIL, CodiceFiscale),
        cap: blankOr(singleLine().trim().max(20, 'Il CAP può avere al massimo 20 caratteri')),
      }),
      z.object({
        invoice_type: z.literal('azienda'),
        ragione_sociale: requiredThen(
          'La ragione sociale è obbligatoria',
          singleLine().max(200, 'La ragione sociale può avere al massimo 200 caratteri'),
        ),
        piva: requiredThen('La partita IVA è obbligatoria', PartitaIva),
        codice_fiscale_azienda: requiredThen(
          "Il codice fiscale dell'azienda è obbligatorio",
          CodiceFiscaleAzienda,
        ),
        sdi: blankOr(Sdi),
        pec: blankOr(Pec),
        cap: blankOr(singleLine().trim().max(20, 'Il CAP può avere al massimo 20 caratteri')),
      }),
    ],
    'Il tipo di fattura deve essere privato o azienda',
  )
  .superRefine((data, ctx) => {
    if (data.invoice_type === 'azienda' && !data.sdi && !data.pec)
      ctx.addIssue({ code: 'custom', path: ['sdi'], message: INVOICE_COMPANY_CONTACT_DETAIL });
  });
export type InvoiceDataUpdate = z.infer<typeof InvoiceDataUpdate>;

/**
 * PUT /api/orders/{id}/contact (docs/product/back-office.md#order-editing): the buyer's name, contacts and shipping
 * address corrected by staff before the order leaves; the country stays (it priced the shipping).
 */
export const OrderContactUpdate = CustomerInfoFields.pick({
  name: true,
  email: true,
  phone: true,
  address: true,
  city: true,
  zipCode: true,
});
export type OrderContactUpdate = z.infer<typeof OrderContactUpdate>;

/**
 * A cart line as sent: article_id, or the cart's article object with its id
 * (docs/product/records.md#cart-line).
 */
export const OrderItemInput = z
  .object({
    article_id: z.uuid({ message: 'Identificativo articolo non valido' }).optional(),
    article: z
      .object({ id: z.uuid({ message: 'Identificativo articolo non valido' }) })
      .loose()
      .optional(),
    quantity: z
      .number('La quantità deve essere un numero intero')
      .int('La quantità deve essere un numero intero')
      .min(1, 'La quantità deve essere almeno 1')
      .max(ORDER_MAX_UNITS_PER_LINE, TOO_MANY_UNITS_DETAIL),
  })
  .refine((item) => item.article_id ?? item.article?.id, {
    message: 'Articolo mancante nella riga del carrello',
    path: ['article_id'],
  })
  .transform((item) => ({ article_id: (item.article_id ?? item.article?.id)!, quantity: item.quantity }));
export type OrderItemInput = z.infer<typeof OrderItemInput>;

/**
 * POST /orders (docs/product/orders-and-payments.md#order-creation). Prices, stock, shipping and status are
 * decided by the server: `total_amount` is
 * only checked against the server's total (more than a cent apart: 422 'Errore nel calcolo del totale.
 * Riprova.'); `status` is ignored. The shipping country is customer_info.country, else the cart's
 * shipping_zone (national IT, international FR, intercontinental US), else IT.
 */
export const CreateOrderRequestFields = z.object({
  items: z
    .array(OrderItemInput, 'Il carrello è vuoto!')
    .min(1, 'Il carrello è vuoto!')
    .max(ORDER_MAX_LINES, TOO_MANY_LINES_DETAIL),
  customer_info: CustomerInfo,
  payment_method: PaymentMethod,
  total_amount: z.number('Il totale deve essere un numero').nonnegative('Il totale non può essere negativo'),
  order_date: z.string().max(64).optional().nullable(),
  status: z.string().max(32).optional().nullable(),
  /**
   * Accepted for the request's shape and ignored (docs/product/orders-and-payments.md#order-creation): only
   * svc-payments records a payment id (payment.succeeded).
   */
  payment_intent_id: z.string().trim().max(255).optional().nullable(),
  invoice_data: InvoiceDataInput.optional().nullable(),
  shipping_zone: CartZone.optional().nullable(),
  /** The visitor's language: the order's e-mails are written in it. */
  language: CustomerLanguage,
  /** A discount code (docs/product/cart-and-checkout.md#discount-codes): the server decides what it is worth. */
  discount_code: DiscountCode.optional().nullable(),
  /**
   * A gift card's code (docs/product/cart-and-checkout.md#gift-cards): it pays what its balance covers of the
   * total, the payment method the rest; the total is unchanged.
   */
  gift_card_code: GiftCardCode.optional().nullable(),
});
/** The CAP an invoice needs (the FatturaPA address requires it): 5 digits for an Italian address. */
export const INVOICE_CAP_DETAIL = 'Il CAP è obbligatorio per la fattura (5 cifre)';

/**
 * With `invoice_data.requires_invoice` the address must carry its CAP (issue 16): 5 digits when the address is in
 * Italy (country IT, or none and a national cart), not blank elsewhere. `path` is where the CAP sits in the request.
 */
export function requireInvoiceCap(
  request: {
    invoice_data?: { requires_invoice: boolean } | null;
    zipCode: string | null | undefined;
    country: string | null | undefined;
    shipping_zone?: string | null;
  },
  ctx: z.RefinementCtx,
  path: (string | number)[],
): void {
  if (!request.invoice_data?.requires_invoice) return;
  const cap = request.zipCode?.trim() ?? '';
  const italian = request.country
    ? request.country === 'IT'
    : !request.shipping_zone || request.shipping_zone === 'national';
  if (italian ? !/^\d{5}$/.test(cap) : cap === '') {
    ctx.addIssue({ code: 'custom', path, message: INVOICE_CAP_DETAIL });
  }
}

export const CreateOrderRequest = CreateOrderRequestFields.superRefine((request, ctx) =>
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
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

/** The detail the shopper sees when the client's total is not the server's. */
export const TOTAL_MISMATCH_DETAIL = 'Errore nel calcolo del totale. Riprova.';

/** The shop's account for a bank transfer; `demo` when no SHOP_IBAN is configured (do not pay it). */
export const BankTransferDetails = z.object({
  iban: z.string(),
  holder: z.string(),
  bank_name: z.string().nullable(),
  /** What the customer writes as the transfer's reason: the order reference. */
  payment_reason: z.string(),
  amount: z.number(),
  demo: z.boolean(),
});
export type BankTransferDetails = z.infer<typeof BankTransferDetails>;

/** One priced line of an order: the catalogue's snapshot at order time. Amounts in euros. */
export const OrderItem = z.object({
  article_id: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  /** Net unit price. */
  price: z.number(),
  iva_percentage: z.number(),
  /** round(net cents × (1 + iva/100)) / 100. */
  unit_gross: z.number(),
  /** unit_gross × quantity. */
  line_total: z.number(),
  /** The line's share of the order's discount code, in euros (0 when none). */
  discount: z.number().default(0),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** 201 answer of POST /orders. */
export const CreateOrderResponse = z.object({
  order_id: z.string(),
  /** What the shop and the customer call the order: 'ORD-' and the last 8 characters of the id, upper case. */
  order_reference: z.string(),
  status: OrderStatus,
  payment_status: PaymentStatus,
  items: z.array(OrderItem),
  subtotal_amount: z.number(),
  shipping_cost: z.number(),
  total_amount: z.number(),
  discount_code: z.string().nullable().default(null),
  discount_amount: z.number().default(0),
  /** What a gift card paid of the total, and what is left for the payment method (0: the order is paid). */
  gift_card_amount: z.number().optional(),
  amount_due: z.number().optional(),
  bank_transfer: BankTransferDetails.nullable(),
  /** Until when the order waits for its payment (ISO); past it, still unpaid, it is cancelled. */
  payment_due_at: z.string().nullable(),
  /** The secret that lets this checkout cancel the order while unpaid (POST /orders/{id}/cancel). */
  cancel_token: z.string(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const StatusHistoryEntry = z.object({
  from: OrderStatus.nullable(),
  to: OrderStatus,
  /** The staff user's username (null for changes made by the system, e.g. a payment). */
  changed_by: z.string().nullable(),
  changed_by_id: z.string().nullable(),
  changed_at: z.string(),
  tracking_number: z.string().nullable(),
});
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntry>;

/**
 * Something staff must look at about an order's payment: the provider captured another amount or currency than the
 * order's total (the order was left unpaid and the money is being refunded).
 */
export const PaymentIssue = z.object({
  code: z.literal('amount_mismatch'),
  /** Italian, for the back office. */
  detail: z.string(),
  payment_id: z.string(),
  captured_amount: z.number(),
  captured_currency: z.string(),
  at: z.string(),
});
export type PaymentIssue = z.infer<typeof PaymentIssue>;

/** Where one refund of an order stands: asked and on its way, the money back, or given up (with the reason). */
export const OrderRefundState = z.enum(['in_progress', 'done', 'failed']);
export type OrderRefundState = z.infer<typeof OrderRefundState>;

/**
 * One refund of an order (POST /api/orders/{id}/refunds, a 'cancel and refund', or one the shop asked by itself):
 * `kind` lines (chosen lines), amount (an amount) or full (all that was left). Amounts in euros.
 */
export const OrderRefundEntry = z.object({
  id: z.string(),
  kind: z.enum(['lines', 'amount', 'full']),
  state: OrderRefundState,
  /** What goes back; null for a full refund whose amount the provider has not confirmed yet. */
  amount: z.number().nullable(),
  /** The staff's reason, or the shop's own in Italian (a 'cancel and refund', a late payment...). */
  reason: z.string(),
  lines: z.array(
    z.object({ article_id: z.string(), title: z.string(), quantity: z.number().int(), amount: z.number() }),
  ),
  /** The lines' units went back on sale. */
  restock: z.boolean(),
  /** A bank-transfer order: staff pay it back by bank themselves; recording it makes it done at once. */
  by_bank_transfer: z.boolean(),
  /** Failed: why (Italian or the provider's words). In progress: the last attempt's error while it is retried. */
  failure_reason: z.string().nullable(),
  requested_at: z.string(),
  /** The staff user's username; null when the shop asked it by itself. */
  requested_by: z.string().nullable(),
  /** When it became done or failed. */
  completed_at: z.string().nullable(),
});
export type OrderRefundEntry = z.infer<typeof OrderRefundEntry>;

/** The channels of the orders Ordini lists. */
export const OrderChannel = z.enum(['web', 'ebay'], 'Canale non valido (web o ebay)');
export type OrderChannel = z.infer<typeof OrderChannel>;

/** An order as the staff API answers it (docs/product/records.md#order). */
export const Order = z.object({
  id: z.string(),
  order_reference: z.string(),
  order_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: OrderStatus,
  order_version: z.number().int().positive(),
  customer_id: z.string().nullable(),
  customer_info: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    zipCode: z.string().nullable(),
    notes: z.string().nullable(),
    country: z.string(),
  }),
  items: z.array(OrderItem),
  subtotal_amount: z.number(),
  shipping_cost: z.number(),
  total_amount: z.number(),
  /** The discount code the order used and what it took off the lines, in euros (a free shipping: 0). */
  discount_code: z.string().nullable().default(null),
  discount_amount: z.number().default(0),
  /** What a gift card paid of the total (the payment method paid the rest). */
  gift_card_amount: z.number().optional(),
  shipping_country: z.string(),
  /** 'ebay': an eBay buyer's order, paid to eBay. */
  payment_method: z.union([PaymentMethod, z.literal('ebay')]),
  payment_status: PaymentStatus,
  payment_intent_id: z.string().nullable(),
  /** Where the order was placed: the web shop or eBay (counter sales are not in Ordini). */
  channel: OrderChannel.default('web'),
  /** The marketplace's own order id (eBay's orderId); null for web orders. */
  external_id: z.string().nullable().default(null),
  /** A pre-order's deposit and balance (docs/product/orders-and-payments.md#deposits); null: paid in full. */
  deposit: OrderDeposit.nullable().optional(),
  /** A marketplace order that found no stock: no unit taken, staff choose which order to cancel and refund. */
  stock_conflict: z.boolean().default(false),
  /** Paid through the shop's demo stand-in of the provider (no money moved). */
  payment_demo: z.boolean(),
  /** Euros given back so far (partial or full refunds); 0 when none. */
  refunded_amount: z.number(),
  payment_issue: PaymentIssue.nullable(),
  tracking_number: z.string().nullable(),
  packlink_shipment_id: z.string().nullable(),
  packlink_data: z
    .object({ tracking_number: z.string().nullable(), carrier_name: z.string().nullable() })
    .nullable(),
  invoice_data: InvoiceData.nullable(),
  /** Until when the order waits for its payment; null once it no longer waits. */
  payment_due_at: z.string().nullable(),
  /** The bank transfer staff recorded (PUT /api/orders/{id}/payment). */
  transfer_payment: z
    .object({
      received_on: z.string(),
      amount: z.number(),
      bank_reference: z.string(),
      /** False when the amount received is not the order's total (recorded, but to be looked at). */
      amount_matches: z.boolean(),
      recorded_by: z.string().nullable(),
      recorded_at: z.string(),
    })
    .nullable(),
  /** The money going back: asked when, why, and once the provider confirmed it, how much. */
  refund: z
    .object({
      reason: RefundReason,
      requested_at: z.string(),
      refunded_at: z.string().nullable(),
      amount: z.number().nullable(),
    })
    .nullable(),
  /** Every refund of the order, oldest first, with its state (absent in older answers: none). */
  refunds: z.array(OrderRefundEntry).default([]),
});
export type Order = z.infer<typeof Order>;

/**
 * A credit note (TD04) a refund of an invoiced order produced; its files are
 * /api/orders/{id}/credit-notes/{N-YYYY}.pdf and .xml (fiscalNumberKey).
 */
export const CreditNote = z.object({
  number: z.string(),
  date: z.string(),
  amount: z.number(),
  reason: z.string(),
});
export type CreditNote = z.infer<typeof CreditNote>;

/**
 * An invoice's or credit note's number as a path or a file name carries it: `3/2026` → `3-2026`. The gateway refuses
 * an encoded slash (`%2F`), so the number's own slash cannot travel (docs/decisions/0033).
 */
export const fiscalNumberKey = (number: string) => number.replace('/', '-');

/** GET /api/orders/{id}: the order with its status history (oldest first) and its credit notes (oldest first). */
/** Packlink's shipment states as the shop shows them. */
export const ShipmentState = z.enum(['draft', 'ready', 'in_transit', 'delivered', 'cancelled', 'incident']);
export type ShipmentState = z.infer<typeof ShipmentState>;

/**
 * The order's Packlink shipment as the order page shows it: `creating` while the shop waits for Packlink's answer,
 * `failed` when it never came (it may be tried again), else Packlink's state.
 */
export const OrderShipment = z.object({
  state: z.enum([...ShipmentState.options, 'creating', 'failed']),
  packlink_reference: z.string().nullable(),
  carrier_name: z.string(),
  service_name: z.string(),
  price: z.number(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  demo: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

export const OrderDetail = Order.extend({
  status_history: z.array(StatusHistoryEntry),
  credit_notes: z.array(CreditNote).default([]),
  shipment: OrderShipment.nullable().default(null),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderStatusCounts = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  paid: z.number().int(),
  confirmed: z.number().int(),
  shipped: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderStatusCounts = z.infer<typeof OrderStatusCounts>;

export const OrderIdParams = z.object({ id: z.uuid({ message: 'Identificativo ordine non valido' }) });

/**
 * A credit note's number `N/YYYY` travels as `N-YYYY`: an encoded slash (`%2F`) is refused by the gateway
 * (docs/decisions/0033).
 */
export const CreditNoteParams = OrderIdParams.extend({
  number: z
    .string()
    .regex(/^[1-9]\d{0,8}-\d{4}$/, 'Numero della nota di credito non valido (N-AAAA)')
    .transform((number) => number.replace('-', '/')),
});

/** PUT /api/orders/{id}/status?status=..&tracking_number=.. (answers the updated Order). */
export const OrderStatusChangeQuery = z.object({
  status: OrderStatus,
  tracking_number: z.preprocess(
    (v) => (v === undefined || v === '' || v === 'null' ? null : v),
    singleLine().trim().max(100, 'Il numero di tracking può avere al massimo 100 caratteri').nullable(),
  ),
});
export type OrderStatusChangeQuery = z.infer<typeof OrderStatusChangeQuery>;

/** 'ORD-' and the last 8 characters of the order id, upper case: the reference and the transfer's reason. */
export function orderReference(orderId: string): string {
  return `ORD-${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/**
 * ?t= of the order page's addresses (docs/product/account.md#order-page, docs/decisions/0055): the order's token,
 * the same secret POST /orders answers as cancel_token. Optional on GET /orders/{id}, where the customer who owns
 * the order may come with their session instead.
 */
const OrderLinkToken = z
  .string("Link dell'ordine non valido")
  .min(1, "Link dell'ordine non valido")
  .max(200, "Link dell'ordine non valido");
export const OrderPageQuery = z.object({ t: OrderLinkToken.optional() });
export type OrderPageQuery = z.infer<typeof OrderPageQuery>;
/** ?t= of the order page's invoice and credit note files: the token is required there. */
export const OrderLinkQuery = z.object({ t: OrderLinkToken });
export type OrderLinkQuery = z.infer<typeof OrderLinkQuery>;

/**
 * GET /orders/{id}: the order as its buyer sees it on the order page (docs/product/account.md#order-page). The
 * bank details only while a transfer is awaited; `token` is the order's token, given back so that the page can
 * cancel the order and download its documents (a signed-in owner who came without it receives it too).
 */
export const OrderPage = z.object({
  id: z.string(),
  order_reference: z.string(),
  status: OrderStatus,
  created_at: z.string(),
  payment_method: z.union([PaymentMethod, z.literal('ebay')]),
  payment_status: PaymentStatus,
  items: z.array(
    OrderItem.pick({
      article_id: true,
      title: true,
      quantity: true,
      unit_gross: true,
      line_total: true,
      discount: true,
    }),
  ),
  subtotal_amount: z.number(),
  shipping_cost: z.number(),
  total_amount: z.number(),
  discount_code: z.string().nullable().default(null),
  discount_amount: z.number().default(0),
  refunded_amount: z.number(),
  shipping_address: z.object({
    name: z.string(),
    address: z.string(),
    zip_code: z.string().nullable(),
    city: z.string(),
    country: z.string(),
  }),
  bank_transfer: BankTransferDetails.nullable(),
  payment_due_at: z.string().nullable(),
  /** A pre-order's deposit and balance (docs/product/orders-and-payments.md#deposits); null: paid in full. */
  deposit: OrderDeposit.nullable().optional(),
  tracking: z
    .object({ number: z.string(), carrier: z.string().nullable(), url: z.string().nullable() })
    .nullable(),
  invoice_number: z.string().nullable(),
  credit_notes: z.array(z.object({ number: z.string(), date: z.string(), amount: z.number() })),
  /** Still unpaid and pending: the buyer may cancel it (POST /orders/{id}/cancel with `token`). */
  cancellable: z.boolean(),
  token: z.string(),
});
export type OrderPage = z.infer<typeof OrderPage>;

/** POST /orders/{id}/cancel: the checkout gives up its own unpaid order (the token of POST /orders' answer). */
export const CancelOrderRequest = z.object({
  cancel_token: z.string('Token di annullamento mancante').min(1, 'Token di annullamento mancante').max(200),
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequest>;

/** 200 of POST /orders/{id}/cancel. */
export const CancelOrderResponse = z.object({ order_id: z.string(), status: OrderStatus });
export type CancelOrderResponse = z.infer<typeof CancelOrderResponse>;

/** PUT /api/orders/{id}/payment (staff): a bank transfer received for the order. */
export const RecordTransferRequest = z.object({
  received_on: z.iso.date('La data del bonifico deve essere AAAA-MM-GG'),
  amount: z
    .number("L'importo deve essere un numero")
    .positive("L'importo deve essere maggiore di zero")
    .max(1_000_000, "L'importo è troppo alto")
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      "L'importo può avere al massimo due decimali",
    ),
  bank_reference: requiredText('Il riferimento del bonifico', 140),
});
export type RecordTransferRequest = z.infer<typeof RecordTransferRequest>;
