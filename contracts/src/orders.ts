import { z } from 'zod';
import { CartZone, CountryCode } from './shipping';
import { CodiceFiscale, CodiceFiscaleAzienda, Email, PartitaIva, Pec, Sdi } from './customers';
import { ORDER_STATUS_LABELS, OrderStatus, PaymentStatus } from './order-status';
import { RefundReason } from './payment-kinds';

export { ORDER_STATUS_LABELS, OrderStatus, PaymentStatus };

export const OrderLine = z.object({ article_id: z.string(), quantity: z.number().int().positive() });
export type OrderLine = z.infer<typeof OrderLine>;

/** The staff moves of SPEC §4 (and the only ones the server accepts): from → allowed targets. */
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

/** SPEC §3 payment methods. Card ('stripe' is SPEC's other name for it), PayPal and Klarna are paid online through svc-payments. */
export const PaymentMethod = z.enum(
  ['transfer', 'card', 'stripe', 'paypal', 'klarna', 'klarna-now'],
  'Metodo di pagamento non valido',
);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** A required text field with the form's Italian messages (shared by the order and payment requests). */
export const requiredText = (label: string, max: number) =>
  z
    .string(`${label} è obbligatorio`)
    .trim()
    .min(1, `${label} è obbligatorio`)
    .max(max, `${label} può avere al massimo ${max} caratteri`);

/** An optional text field: absent or null is null. */
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? null : v),
    z.string().trim().max(max, `${label} può avere al massimo ${max} caratteri`).nullable(),
  );

/** customer_info of POST /orders (SPEC §2 details form, §5 required fields). */
export const CustomerInfo = z.object({
  name: requiredText('Il nome completo', 200),
  email: Email,
  phone: requiredText('Il telefono', 30),
  address: requiredText("L'indirizzo di spedizione", 300),
  city: requiredText('La città', 100),
  zipCode: optionalText(20, 'Il CAP'),
  notes: optionalText(1000, 'Le note'),
  /** ISO country of the shipping address; when absent the order's shipping_zone decides (default IT). */
  country: z.preprocess((v) => (v === '' || v === null ? undefined : v), CountryCode.optional()),
});
export type CustomerInfo = z.infer<typeof CustomerInfo>;

const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/**
 * invoice_data of POST /orders (SPEC §3, §5). invoice_issued, invoice_number and invoice_date belong to the
 * staff (the invoice step) and are ignored when a shopper sends them.
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
      z.string().trim().max(200, 'La ragione sociale può avere al massimo 200 caratteri').nullable(),
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

/** invoice_data as stored on the order and answered (SPEC §3). */
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

/** A cart line as sent: article_id, or the cart's article object with its id (SPEC §3 "Cart line"). */
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
      .max(999, 'La quantità può essere al massimo 999'),
  })
  .refine((item) => item.article_id ?? item.article?.id, {
    message: 'Articolo mancante nella riga del carrello',
    path: ['article_id'],
  })
  .transform((item) => ({ article_id: (item.article_id ?? item.article?.id)!, quantity: item.quantity }));
export type OrderItemInput = z.infer<typeof OrderItemInput>;

/**
 * POST /orders (SPEC §7). Prices, stock, shipping and status are decided by the server: `total_amount` is
 * only checked against the server's total (more than a cent apart: 422 'Errore nel calcolo del totale.
 * Riprova.'); `status` is ignored. The shipping country is customer_info.country, else the cart's
 * shipping_zone (national IT, international FR, intercontinental US), else IT.
 */
export const CreateOrderRequest = z.object({
  items: z
    .array(OrderItemInput, 'Il carrello è vuoto!')
    .min(1, 'Il carrello è vuoto!')
    .max(200, 'Troppe righe in un ordine'),
  customer_info: CustomerInfo,
  payment_method: PaymentMethod,
  total_amount: z.number('Il totale deve essere un numero').nonnegative('Il totale non può essere negativo'),
  order_date: z.string().max(64).optional().nullable(),
  status: z.string().max(32).optional().nullable(),
  payment_intent_id: z.string().trim().max(255).optional().nullable(),
  invoice_data: InvoiceDataInput.optional().nullable(),
  shipping_zone: CartZone.optional().nullable(),
});
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
  bank_transfer: BankTransferDetails.nullable(),
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

/** An order as the staff API answers it (SPEC §3 "Order"). */
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
  shipping_country: z.string(),
  payment_method: PaymentMethod,
  payment_status: PaymentStatus,
  payment_intent_id: z.string().nullable(),
  tracking_number: z.string().nullable(),
  packlink_shipment_id: z.string().nullable(),
  packlink_data: z
    .object({ tracking_number: z.string().nullable(), carrier_name: z.string().nullable() })
    .nullable(),
  invoice_data: InvoiceData.nullable(),
  /** The money going back: asked when, why, and once the provider confirmed it, how much. */
  refund: z
    .object({
      reason: RefundReason,
      requested_at: z.string(),
      refunded_at: z.string().nullable(),
      amount: z.number().nullable(),
    })
    .nullable(),
});
export type Order = z.infer<typeof Order>;

/** GET /api/orders/{id}: the order with its status history (oldest first). */
export const OrderDetail = Order.extend({ status_history: z.array(StatusHistoryEntry) });
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

/** GET /api/orders?status=: the orders (newest first, filtered) and the counts per status of every order. */
export const OrderListQuery = z.object({ status: OrderStatus.optional() });
export const OrderList = z.object({ orders: z.array(Order), counts: OrderStatusCounts });
export type OrderList = z.infer<typeof OrderList>;

export const OrderIdParams = z.object({ id: z.uuid({ message: 'Identificativo ordine non valido' }) });

/** PUT /api/orders/{id}/status?status=..&tracking_number=.. (answers the updated Order). */
export const OrderStatusChangeQuery = z.object({
  status: OrderStatus,
  tracking_number: z.preprocess(
    (v) => (v === undefined || v === '' || v === 'null' ? null : v),
    z.string().trim().max(100, 'Il numero di tracking può avere al massimo 100 caratteri').nullable(),
  ),
});
export type OrderStatusChangeQuery = z.infer<typeof OrderStatusChangeQuery>;

/** 'ORD-' and the last 8 characters of the order id, upper case: the reference and the transfer's reason. */
export function orderReference(orderId: string): string {
  return `ORD-${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;
}
