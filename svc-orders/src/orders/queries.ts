import { asc, eq } from 'drizzle-orm';
import {
  centsToEuros,
  orderReference,
  type Order,
  type OrderDetail,
  type OrderShipment,
  type OrderRefundEntry,
  type OrderItem,
  type InternalOrder,
  type PaymentMethod,
} from '@edicola/contracts';
import { notFound, type Db } from '@edicola/platform';
import { orderRecords, orderStatusHistory, shipments } from '../db/schema';
import { moneyTaken } from './payment-state';
import { creditNotesOf } from '../invoices/credit-notes';
import { refundsOfOrders } from './refunds';
import { depositOf, presaleAmountDue } from '../presales/deposits';

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
    discount: centsToEuros(line.discount_cents ?? 0),
  };
}

/** An order as the staff API answers it; `refunds` are its refund requests (orders/refunds.ts), oldest first. */
export function toOrder(row: Row, refunds: OrderRefundEntry[] = []): Order {
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
    discount_code: row.discountCode,
    discount_amount: centsToEuros(row.discountCents),
    gift_card_amount: centsToEuros(row.giftCardCents),
    shipping_country: row.shippingCountry,
    payment_method: row.paymentMethod as PaymentMethod | 'ebay',
    payment_status: row.paymentStatus,
    payment_intent_id: row.paymentIntentId,
    payment_demo: row.paymentDemo,
    refunded_amount: centsToEuros(row.refundedCents ?? 0),
    payment_issue: row.paymentIssue ?? null,
    tracking_number: row.trackingNumber,
    packlink_shipment_id: row.packlinkShipmentId,
    packlink_data: row.packlinkData
      ? {
          tracking_number: row.packlinkData.tracking_number ?? null,
          carrier_name: row.packlinkData.carrier_name ?? null,
        }
      : null,
    invoice_data: row.invoiceData ?? null,
    // Only while the order still waits for its money (contracts' Order): a paid or cancelled one has no deadline.
    payment_due_at:
      row.status === 'pending' && !moneyTaken(row.paymentStatus)
        ? (row.paymentDueAt?.toISOString() ?? null)
        : null,
    transfer_payment: transferPaymentOf(row),
    refund: refundOf(row),
    refunds,
    // Ordini lists web and eBay orders only (a counter sale is read through the Cassa's own views).
    channel: row.channel === 'ebay' ? 'ebay' : 'web',
    external_id: row.externalId,
    stock_conflict: row.stockConflict,
    deposit: depositOf(row),
  };
}

/** The bank transfer staff recorded, in euros. */
export function transferPaymentOf(row: Row): Order['transfer_payment'] {
  const t = row.transferPayment;
  if (!t) return null;
  return {
    received_on: t.received_on,
    amount: centsToEuros(t.amount_cents),
    bank_reference: t.bank_reference,
    amount_matches: t.amount_matches,
    recorded_by: t.recorded_by,
    recorded_at: t.recorded_at,
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

/** A stored line in integer cents, as svc-payments and the order events carry it. */
export function toCentsLine(line: Row['items'][number]) {
  return {
    article_id: line.article_id,
    sku: line.sku ?? '',
    title: line.title ?? '',
    quantity: line.quantity,
    unit_net_cents: line.unit_net_cents ?? 0,
    iva_percentage: line.iva_percentage ?? 0,
    unit_gross_cents: line.unit_gross_cents ?? 0,
    line_total_cents: line.line_total_cents ?? 0,
    ...(line.discount_cents ? { discount_cents: line.discount_cents } : {}),
  };
}

/** An order as svc-payments needs it (GET /internal/orders/{id}, POST /internal/orders): amounts in cents. */
export function toInternalOrder(row: Row): Omit<InternalOrder, 'cancel_token'> {
  const info = row.customerInfo;
  return {
    order_id: row.id,
    order_reference: orderReference(row.id),
    status: row.status,
    payment_method: row.paymentMethod as PaymentMethod,
    payment_status: row.paymentStatus,
    customer_email: text(info.email),
    customer_name: text(info.name),
    items: row.items.map(toCentsLine),
    subtotal_cents: row.subtotalCents,
    shipping_cents: row.shippingCents,
    total_cents: row.totalCents,
    ...(row.discountCode ? { discount_cents: row.discountCents } : {}),
    gift_card_cents: row.giftCardCents,
    ...amountDueFields(row),
    created_at: row.createdAt.toISOString(),
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
  };
}

/** GET /internal/orders/{id}. */
export async function internalOrder(db: Db, id: string): Promise<Omit<InternalOrder, 'cancel_token'>> {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toInternalOrder(row);
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
  const refunds = await refundsOfOrders(db, [id]);
  return {
    ...toOrder(row, refunds.get(id) ?? []),
    status_history: history.map((entry) => ({
      from: entry.fromStatus,
      to: entry.toStatus,
      changed_by: entry.changedBy,
      changed_by_id: entry.changedById,
      changed_at: entry.changedAt.toISOString(),
      tracking_number: entry.trackingNumber,
    })),
    credit_notes: await creditNotesOf(db, id),
    shipment: await shipmentOf(db, id),
  };
}

/** The order's Packlink shipment (one per order), as the order page shows it. */
async function shipmentOf(db: Db, orderId: string): Promise<OrderShipment | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (!row) return null;
  return {
    state: row.state as OrderShipment['state'],
    packlink_reference: row.packlinkReference,
    carrier_name: row.carrierName,
    service_name: row.serviceName,
    price: centsToEuros(row.priceCents),
    tracking_number: row.trackingNumber,
    tracking_url: row.trackingUrl,
    demo: row.demo,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** A pre-order's payment takes its deposit, then its balance (docs/decisions/0066-presale-deposits.md). */
function amountDueFields(row: Row): Pick<InternalOrder, 'amount_due_cents' | 'amount_due_kind'> {
  const due = presaleAmountDue(row);
  return due ? { amount_due_cents: due.cents, amount_due_kind: due.kind } : {};
}
