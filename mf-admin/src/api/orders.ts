import {
  CreateShipmentResponse,
  EmailLog,
  NextInvoiceNumber,
  Order,
  OrderDetail,
  OrderList,
  OrderTimeline,
  ShipmentQuotes,
  TimelineEntry,
  type ApiClient,
  fiscalNumberKey,
  type InvoiceDataUpdate,
  type InvoiceRequest,
  type OrderFilterQuery,
  type OrderListQuery,
  type OrderStatus,
  type PartialRefundRequest,
  type RecordTransferRequest,
} from '@edicola/contracts';
import { downloadFile } from './download';
import { parsedBy } from './parsed';

const id = (value: string) => encodeURIComponent(value);

/** The order page's order: OrderDetail, with its status history and credit notes. */
export const OrderPageData = OrderDetail;
export type OrderPageData = OrderDetail;

export const ordersApi = (client: ApiClient) => ({
  /** GET /api/orders with the list's filters and page: the page, the total and the tabs' counts. */
  list: (query: Partial<OrderListQuery> | undefined, signal?: AbortSignal) =>
    client.call('GET', '/api/orders', { query, signal, check: parsedBy(OrderList) }),
  get: (orderId: string, signal?: AbortSignal) =>
    client.call('GET', `/api/orders/${id(orderId)}`, { signal, check: parsedBy(OrderPageData) }),
  /**
   * PUT /api/orders/{id}/status?status=..&tracking_number=.. (docs/product/http-routes.md#svc-orders):
   * tracking number or null.
   */
  setStatus: (orderId: string, status: OrderStatus, trackingNumber: string | null) =>
    client.call('PUT', `/api/orders/${id(orderId)}/status`, {
      query: { status, tracking_number: trackingNumber ?? 'null' },
      check: parsedBy(Order),
    }),
  /** PUT /api/orders/{id}/payment: a bank transfer received. */
  recordTransfer: (orderId: string, transfer: RecordTransferRequest) =>
    client.call('PUT', `/api/orders/${id(orderId)}/payment`, { body: transfer, check: parsedBy(Order) }),
  timeline: (orderId: string, signal?: AbortSignal) =>
    client.call('GET', `/api/orders/${id(orderId)}/timeline`, { signal, check: parsedBy(OrderTimeline) }),
  addNote: (orderId: string, text: string) =>
    client.call('POST', `/api/orders/${id(orderId)}/notes`, {
      body: { text },
      check: parsedBy(TimelineEntry),
    }),
  /** POST /api/orders/{id}/refunds; the key makes a repeated click (or a retry) one refund. */
  refund: (orderId: string, refund: PartialRefundRequest, idempotencyKey: string) =>
    client.call('POST', `/api/orders/${id(orderId)}/refunds`, {
      body: refund,
      headers: { 'Idempotency-Key': idempotencyKey },
      check: parsedBy(Order),
    }),
  nextInvoiceNumber: (year: number | undefined, signal?: AbortSignal) =>
    client.call('GET', '/api/invoices/next-number', {
      query: { year },
      signal,
      check: parsedBy(NextInvoiceNumber),
    }),
  /** PUT /orders/{id}/invoice {invoice_number, invoice_date} (docs/product/http-routes.md#svc-orders). */
  saveInvoice: (orderId: string, invoice: InvoiceRequest) =>
    client.call('PUT', `/orders/${id(orderId)}/invoice`, { body: invoice, check: parsedBy(Order) }),
  /** PUT /api/orders/{id}/invoice-data: the buyer's fiscal data of an order not invoiced yet (decision 0033). */
  saveInvoiceData: (orderId: string, data: InvoiceDataUpdate) =>
    client.call('PUT', `/api/orders/${id(orderId)}/invoice-data`, { body: data, check: parsedBy(Order) }),
  invoiceFile: (orderId: string, format: 'pdf' | 'xml') =>
    downloadFile(client, 'GET', `/api/orders/${id(orderId)}/invoice.${format}`),
  creditNoteFile: (orderId: string, number: string, format: 'pdf' | 'xml') =>
    downloadFile(
      client,
      'GET',
      `/api/orders/${id(orderId)}/credit-notes/${id(fiscalNumberKey(number))}.${format}`,
    ),
  shipmentQuotes: (orderId: string, signal?: AbortSignal) =>
    client.call('GET', `/api/orders/${id(orderId)}/shipment-quotes`, {
      signal,
      check: parsedBy(ShipmentQuotes),
    }),
  createShipment: (orderId: string, serviceId: string) =>
    client.call('POST', `/api/orders/${id(orderId)}/create-shipment`, {
      body: { service_id: serviceId },
      check: parsedBy(CreateShipmentResponse),
    }),
  label: (shipmentId: string) => downloadFile(client, 'GET', `/api/shipments/${id(shipmentId)}/label`),
  packingSlip: (orderId: string) =>
    downloadFile(client, 'GET', `/api/orders/${id(orderId)}/packing-slip.pdf`),
  mergedLabels: (orderIds: string[]) =>
    downloadFile(client, 'POST', '/api/shipments/labels', { body: { order_ids: orderIds } }),
  /** GET /orders/export/csv with the list's filters (docs/product/back-office.md#orders-csv). */
  exportCsv: (filters: Partial<OrderFilterQuery>) =>
    downloadFile(client, 'GET', '/orders/export/csv', { query: filters }),
  takingsCsv: (month: string) =>
    downloadFile(client, 'GET', '/api/exports/takings.csv', { query: { month } }),
  /** svc-notify's e-mails about the order (newest first). */
  emails: (orderId: string, signal?: AbortSignal) =>
    client.call('GET', '/api/admin/emails', {
      query: { order_id: orderId },
      signal,
      check: parsedBy(EmailLog),
    }),
});
