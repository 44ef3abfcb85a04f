import { z } from 'zod';
import { OrderStatus } from './order-status';
import { Order, OrderChannel, OrderStatusCounts, PaymentMethod, requiredText, ShipmentState } from './orders';
import { singleLine } from './text';

/*
 * The Ordini tab and what stands behind it (docs/product/back-office.md#orders-tab): the list with its
 * filters and paging, the
 * timeline and staff notes, partial refunds, invoices, Packlink shipments and the exports. Every path is staff-only
 * but the customer's own invoice PDF and Packlink's callback.
 */

/** An optional text of a query string: blank is absent. */
export const optionalQueryText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    singleLine().trim().max(max, `${label}: al massimo ${max} caratteri`).optional(),
  );
/** A whole number of the query string; its message names it, since a detail carries no field path. */
export const queryInt = (label: string, min: number, max: number, fallback: number) => {
  const message = `${label} deve essere un numero intero da ${min} a ${max}`;
  return z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : Number(v)),
    z.number(message).int(message).min(min, message).max(max, message),
  );
};

/** The status tabs: 'Nuovi' is pending and paid together (docs/product/back-office.md#status-tabs). */
export const OrderTab = z.enum(['all', 'new', 'confirmed', 'shipped', 'delivered', 'cancelled']);
export type OrderTab = z.infer<typeof OrderTab>;
export const ORDER_TAB_STATUSES: Record<OrderTab, readonly OrderStatus[] | null> = {
  all: null,
  new: ['pending', 'paid'],
  confirmed: ['confirmed'],
  shipped: ['shipped'],
  delivered: ['delivered'],
  cancelled: ['cancelled'],
};

/** The payment filter: money checked and kept, still awaited, (partly) given back, or paid with demo money. */
export const OrderPaymentFilter = z.enum(['paid', 'to_pay', 'refunded', 'demo']);
export type OrderPaymentFilter = z.infer<typeof OrderPaymentFilter>;

export const OrderSort = z.enum(['newest', 'oldest', 'total_desc', 'total_asc']);
export type OrderSort = z.infer<typeof OrderSort>;

export const ORDER_PAGE_SIZE_DEFAULT = 25;
export const ORDER_PAGE_SIZE_MAX = 100;

/**
 * The filters of the Ordini list, shared by GET /api/orders and GET /orders/export/csv. `status` (one status,
 * docs/product/http-routes.md#svc-orders) still works; `tab` selects a tab (new = pending + paid). `q`
 * matches the order reference or id, the customer's
 * name or e-mail. `from`/`to` are days (Europe/Rome), both included.
 */
// Each filter's own message: a detail names no field (docs/decisions/0052-readable-details.md).
const orderFilterShape = {
  status: z.enum(OrderStatus.options, 'Stato dell’ordine non valido').optional(),
  tab: z.enum(OrderTab.options, 'Scheda degli ordini non valida').optional(),
  q: optionalQueryText('La ricerca', 100),
  payment_method: z.enum(PaymentMethod.options, 'Metodo di pagamento non valido').optional(),
  payment: z.enum(OrderPaymentFilter.options, 'Filtro del pagamento non valido').optional(),
  channel: OrderChannel.optional(),
  from: z.iso.date('La data iniziale deve essere AAAA-MM-GG').optional(),
  to: z.iso.date('La data finale deve essere AAAA-MM-GG').optional(),
  sort: z.enum(OrderSort.options, 'Ordinamento non valido').default('newest'),
};
const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const DATES_OUT_OF_ORDER = { path: ['to'], message: 'La data finale deve seguire quella iniziale' };

export const OrderFilterQuery = z.object(orderFilterShape).refine(datesInOrder, DATES_OUT_OF_ORDER);
export type OrderFilterQuery = z.infer<typeof OrderFilterQuery>;

/** GET /api/orders: the filters and the page (1-based). */
export const OrderListQuery = z
  .object({
    ...orderFilterShape,
    page: queryInt('La pagina', 1, 100_000, 1),
    page_size: queryInt('Il numero di ordini per pagina', 1, ORDER_PAGE_SIZE_MAX, ORDER_PAGE_SIZE_DEFAULT),
  })
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/**
 * GET /api/orders answers one page of the filtered orders, `total` of them in all, and the counts per status of the
 * orders matching every filter but the status (the tabs' figures).
 */
