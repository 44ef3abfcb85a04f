import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  auditChanges,
  centsToEuros,
  orderReference,
  type EventData,
  type ExternalOrderCancel,
  type ExternalOrderImport,
  type ExternalOrderStored,
  type Order,
  type PaymentIssue,
  type StockConflict,
  type StockReservation,
} from '@edicola/contracts';
import {
  conflict,
  InternalCallError,
  notFound,
  type Audit,
  type Database,
  type Db,
  type EventBus,
  type IdempotencyKeys,
  type InternalClient,
  type Logger,
} from '@edicola/platform';
import { orderRecords, type StoredOrderLine } from '../db/schema';
import { decimalComma } from '../exports/italian-csv';
import { scorporo } from '../invoices/document';
import {
  createOrder,
  lockOrder,
  moveOrder,
  shopAudit,
  type Actor,
  type OrderRow,
} from '../orders/order-writer';
import { ORDER_NOT_FOUND, toCentsLine } from '../orders/queries';
import { orderWithRefunds } from '../orders/refunds';
import {
  closePlacement,
  dropPlacement,
  holdPlacement,
  isRefusal,
  PlacementGone,
  undoPlacement,
} from '../stock/placements';
import { checkReservation, reserveStock } from '../stock/reservations';

/*
 * Marketplace orders (docs/decisions/0049-marketplace-orders.md): an eBay buyer's order becomes an order of the
 * shop with channel `ebay`, paid (eBay collected the money), its units taken from the one stock like a web order's.
 * When the stock is not there any more (the last unit sold twice) the order is stored all the same with
 * `stock_conflict` and no unit taken, and staff choose which of the two orders to cancel.
 */

export interface ExternalOrderDeps {
  database: Database;
  bus: EventBus;
  internal: InternalClient;
  logger: Logger;
  keys: IdempotencyKeys;
  placementTimeoutMs: number;
}

export const NO_STOCK_YET_DETAIL =
  'Non ci sono ancora pezzi disponibili per questo ordine: annulla uno dei due ordini';
export const NO_OPEN_CONFLICT_DETAIL = 'Questo ordine non ha un conflitto di magazzino da risolvere';
export const EBAY_CANCEL_NOTICE = "Rimborsa l'acquirente su eBay";

/**
 * The VAT rate of a conflict order's lines until its units are taken (the reservation's snapshot then gives the
 * article's own rate): the ordinary rate, since no snapshot exists without a reservation.
 */
const PROVISIONAL_VAT = 22;

/** Orders still holding units in the shop (not yet shipped, not cancelled). */
const OPEN_STATUSES = ['pending', 'paid', 'confirmed'] as const;

const byExternalId = (channel: string, externalId: string) =>
  and(eq(orderRecords.channel, channel as 'ebay'), eq(orderRecords.externalId, externalId));

async function storedExternal(db: Db, channel: string, externalId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orderRecords).where(byExternalId(channel, externalId));
  return row;
}

const storedAnswer = (row: OrderRow, created: boolean): ExternalOrderStored => ({
  order_id: row.id,
  created,
  stock_conflict: row.stockConflict,
});

/** The units asked per article (a marketplace order may list one article on two lines). */
function unitsByArticle(lines: { article_id: string; quantity: number }[]) {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.article_id, (totals.get(line.article_id) ?? 0) + line.quantity);
  return [...totals].map(([article_id, quantity]) => ({ article_id, quantity }));
}

/** The order's lines at what the buyer paid, each one's net amount by scorporo at its article's VAT rate. */
function pricedLines(
  lines: {
    article_id: string;
    sku?: string;
    title?: string | null;
    quantity: number;
    unit_gross_cents?: number;
  }[],
  reservation: StockReservation | null,
): StoredOrderLine[] {
  const rates = new Map(reservation?.lines.map((line) => [line.article_id, line.iva_percentage]));
  return lines.map((line) => {
    const rate = rates.get(line.article_id) ?? PROVISIONAL_VAT;
    const unitGross = line.unit_gross_cents ?? 0;
    return {
      article_id: line.article_id,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unit_net_cents: scorporo(unitGross, rate),
      iva_percentage: rate,
      unit_gross_cents: unitGross,
      line_total_cents: unitGross * line.quantity,
    };
  });
}

