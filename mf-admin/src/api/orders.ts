import {
  BulkOrderResults,
  CreateShipmentResponse,
  LABELS_MISSING_HEADER,
  OrderChanges,
  EmailLog,
  NextInvoiceNumber,
  Order,
  OrderDetail,
  OrderList,
  OrderTimeline,
  ROUTES,
  SdiDocumentList,
  SdiSendResult,
  ShipmentQuotes,
  StockConflictList,
  TimelineEntry,
  fiscalNumberKey,
  type InvoiceDataUpdate,
  type OrderContactUpdate,
  type InvoiceRequest,
  type OrderFilterQuery,
  type OrderListQuery,
  type OrderStatus,
  type BulkShipRequest,
  type PartialRefundRequest,
  type RecordTransferRequest,
} from '@edicola/contracts';
import { type ApiClient, downloadFile } from '@edicola/web-kit';

const INVOICE_FILES = {
  pdf: ROUTES['GET /api/orders/:id/invoice.pdf'],
  xml: ROUTES['GET /api/orders/:id/invoice.xml'],
};
const CREDIT_NOTE_FILES = {
  pdf: ROUTES['GET /api/orders/:id/credit-notes/:number.pdf'],
  xml: ROUTES['GET /api/orders/:id/credit-notes/:number.xml'],
};

/** The order page's order: OrderDetail, with its status history and credit notes. */
export const OrderPageData = OrderDetail;
export type OrderPageData = OrderDetail;