/**
 * One line to pack as the Ordini list shows it (docs/product/back-office.md#order-rows): the article's name and
 * quantity from the order, its photo's card size from the catalogue now (null without a photo, or while the
 * catalogue does not answer: the list never waits on it).
 */
export const PackLine = z.object({
  article_id: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  thumbnail_url: z.string().nullable(),
});
export type PackLine = z.infer<typeof PackLine>;

/** An order of the list: the order and its lines to pack. */
export const ListedOrder = Order.extend({ lines: z.array(PackLine) });
export type ListedOrder = z.infer<typeof ListedOrder>;

export const OrderList = z.object({
  orders: z.array(ListedOrder),
  counts: OrderStatusCounts,
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type OrderList = z.infer<typeof OrderList>;

// --- Timeline and notes -------------------------------------------------------------------------------------

export const TimelineKind = z.enum([
  'created',
  'status',
  'payment',
  'transfer',
  'refund',
  'invoice',
  'shipment',
  'edit',
  'email',
  'note',
]);
export type TimelineKind = z.infer<typeof TimelineKind>;

/** One thing that happened to an order, oldest first. `summary` is Italian, for staff; `data` carries the figures. */
export const TimelineEntry = z.object({
  at: z.string(),
  kind: TimelineKind,
  summary: z.string(),
  /** The staff user's username, or null for the shop itself (a payment, a job, a callback). */
  by: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** GET /api/orders/{id}/timeline. */
export const OrderTimeline = z.object({ entries: z.array(TimelineEntry) });
export type OrderTimeline = z.infer<typeof OrderTimeline>;

/** POST /api/orders/{id}/notes: an internal note (never shown to the customer); answers the TimelineEntry, 201. */
export const OrderNoteRequest = z.object({ text: requiredText('La nota', 2000) });
export type OrderNoteRequest = z.infer<typeof OrderNoteRequest>;

// --- Partial refunds -----------------------------------------------------------------------------------------

/**
 * POST /api/orders/{id}/refunds (admin): give back chosen lines (their gross price times the quantity) or an amount
 * in euros, with a reason; `restock` puts the lines' units back on sale (lines only: 422 with an amount). The `Idempotency-Key` header is required
 * (a fresh UUID per submit; a repeat answers the same refund, once). Answers the Order (202: the provider confirms
 * later; the refund shows in the order's `refunds` as in_progress, then done (and `refunded_amount` grows) or
 * failed with the reason). A bank-transfer order's refund is paid back by bank by the staff: recording it makes it
 * done at once. 409 when the order's money is not (or no longer) held, 422 when more than what is left is asked.
 */
export const PartialRefundRequest = z
  .object({
    lines: z
      .array(
        z.object({
          article_id: z.string().min(1),
          quantity: z.number().int().positive('La quantità deve essere almeno 1'),
        }),
      )
      .max(30)
      .optional(),
    amount: z
      .number("L'importo deve essere un numero")
      .positive("L'importo deve essere maggiore di zero")
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        "L'importo può avere al massimo due decimali",
      )
      .optional(),
    reason: requiredText('Il motivo del rimborso', 500),
    restock: z.boolean().default(false),
  })
  .refine((r) => (r.lines?.length ?? 0) > 0 !== (r.amount !== undefined), {
    message: 'Indica le righe da rimborsare oppure un importo',
    path: ['amount'],
  });
export type PartialRefundRequest = z.infer<typeof PartialRefundRequest>;

// --- Invoices ------------------------------------------------------------------------------------------------

/**
 * docs/product/back-office.md#invoice-dialog: what the invoice modal says when a field is missing, and after
 * saving.
 */
export const INVOICE_FIELDS_REQUIRED_DETAIL = 'Inserisci numero fattura e data';
export const invoiceSavedMessage = (number: string) => `Fattura ${number} salvata con successo!`;

/** `N/YYYY`, as the shop numbers its invoices (one series per year). */
export const InvoiceNumber = z
  .string(INVOICE_FIELDS_REQUIRED_DETAIL)
  .trim()
  .min(1, INVOICE_FIELDS_REQUIRED_DETAIL)
  .regex(/^[1-9]\d{0,8}\/\d{4}$/, 'Il numero fattura deve essere nel formato N/AAAA (es. 12/2026)');

/**
 * PUT /orders/{id}/invoice (docs/product/http-routes.md#svc-orders). Answers the Order with invoice_data
 * marked issued; 409 when the number is used.
 */
export const InvoiceRequest = z
  .object({
    invoice_number: InvoiceNumber,
    invoice_date: z.iso.date(INVOICE_FIELDS_REQUIRED_DETAIL),
  })
  .refine((r) => r.invoice_number.endsWith(`/${r.invoice_date.slice(0, 4)}`), {
    path: ['invoice_number'],
    message: "L'anno del numero fattura deve essere quello della data",
  });
export type InvoiceRequest = z.infer<typeof InvoiceRequest>;

/** GET /api/invoices/next-number?year=YYYY: the next free number of that year (default: this year, Europe/Rome). */
export const NextInvoiceNumberQuery = z.object({
  year: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number().int().min(2000).max(2100).optional(),
  ),
});
export const NextInvoiceNumber = z.object({ invoice_number: z.string(), invoice_date: z.string() });
export type NextInvoiceNumber = z.infer<typeof NextInvoiceNumber>;

// CreditNote (TD04) lives in orders.ts: GET /api/orders/{id} (OrderDetail) lists an order's credit notes.

// --- Shipments (Packlink PRO) --------------------------------------------------------------------------------

export const Parcel = z.object({
  weight_kg: z.number().positive(),
  length_cm: z.number().positive(),
  width_cm: z.number().positive(),
  height_cm: z.number().positive(),
  /** True when some article lacked its weight or size and the default parcel was used for it. */
  estimated: z.boolean(),
});
export type Parcel = z.infer<typeof Parcel>;

export const ShipmentQuote = z.object({
  service_id: z.string(),
  carrier_name: z.string(),
  service_name: z.string(),
  /** Euros, VAT included, as Packlink quotes it. */
  price: z.number(),
  transit_days: z.number().int().nullable(),
});
export type ShipmentQuote = z.infer<typeof ShipmentQuote>;

/** GET /api/orders/{id}/shipment-quotes. */
export const ShipmentQuotes = z.object({ parcel: Parcel, quotes: z.array(ShipmentQuote), demo: z.boolean() });
export type ShipmentQuotes = z.infer<typeof ShipmentQuotes>;

/**
 * POST /api/orders/{id}/create-shipment (docs/product/orders-and-payments.md#shipments): the service chosen
 * among the quotes; without one (no body) the cheapest quote of the shop's default carrier, or the cheapest.
 */
export const CreateShipmentRequest = z.object({
  service_id: requiredText('Il servizio di spedizione', 100).optional(),
});
export type CreateShipmentRequest = z.infer<typeof CreateShipmentRequest>;

/** 201 of POST /api/orders/{id}/create-shipment: tracking_number is null until the carrier gives one. */
export const CreateShipmentResponse = z.object({
  shipment_id: z.string(),
  tracking_number: z.string().nullable(),
  carrier_name: z.string(),
  state: ShipmentState,
  demo: z.boolean(),
});
export type CreateShipmentResponse = z.infer<typeof CreateShipmentResponse>;

/**
 * GET and PUT /api/admin/shipping/default-carrier (docs/product/orders-and-payments.md#default-carrier): the
 * carrier a shipment created without a chosen service goes with (null: the cheapest quote).
 */
export const DefaultCarrier = z.object({
  carrier_name: requiredText('Il corriere predefinito', 100).nullable(),
});
export type DefaultCarrier = z.infer<typeof DefaultCarrier>;

export const ShipmentIdParams = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Identificativo spedizione non valido'),
});