/**
 * eBay's total is what the buyer paid, and the order keeps it; when it is not the lines plus shipping (a line's
 * cost that does not divide by its quantity, a charge the shop does not model) the order is flagged for staff
 * rather than refused: the sale happened, and refusing it would lose it.
 */
function totalIssue(request: ExternalOrderImport, subtotalCents: number): PaymentIssue | null {
  const expected = subtotalCents + request.shipping_cents;
  if (request.total_cents === expected) return null;
  return {
    code: 'amount_mismatch',
    detail: `eBay ha incassato ${decimalComma(request.total_cents)} € invece di ${decimalComma(expected)} € (righe più spedizione): controlla l'ordine su eBay`,
    payment_id: request.external_id,
    captured_amount: centsToEuros(request.total_cents),
    captured_currency: 'EUR',
    at: new Date().toISOString(),
  };
}

/** svc-catalog said no: not enough stock, or the article is not on sale (409), or no longer exists (404). */
const noStock = (error: unknown) =>
  isRefusal(error) &&
  ((error as InternalCallError).status === 409 || (error as InternalCallError).status === 404);

/**
 * POST /internal/orders/external: the order once per (channel, external_id), however often and however
 * concurrently it is sent. A stored one is answered at once; otherwise the import claims the external id (platform's
 * idempotency keys, so a twin call waits for it and then answers the same order, and a call resuming a dead one
 * goes on under the same order id) and places the order as the counter places a sale. The unique index on
 * (channel, external_id) backs this up. Answers whether this call created it.
 */
export async function importExternalOrder(
  deps: ExternalOrderDeps,
  request: ExternalOrderImport,
): Promise<ExternalOrderStored> {
  const db = deps.database.db;
  const existing = await storedExternal(db, request.channel, request.external_id);
  if (existing) return storedAnswer(existing, false);
  // The marketplace's word on its order is what the order is: a re-read that differs answers the first one.
  const idempotency = {
    scope: `channel:${request.channel}`,
    key: request.external_id,
    fingerprint: `${request.channel}:${request.external_id}`,
  };
  const claim = await deps.keys.claim(db, idempotency, () => randomUUID());
  const stored = await storedExternal(db, request.channel, request.external_id);
  if (stored) {
    if (claim.kind !== 'done') await deps.keys.complete(db, idempotency);
    return storedAnswer(stored, false);
  }
  try {
    const row = await placeExternalOrder(deps, request, claim.resourceId);
    await deps.keys.complete(db, idempotency);
    return storedAnswer(row, row.id === claim.resourceId);
  } catch (error) {
    await deps.keys.forget(db, idempotency);
    throw error;
  }
}

async function placeExternalOrder(
  deps: ExternalOrderDeps,
  request: ExternalOrderImport,
  orderId: string,
): Promise<OrderRow> {
  const db = deps.database.db;
  const placementDeps = { db, internal: deps.internal, logger: deps.logger };
  if (!(await holdPlacement(db, orderId, deps.placementTimeoutMs))) throw new PlacementGone();
  const asked = unitsByArticle(request.lines);
  let reservation: StockReservation | null = null;
  try {
    reservation = await reserveStock(deps.internal, orderId, asked, {
      channel: request.channel,
      username: 'ebay',
    });
    checkReservation(reservation, orderId, asked);
  } catch (error) {
    if (!noStock(error)) {
      if (isRefusal(error)) await dropPlacement(db, orderId);
      else await undoPlacement(placementDeps, orderId);
      throw error;
    }
    // The last unit went elsewhere first: stored without a unit, never a negative stock.
    await dropPlacement(db, orderId);
    deps.logger.warn(
      { order_id: orderId, external_id: request.external_id, err: error },
      'marketplace order found no stock: stored as a stock conflict for staff',
    );
  }
  const stockConflict = reservation === null;
  const items = pricedLines(request.lines, reservation);
  const subtotalCents = items.reduce((sum, item) => sum + item.line_total_cents!, 0);
  const address = request.shipping_address;
  const customerInfo = {
    name: address.name,
    email: request.buyer.email ?? '',
    phone: request.buyer.phone ?? '',
    address: address.address,
    city: address.city,
    zipCode: address.zip_code,
    province: address.province,
    country: address.country,
    notes: null,
    buyer_name: request.buyer.name,
    marketplace_username: request.buyer.username,
  };
  const createdAt = new Date(request.created_at);
  const paymentIssue = totalIssue(request, subtotalCents);
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const values = {
        id: orderId,
        customerId: null,
        channel: request.channel,
        externalId: request.external_id,
        stockConflict,
        subtotalCents,
        shippingCents: request.shipping_cents,
        totalCents: request.total_cents,
        shippingCountry: address.country,
        paymentMethod: 'ebay',
        items,
        customerInfo,
        invoiceData: null,
        paymentDueAt: null,
        paymentIssue,
        language: 'it' as const,
        orderDate: createdAt,
        createdAt: now,
        updatedAt: now,
      };
      const created = await createOrder(tx, deps.bus, values, externalOrderCreated(values, request));
      const paid = await moveOrder(tx, deps.bus, created, {
        at: now,
        status: { to: 'paid', kind: 'payment' },
        fields: { paymentStatus: 'paid' },
      });
      if (!stockConflict && !(await closePlacement(tx, orderId))) throw new PlacementGone();
      return paid;
    });
  } catch (error) {
    // A twin under another order id stored it first (the unique index): that order is the one, ours goes back.
    const twin = await storedExternal(db, request.channel, request.external_id).catch(() => undefined);
    if (twin && twin.id !== orderId) {
      if (!stockConflict) await undoPlacement(placementDeps, orderId);
      return twin;
    }
    if (twin) {
      if (!stockConflict) await dropPlacement(db, orderId);
      return twin;
    }
    if (!stockConflict) await undoPlacement(placementDeps, orderId);
    throw error;
  }
}

