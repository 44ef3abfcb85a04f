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
  fiscalNumberKey,
  type InvoiceDataUpdate,
  type InvoiceRequest,
  type OrderFilterQuery,
  type OrderListQuery,
  type OrderStatus,
  type PartialRefundRequest,
  type RecordTransferRequest,
} from '@edicola/contracts';
import { type ApiClient, downloadFile } from '@edicola/web-kit';

const id = (value: string) => encodeURIComponent(value);

/** The order page's order: OrderDetail, with its status history and credit notes. */
export const OrderPageData = OrderDetail;
export type OrderPageData = OrderDetail;

export const ordersApi = (client: ApiClient) => ({
  /** GET /api/orders with the list's filters and page: the page, the total and the tabs' counts. */
  list: (query: Partial<OrderListQuery> | undefined, signal?: AbortSignal) =>
    client.call('GET', '/api/orders', { query, signal, schema: OrderList }),
  get: (orderId: string, signal?: AbortSignal) =>
    client.call('GET', `/api/orders/${id(orderId)}`, { signal, schema: OrderPageData }),
  /** PUT /api/orders/{id}/status?status=..&tracking_number=.. (SPEC §7): tracking number or null. */
  setStatus: (orderId: string, status: OrderStatus, trackingNumber: string | null) =>
    client.call('PUT', `/api/orders/${id(orderId)}/status`, {
      query: { status, tracking_number: trackingNumber ?? 'null' },
      schema: Order,
    }),
  /** PUT /api/orders/{id}/payment: a bank transfer received. */
  recordTransfer: (orderId: string, transfer: RecordTransferRequest) =>
    client.call('PUT', `/api/orders/${id(orderId)}/payment`, { body: transfer, schema: Order }),
  timeline: (orderId: string, signal?: AbortSignal) =>
    client.call('GET', `/api/orders/${id(orderId)}/timeline`, { signal, schema: OrderTimeline }),
  addNote: (orderId: string, text: string) =>
    client.call('POST', `/api/orders/${id(orderId)}/notes`, {
      body: { text },
      schema: TimelineEntry,
    }),
  /** POST /api/orders/{id}/refunds; the key makes a repeated click (or a retry) one refund. */
  refund: (orderId: string, refund: PartialRefundRequest, idempotencyKey: string) =>
    client.call('POST', `/api/orders/${id(orderId)}/refunds`, {
      body: refund,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: Order,
    }),
  nextInvoiceNumber: (year: number | undefined, signal?: AbortSignal) =>
    client.call('GET', '/api/invoices/next-number', {
      query: { year },
      signal,
      schema: NextInvoiceNumber,
    }),
  /** PUT /orders/{id}/invoice {invoice_number, invoice_date} (SPEC §7). */
  saveInvoice: (orderId: string, invoice: InvoiceRequest) =>
    client.call('PUT', `/orders/${id(orderId)}/invoice`, { body: invoice, schema: Order }),
  /** PUT /api/orders/{id}/invoice-data: the buyer's fiscal data of an order not invoiced yet (decision 0033). */
  saveInvoiceData: (orderId: string, data: InvoiceDataUpdate) =>
    client.call('PUT', `/api/orders/${id(orderId)}/invoice-data`, { body: data, schema: Order }),
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
      schema: ShipmentQuotes,
    }),
  createShipment: (orderId: string, serviceId: string) =>
    client.call('POST', `/api/orders/${id(orderId)}/create-shipment`, {
      body: { service_id: serviceId },
      schema: CreateShipmentResponse,
    }),
  label: (shipmentId: string) => downloadFile(client, 'GET', `/api/shipments/${id(shipmentId)}/label`),
  packingSlip: (orderId: string) =>
    downloadFile(client, 'GET', `/api/orders/${id(orderId)}/packing-slip.pdf`),
  mergedLabels: (orderIds: string[]) =>
    downloadFile(client, 'POST', '/api/shipments/labels', { body: { order_ids: orderIds } }),
  /** GET /orders/export/csv with the list's filters (SPEC §7). */
  exportCsv: (filters: Partial<OrderFilterQuery>) =>
    downloadFile(client, 'GET', '/orders/export/csv', { query: filters }),
  takingsCsv: (month: string) =>
    downloadFile(client, 'GET', '/api/exports/takings.csv', { query: { month } }),
  /** svc-notify's e-mails about the order (newest first). */
  emails: (orderId: string, signal?: AbortSignal) =>
    client.call('GET', '/api/admin/emails', {
      query: { order_id: orderId },
      signal,
      schema: EmailLog,
    }),
});