/** docs/product/back-office.md#shipment-actions: the label is not there yet. */
export const LABEL_DOWNLOAD_FAILED_DETAIL = "Errore nel download dell'etichetta";

/** POST /api/shipments/labels: the labels of several orders merged in one PDF. */
export const MergedLabelsRequest = z.object({
  order_ids: z
    .array(z.uuid('Identificativo ordine non valido'))
    .min(1, 'Seleziona almeno un ordine')
    .max(100),
});
export type MergedLabelsRequest = z.infer<typeof MergedLabelsRequest>;

// --- Bulk work on the list (docs/product/back-office.md#bulk-actions) ---------------------------------------

/** The orders a bulk action works on: 1 to 100 distinct ids (repeats count once). */
export const BulkOrderIds = z
  .array(z.uuid('Identificativo ordine non valido'), 'Seleziona almeno un ordine')
  .min(1, 'Seleziona almeno un ordine')
  .max(100, 'Al massimo 100 ordini alla volta')
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/**
 * POST /api/orders/bulk/confirm, POST /api/orders/bulk/invoice (the next free numbers, dated today) and
 * POST /api/orders/bulk/print (labels and packing slips in one PDF).
 */
export const BulkOrdersRequest = z.object({ order_ids: BulkOrderIds });
export type BulkOrdersRequest = z.infer<typeof BulkOrdersRequest>;