/**
 * `order.created` of a marketplace order, as stored at version 1 (then the payment move makes it paid): svc-notify
 * tells the shop, never the buyer (eBay tells the buyer).
 */
export function externalOrderCreated(
  values: Pick<
    OrderRow,
    | 'id'
    | 'items'
    | 'subtotalCents'
    | 'shippingCents'
    | 'totalCents'
    | 'shippingCountry'
    | 'createdAt'
    | 'stockConflict'
  >,
  request: ExternalOrderImport,
): EventData<'order.created'> {
  const address = request.shipping_address;
  return {
    order_id: values.id,
    order_reference: orderReference(values.id),
    order_version: 1,
    status: 'pending',
    payment_method: 'ebay',
    payment_status: 'pending',
    customer_id: null,
    customer_email: request.buyer.email ?? '',
    customer_name: request.buyer.name,
    items: values.items.map(toCentsLine),
    subtotal_cents: values.subtotalCents,
    shipping_cents: values.shippingCents,
    total_cents: values.totalCents,
    shipping_country: values.shippingCountry,
    shipping_address: {
      name: address.name,
      address: address.address,
      zip_code: address.zip_code,
      city: address.city,
      country: address.country,
    },
    bank_transfer: null,
    created_at: values.createdAt.toISOString(),
    payment_due_at: null,
    language: 'it',
    channel: 'ebay',
    external_id: request.external_id,
    stock_conflict: values.stockConflict,
  };
}

/**
 * POST /internal/orders/external/cancel: eBay cancelled or refunded the order. An open order is cancelled through
 * the order writer (its reservation goes back to the stock on `order.status_changed`, as a cancelled web order's;
 * a conflict order holds none); one already shipped keeps its status (its parcel left: a return is staff's). Either
 * way eBay gave the buyer the money back: the payment is `refunded` and the reason kept for the timeline. A repeat
 * changes nothing. 404 for an order never imported.
 */
export async function cancelExternalOrder(
  deps: Pick<ExternalOrderDeps, 'database' | 'bus'>,
  request: ExternalOrderCancel,
): Promise<Order> {
  const db = deps.database.db;
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: orderRecords.id })
      .from(orderRecords)
      .where(byExternalId(request.channel, request.external_id));
    if (!found) throw notFound(ORDER_NOT_FOUND);
    const order = (await lockOrder(tx, found.id))!;
    if (order.externalCancelReason !== null) return order;
    const now = new Date();
    const cancel = (OPEN_STATUSES as readonly string[]).includes(order.status);
    return moveOrder(tx, deps.bus, order, {
      at: now,
      ...(cancel ? { status: { to: 'cancelled' as const, kind: 'staff' as const } } : {}),
      fields: {
        externalCancelReason: request.reason.trim() || 'nessun motivo indicato',
        paymentStatus: 'refunded',
        refundedCents: order.totalCents,
        refundedAt: now,
      },
      audit: {
        to: shopAudit(deps.bus),
        entry: (before, after) => ({
          entity: 'order',
          entity_id: before.id,
          action: 'cancelled_on_marketplace',
          changes: auditChanges(
            { status: before.status, payment_status: before.paymentStatus },
            { status: after.status, payment_status: after.paymentStatus },
            ['status', 'payment_status'],
          ),
        }),
      },
    });
  });
  return orderWithRefunds(db, row);
}

