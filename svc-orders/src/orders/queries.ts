import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  OrderStatus,
  centsToEuros,
  orderReference,
  type Order,
  type OrderDetail,
  type OrderItem,
  type OrderList,
  type InternalOrder,
  type OrderStatusCounts,
  type PaymentMethod,
} from '@edicola/contracts';
import { notFound, type Db } from '@edicola/platform';
import { orderRecords, orderStatusHistory } from '../db/schema';

type Row = typeof orderRecords.$inferSelect;

export const ORDER_NOT_FOUND = 'Ordine non trovato';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** An order as the staff API answers it. */
/** A stored line as the API answers it (euros; lines stored before a field existed get empty values). */
export function toOrderItem(line: Row['items'][number]): OrderItem {
  return {
    article_id: line.article_id,
    sku: line.sku ?? '',
    title: line.title ?? '',
    quantity: line.quantity,
    price: centsToEuros(line.unit_net_cents ?? 0),
    iva_percentage: line.iva_percentage ?? 0,
    unit_gross: centsToEuros(line.unit_gross_cents ?? 0),
    line_total: centsToEuros(line.line_total_cents ?? 0),
  };
}

export function toOrder(row: Row): Order {
  const info = row.customerInfo;
  return {
    id: row.id,
    order_reference: orderReference(row.id),
    order_date: row.orderDate.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: row.status,
    order_version: row.orderVersion,
    customer_id: row.customerId,
    customer_info: {
      name: text(info.name),
      email: text(info.email),
      phone: text(info.phone),
      address: text(info.address),
      city: text(info.city),
      zipCode: textOrNull(info.zipCode),
      notes: textOrNull(info.notes),
      country: textOrNull(info.country) ?? row.shippingCountry,
    },
    items: row.items.map(toOrderItem),
    subtotal_amount: centsToEuros(row.subtotalCents),
    shipping_cost: centsToEuros(row.shippingCents),
    total_amount: centsToEuros(row.totalCents),
    shipping_country: row.shippingCountry,
    payment_method: row.paymentMethod as PaymentMethod,
    payment_status: row.paymentStatus,
    payment_intent_id: row.paymentIntentId,
    tracking_number: row.trackingNumber,
    packlink_shipment_id: row.packlinkShipmentId,
    packlink_data: row.packlinkData
      ? {
          tracking_number: row.packlinkData.tracking_number ?? null,
          carrier_name: row.packlinkData.carrier_name ?? null,
        }
      : null,
    invoice_data: row.invoiceData ?? null,
    refund: refundOf(row),
  };
}

/** The money going back, once a refund was asked (or the provider reported one). */
export function refundOf(row: Row): Order['refund'] {
  if (!row.refundReason) return null;
  return {
    reason: row.refundReason,
    requested_at: (row.refundRequestedAt ?? row.refundedAt ?? row.updatedAt).toISOString(),
    refunded_at: row.refundedAt?.toISOString() ?? null,
    amount: row.refundedCents === null ? null : centsToEuros(row.refundedCents),
  };
}

/** An order as svc-payments needs it (GET /internal/orders/{id}, POST /internal/orders): amounts in cents. */
export function toInternalOrder(row: Row): InternalOrder {
  const info = row.customerInfo;
  return {
    order_id: row.id,
    order_reference: orderReference(row.id),
    status: row.status,
    payment_method: row.paymentMethod as PaymentMethod,
    payment_status: row.paymentStatus,
    customer_email: text(info.email),
    customer_name: text(info.name),
    items: row.items.map((line) => ({
      article_id: line.article_id,
      sku: line.sku ?? '',
      title: line.title ?? '',
      quantity: line.quantity,
      unit_net_cents: line.unit_net_cents ?? 0,
      iva_percentage: line.iva_percentage ?? 0,
      unit_gross_cents: line.unit_gross_cents ?? 0,
      line_total_cents: line.line_total_cents ?? 0,
    })),
    subtotal_cents: row.subtotalCents,
    shipping_cents: row.shippingCents,
    total_cents: row.totalCents,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /internal/orders/{id}. */
export async function internalOrder(db: Db, id: string): Promise<InternalOrder> {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toInternalOrder(row);
}

/** GET /api/orders: newest first, optionally of one status, with the counts per status of all orders. */
export async function listOrders(db: Db, status?: OrderStatus): Promise<OrderList> {
  const rows = await db
    .select()
    .from(orderRecords)
    .where(status ? eq(orderRecords.status, status) : undefined)
    .orderBy(desc(orderRecords.createdAt), desc(orderRecords.id));
  const grouped = await db
    .select({ status: orderRecords.status, count: sql<number>`count(*)::int` })
    .from(orderRecords)
    .groupBy(orderRecords.status);
  const counts = Object.fromEntries([
    ['all', 0],
    ...OrderStatus.options.map((s) => [s, 0]),
  ]) as OrderStatusCounts;
  for (const group of grouped) {
    counts[group.status] = group.count;
    counts.all += group.count;
  }
  return { orders: rows.map(toOrder), counts };
}

/** GET /api/orders/{id}: the order with its status history, oldest first. */
export async function orderDetail(db: Db, id: string): Promise<OrderDetail> {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.id));
  return {
    ...toOrder(row),
    status_history: history.map((entry) => ({
      from: entry.fromStatus,
      to: entry.toStatus,
      changed_by: entry.changedBy,
      changed_by_id: entry.changedById,
      changed_at: entry.changedAt.toISOString(),
      tracking_number: entry.trackingNumber,
    })),
  };
}