export const ordersApi = (client: ApiClient) => ({
  /** GET /api/orders with the list's filters and page: the page, the total and the tabs' counts. */
  list: (query: Partial<OrderListQuery> | undefined, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/orders'], { query, signal, schema: OrderList }),
  get: (orderId: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/orders/:id'], {
      params: { id: orderId },
      signal,
      schema: OrderPageData,
    }),
  /**
   * PUT /api/orders/{id}/status?status=..&tracking_number=.. (docs/product/http-routes.md#svc-orders):
   * tracking number or null.
   */
  setStatus: (orderId: string, status: OrderStatus, trackingNumber: string | null) =>
    client.call(ROUTES['PUT /api/orders/:id/status'], {
      params: { id: orderId },
      query: { status, tracking_number: trackingNumber ?? 'null' },
      schema: Order,
    }),
  /** PUT /api/orders/{id}/payment: a bank transfer received. */
  recordTransfer: (orderId: string, transfer: RecordTransferRequest) =>
    client.call(ROUTES['PUT /api/orders/:id/payment'], {
      params: { id: orderId },
      body: transfer,
      schema: Order,
    }),
  timeline: (orderId: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/orders/:id/timeline'], {
      params: { id: orderId },
      signal,
      schema: OrderTimeline,
    }),
  addNote: (orderId: string, text: string) =>
    client.call(ROUTES['POST /api/orders/:id/notes'], {
      params: { id: orderId },
      body: { text },
      schema: TimelineEntry,
    }),
  /** POST /api/orders/{id}/refunds; the key makes a repeated click (or a retry) one refund. */
  refund: (orderId: string, refund: PartialRefundRequest, idempotencyKey: string) =>
    client.call(ROUTES['POST /api/orders/:id/refunds'], {
      params: { id: orderId },
      body: refund,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: Order,
    }),
  nextInvoiceNumber: (year: number | undefined, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/invoices/next-number'], {
      query: { year },
      signal,
      schema: NextInvoiceNumber,
    }),
  /** PUT /orders/{id}/invoice {invoice_number, invoice_date} (docs/product/http-routes.md#svc-orders). */
  saveInvoice: (orderId: string, invoice: InvoiceRequest) =>
    client.call(ROUTES['PUT /orders/:id/invoice'], {
      params: { id: orderId },
      body: invoice,
      schema: Order,
    }),
  /** PUT /api/orders/{id}/contact: the buyer's name, contacts and address, corrected before the order leaves. */
  saveContact: (orderId: string, contact: OrderContactUpdate) =>
    client.call(ROUTES['PUT /api/orders/:id/contact'], {
      params: { id: orderId },
      body: contact,
      schema: Order,
    }),
  /** PUT /api/orders/{id}/invoice-data: the buyer's fiscal data of an order not invoiced yet (decision 0033). */
  saveInvoiceData: (orderId: string, data: InvoiceDataUpdate) =>
    client.call(ROUTES['PUT /api/orders/:id/invoice-data'], {
      params: { id: orderId },
      body: data,
      schema: Order,
    }),
  invoiceFile: (orderId: string, format: 'pdf' | 'xml') =>
    downloadFile(client, INVOICE_FILES[format], { params: { id: orderId } }),
  creditNoteFile: (orderId: string, number: string, format: 'pdf' | 'xml') =>
    downloadFile(client, CREDIT_NOTE_FILES[format], {
      params: { id: orderId, number: fiscalNumberKey(number) },
    }),
  shipmentQuotes: (orderId: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/orders/:id/shipment-quotes'], {
      params: { id: orderId },
      signal,
      schema: ShipmentQuotes,
    }),
  createShipment: (orderId: string, serviceId: string) =>
    client.call(ROUTES['POST /api/orders/:id/create-shipment'], {
      params: { id: orderId },
      body: { service_id: serviceId },
      schema: CreateShipmentResponse,
    }),
  label: (shipmentId: string) =>
    downloadFile(client, ROUTES['GET /api/shipments/:id/label'], { params: { id: shipmentId } }),
  packingSlip: (orderId: string) =>
    downloadFile(client, ROUTES['GET /api/orders/:id/packing-slip.pdf'], { params: { id: orderId } }),
  mergedLabels: (orderIds: string[]) =>
    downloadFile(client, ROUTES['POST /api/shipments/labels'], { body: { order_ids: orderIds } }),
  /** GET /api/orders/changes: a token that moves with every order change (the list polls it). */
  changes: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/orders/changes'], { signal, schema: OrderChanges }),
  /** The bulk actions of the list (docs/product/back-office.md#bulk-actions): one result per order. */
  bulkConfirm: (orderIds: string[]) =>
    client.call(ROUTES['POST /api/orders/bulk/confirm'], {
      body: { order_ids: orderIds },
      schema: BulkOrderResults,
    }),
  bulkShip: (orders: BulkShipRequest['orders']) =>
    client.call(ROUTES['POST /api/orders/bulk/ship'], { body: { orders }, schema: BulkOrderResults }),
  bulkInvoice: (orderIds: string[]) =>
    client.call(ROUTES['POST /api/orders/bulk/invoice'], {
      body: { order_ids: orderIds },
      schema: BulkOrderResults,
    }),
  /** POST /api/orders/bulk/print: labels and packing slips in one PDF, and the references without a label. */
  bulkPrint: async (orderIds: string[]) => {
    const file = await downloadFile(client, ROUTES['POST /api/orders/bulk/print'], {
      body: { order_ids: orderIds },
    });
    const missing = (file.headers?.get(LABELS_MISSING_HEADER) ?? '')
      .split(',')
      .map((reference) => reference.trim())
      .filter(Boolean);
    return { file, missing };
  },
  /** GET /orders/export/csv with the list's filters (docs/product/back-office.md#orders-csv). */
  exportCsv: (filters: Partial<OrderFilterQuery>) =>
    downloadFile(client, ROUTES['GET /orders/export/csv'], { query: filters }),
  takingsCsv: (month: string) =>
    downloadFile(client, ROUTES['GET /api/exports/takings.csv'], { query: { month } }),
  /** svc-notify's e-mails about the order (newest first). */
  emails: (orderId: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/emails'], {
      query: { order_id: orderId },
      signal,
      schema: EmailLog,
    }),
  /** GET /api/orders/{id}/sdi: the order's invoices and credit notes on their way to the SdI. */
  sdi: (orderId: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/orders/:id/sdi'], {
      params: { id: orderId },
      signal,
      schema: SdiDocumentList,
    }),
  /** POST /api/admin/sdi/send: these documents (to send, or rejected and corrected) to the SdI. */
  sendToSdi: (documentIds: string[]) =>
    client.call(ROUTES['POST /api/admin/sdi/send'], {
      body: { document_ids: documentIds },
      schema: SdiSendResult,
    }),
  /** GET /api/orders/stock-conflicts: eBay orders that found no stock, still open (the top of Ordini). */
  stockConflicts: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/orders/stock-conflicts'], { signal, schema: StockConflictList }),
  /** POST /api/orders/{id}/stock-conflict/retry: take the eBay order's units now (409 with why while missing). */
  retryStockConflict: (orderId: string) =>
    client.call(ROUTES['POST /api/orders/:id/stock-conflict/retry'], { params: { id: orderId } }),
});