/**
 * POST /api/orders/bulk/ship: each order with the tracking number staff typed, or none to take the one the order
 * already has (its own, else the carrier's through Packlink).
 */
export const BulkShipRequest = z.object({
  orders: z
    .array(
      z.object({
        order_id: z.uuid('Identificativo ordine non valido'),
        tracking_number: z.preprocess(
          (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
          singleLine().trim().max(100, 'Il numero di tracking: al massimo 100 caratteri').optional(),
        ),
      }),
      'Seleziona almeno un ordine',
    )
    .min(1, 'Seleziona almeno un ordine')
    .max(100, 'Al massimo 100 ordini alla volta')
    .refine((orders) => new Set(orders.map((o) => o.order_id.toLowerCase())).size === orders.length, {
      message: 'Ogni ordine una volta sola',
    }),
});
export type BulkShipRequest = z.infer<typeof BulkShipRequest>;

/**
 * What became of one order of a bulk action: `done` (changed now), `unchanged` (it already was so: a repeat of
 * the same action is harmless) or `failed` with the reason in Italian, as the single action would answer it.
 */
export const BulkOrderResult = z.object({
  order_id: z.string(),
  order_reference: z.string(),
  outcome: z.enum(['done', 'unchanged', 'failed']),
  detail: z.string().nullable(),
});
export type BulkOrderResult = z.infer<typeof BulkOrderResult>;

/** 200 of the bulk actions: one result per order, in the order given. */
export const BulkOrderResults = z.object({ results: z.array(BulkOrderResult) });
export type BulkOrderResults = z.infer<typeof BulkOrderResults>;

/**
 * The header of POST /api/orders/bulk/print naming (by reference, comma separated) the orders whose label is not
 * in the PDF (no shipment, or Packlink has no label yet): their packing slip is.
 */
export const LABELS_MISSING_HEADER = 'Edicola-Labels-Missing';

// --- The list keeping itself current (docs/decisions/0061-order-list-work.md) --------------------------------

/**
 * GET /api/orders/changes: a token that changes whenever an order is created or changed. The list asks for it
 * every few seconds and reads itself again when it differs from the one it saw.
 */
export const OrderChanges = z.object({ version: z.string() });
export type OrderChanges = z.infer<typeof OrderChanges>;

// --- Exports -------------------------------------------------------------------------------------------------

/** docs/product/back-office.md#orders-csv: what the back office says once the CSV is downloaded. */
export const EXPORT_DONE_MESSAGE = 'Export completato!';

/** GET /api/exports/takings.csv?month=YYYY-MM: the month's takings for the accountant. */
export const TakingsQuery = z.object({
  month: z
    .string('Il mese deve essere AAAA-MM')
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Il mese deve essere AAAA-MM'),
});
export type TakingsQuery = z.infer<typeof TakingsQuery>;