/**
 * GET /api/orders/stock-conflicts: the marketplace orders that found no stock and are still open, oldest first, each
 * with the open orders holding units of its articles (the other side of the race), so staff can choose.
 */
export async function stockConflicts(db: Db): Promise<StockConflict[]> {
  const rows = await db
    .select()
    .from(orderRecords)
    .where(and(eq(orderRecords.stockConflict, true), ne(orderRecords.status, 'cancelled')))
    .orderBy(orderRecords.createdAt)
    .limit(200);
  const out: StockConflict[] = [];
  for (const row of rows) {
    const articleIds = [...new Set(row.items.map((item) => item.article_id))];
    const competing = await db
      .select({ id: orderRecords.id, channel: orderRecords.channel })
      .from(orderRecords)
      .where(
        and(
          ne(orderRecords.id, row.id),
          eq(orderRecords.stockConflict, false),
          inArray(orderRecords.status, [...OPEN_STATUSES]),
          or(
            ...articleIds.map(
              (id) => sql`${orderRecords.items} @> ${JSON.stringify([{ article_id: id }])}::jsonb`,
            ),
          ),
        ),
      )
      .orderBy(desc(orderRecords.createdAt))
      .limit(20);
    out.push({
      order_id: row.id,
      order_reference: orderReference(row.id),
      channel: 'ebay',
      external_id: row.externalId ?? '',
      created_at: row.createdAt.toISOString(),
      lines: row.items.map((item) => ({
        article_id: item.article_id,
        sku: item.sku ?? '',
        title: item.title ?? '',
        quantity: item.quantity,
      })),
      competing_orders: competing.map((order) => ({
        order_id: order.id,
        order_reference: orderReference(order.id),
        channel: order.channel,
      })),
    });
  }
  return out;
}

/**
 * POST /api/orders/{id}/stock-conflict/retry: staff freed a unit (they cancelled the other order): the conflict
 * order's units are reserved now under its own id (no placement: the order exists, and a cancellation of it gives
 * the reservation back), its lines repriced at the articles' VAT rates, the conflict cleared. Still no stock: 409.
 */
export async function retryStockConflict(
  deps: Pick<ExternalOrderDeps, 'database' | 'bus' | 'internal'>,
  orderId: string,
  staff: Actor,
  audit: Audit,
): Promise<Order> {
  const db = deps.database.db;
  const [order] = await db.select().from(orderRecords).where(eq(orderRecords.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!order.stockConflict || order.status === 'cancelled') throw conflict(NO_OPEN_CONFLICT_DETAIL);
  const asked = unitsByArticle(order.items);
  let reservation: StockReservation;
  try {
    reservation = await reserveStock(deps.internal, orderId, asked, {
      channel: 'ebay',
      username: staff.username,
    });
  } catch (error) {
    if (noStock(error)) throw conflict(NO_STOCK_YET_DETAIL);
    throw error;
  }
  checkReservation(reservation, orderId, asked);
  const row = await db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, orderId))!;
    // Cancelled meanwhile: its cancellation gives the reservation back (svc-catalog, once).
    if (!locked.stockConflict || locked.status === 'cancelled') return locked;
    return moveOrder(tx, deps.bus, locked, {
      at: new Date(),
      by: staff,
      fields: {
        stockConflict: false,
        stockConflictResolvedAt: new Date(),
        items: pricedLines(locked.items, reservation),
      },
      audit: {
        to: audit,
        entry: () => ({
          entity: 'order',
          entity_id: orderId,
          action: 'stock_conflict_resolved',
          changes: { stock_conflict: { from: true, to: false } },
        }),
      },
    });
  });
  return orderWithRefunds(db, row);
}
