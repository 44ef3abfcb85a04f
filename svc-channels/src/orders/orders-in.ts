import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { ExternalOrderStored, type ExternalOrderCancel, type ExternalOrderImport } from '@edicola/contracts';
import { InternalCallError, type EventHandler, type InternalClient } from '@edicola/platform';
import type { EbayOrder } from '../ebay/api';
import { accountRow, isConnected, updateAccount } from '../ebay-account/account';
import { ebayOrders, listings } from '../db/schema';
import { FULFILLMENT_JOB, type ChannelsContext } from '../context';

/** eBay's orders are read from this long before the last one seen: a change eBay records late is still read. */
export const CURSOR_MARGIN_MS = 2 * 60_000;
const PAGE = 100;

const cents = (amount: { value: string } | undefined) =>
  amount ? Math.round(Number(amount.value) * 100) : 0;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The shop's order for an eBay order, its SKUs mapped to the shop's articles. */
export function importOf(order: EbayOrder, articleIdBySku: Map<string, string>): ExternalOrderImport {
  const shipTo = order.fulfillmentStartInstructions[0]?.shippingStep.shipTo;
  const registered = order.buyer.buyerRegistrationAddress;
  const email = shipTo?.email ?? registered?.email ?? null;
  const name = (shipTo?.fullName || registered?.fullName || order.buyer.username).slice(0, 200);
  const address = shipTo?.contactAddress;
  return {
    channel: 'ebay',
    external_id: order.orderId,
    buyer: {
      name,
      email: email && EMAIL.test(email) ? email : null,
      username: order.buyer.username.slice(0, 100),
      phone: shipTo?.primaryPhone?.phoneNumber.slice(0, 40) ?? null,
    },
    shipping_address: {
      name,
      address: [address?.addressLine1, address?.addressLine2].filter(Boolean).join(', ').slice(0, 400) || '-',
      zip_code: address?.postalCode ?? null,
      city: address?.city || '-',
      province: address?.stateOrProvince ?? null,
      country: address?.countryCode ?? 'IT',
    },
    lines: order.lineItems.map((line) => ({
      article_id: articleIdBySku.get(line.sku!)!,
      sku: line.sku!,
      title: line.title.slice(0, 300),
      quantity: line.quantity,
      // eBay's lineItemCost is the line's total.
      unit_gross_cents: Math.round(cents(line.lineItemCost) / line.quantity),
    })),
    shipping_cents: cents(order.pricingSummary.deliveryCost),
    total_cents: cents(order.pricingSummary.total),
    paid_at: order.lastModifiedDate,
    created_at: order.creationDate,
  };
}

/** svc-orders stores the order once per eBay order id: sending it again answers the same order. */
export async function storeExternalOrder(
  internal: InternalClient,
  body: ExternalOrderImport,
): Promise<ExternalOrderStored> {
  return ExternalOrderStored.parse(
    await internal.post('svc-orders', '/internal/orders/external', body, {
      idempotencyKey: `ebay:${body.external_id}`,
    }),
  );
}

/** eBay cancelled or refunded an imported order: svc-orders cancels it (once, however often it is asked). */
export async function cancelExternalOrder(
  internal: InternalClient,
  body: ExternalOrderCancel,
): Promise<void> {
  await internal.post('svc-orders', '/internal/orders/external/cancel', body, {
    idempotencyKey: `ebay-cancel:${body.external_id}`,
  });
}

const cancelledOnEbay = (order: EbayOrder) =>
  order.cancelStatus.cancelState === 'CANCELED' || order.orderPaymentStatus === 'FULLY_REFUNDED';

/** svc-orders refused the order for good (a 4xx other than a rate limit): a problem to show, not to retry now. */
const refused = (err: unknown) =>
  err instanceof InternalCallError &&
  err.upstreamStatus !== undefined &&
  err.upstreamStatus >= 400 &&
  err.upstreamStatus < 500 &&
  err.upstreamStatus !== 429;

async function recordProblem(ctx: ChannelsContext, orderId: string, problem: string): Promise<void> {
  ctx.logger.warn({ ebay_order_id: orderId, problem }, 'eBay order not imported');
  await ctx.database.db.update(ebayOrders).set({ problem }).where(eq(ebayOrders.orderId, orderId));
  await updateAccount(ctx.database.db, {
    lastError: `Ordine eBay ${orderId} non importato: ${problem}`.slice(0, 500),
    lastErrorAt: new Date(),
  });
}

/**
 * One eBay order as the poll reads it: a paid one not yet imported becomes an order of the shop (svc-orders
 * stores it once per eBay order id, so sending it again after a crash gives the same order); an imported one
 * eBay cancelled or refunded is cancelled in the shop. No transaction is held across a call.
 */
export async function handleEbayOrder(ctx: ChannelsContext, order: EbayOrder): Promise<void> {
  const db = ctx.database.db;
  await db
    .insert(ebayOrders)
    .values({
      orderId: order.orderId,
      lastModifiedAt: new Date(order.lastModifiedDate),
      lineItems: order.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
    })
    .onConflictDoUpdate({
      target: ebayOrders.orderId,
      set: { lastModifiedAt: new Date(order.lastModifiedDate) },
    });
  const [seen] = await db.select().from(ebayOrders).where(eq(ebayOrders.orderId, order.orderId));
  if (seen!.shopOrderId) {
    if (!cancelledOnEbay(order) || seen!.cancelledAt) return;
    const body: ExternalOrderCancel = {
      channel: 'ebay',
      external_id: order.orderId,
      reason:
        order.cancelStatus.cancelState === 'CANCELED'
          ? 'Ordine annullato su eBay'
          : 'Ordine rimborsato interamente su eBay',
    };
    await cancelExternalOrder(ctx.internal, body);
    await db.update(ebayOrders).set({ cancelledAt: new Date() }).where(eq(ebayOrders.orderId, order.orderId));
    return;
  }
  if (cancelledOnEbay(order) || order.orderPaymentStatus !== 'PAID') return;

  const skus = [...new Set(order.lineItems.map((l) => l.sku ?? ''))];
  const known = await db
    .select({ sku: listings.sku, articleId: listings.articleId })
    .from(listings)
    .where(inArray(listings.sku, skus));
  const bySku = new Map(known.map((k) => [k.sku, k.articleId]));
  const unknown = skus.filter((sku) => !bySku.has(sku));
  if (unknown.length > 0) {
    await recordProblem(
      ctx,
      order.orderId,
      `SKU sconosciuto al negozio: ${unknown.map((s) => s || '(senza SKU)').join(', ')}`,
    );
    return;
  }
  let stored: ExternalOrderStored;
  try {
    stored = await storeExternalOrder(ctx.internal, importOf(order, bySku));
  } catch (err) {
    if (!refused(err)) throw err;
    await recordProblem(ctx, order.orderId, (err as InternalCallError).detail);
    return;
  }
  await db
    .update(ebayOrders)
    .set({
      shopOrderId: stored.order_id,
      importedAt: new Date(),
      stockConflict: stored.stock_conflict,
      problem: null,
    })
    .where(eq(ebayOrders.orderId, order.orderId));
  if (stored.stock_conflict)
    ctx.logger.warn(
      { ebay_order_id: order.orderId, order_id: stored.order_id },
      'eBay order found no stock: flagged to staff',
    );
}

/**
 * The order poll: eBay's orders modified since the cursor (less a margin), page by page; the cursor moves only
 * once a page is done, so an order that failed is read again at the next poll.
 */
export async function pollOrders(ctx: ChannelsContext): Promise<number> {
  const db = ctx.database.db;
  const acct = await accountRow(db);
  if (!ctx.api || !isConnected(acct)) return 0;
  const since = new Date((acct.ordersCursor ?? new Date()).getTime() - CURSOR_MARGIN_MS);
  let offset = 0;
  let read = 0;
  for (;;) {
    const page = await ctx.api.getOrders(since, offset, PAGE);
    try {
      for (const order of page.orders) await handleEbayOrder(ctx, order);
    } catch (err) {
      // svc-orders unreachable: the page is read again at the next poll (the cursor has not moved).
      if (err instanceof InternalCallError)
        await updateAccount(db, {
          lastError: `Ordini eBay non importati: il servizio ordini non risponde (${err.detail}); riprovo al prossimo giro`,
          lastErrorAt: new Date(),
        });
      throw err;
    }
    read += page.orders.length;
    const newest = page.orders.reduce(
      (max, o) => Math.max(max, new Date(o.lastModifiedDate).getTime()),
      acct.ordersCursor?.getTime() ?? 0,
    );
    const cursor = (await accountRow(db)).ordersCursor;
    if (newest > (cursor?.getTime() ?? 0)) await updateAccount(db, { ordersCursor: new Date(newest) });
    offset += page.orders.length;
    if (page.orders.length === 0 || offset >= page.total) break;
  }
  // Orders left with a problem (an SKU unknown then) are asked for again until imported or 30 days old.
  const problems = await db
    .select({ orderId: ebayOrders.orderId })
    .from(ebayOrders)
    .where(
      and(
        isNotNull(ebayOrders.problem),
        isNull(ebayOrders.shopOrderId),
        gt(ebayOrders.firstSeenAt, new Date(Date.now() - 30 * 86_400_000)),
      ),
    );
  for (const { orderId } of problems) {
    const order = await ctx.api.getOrder(orderId);
    if (order) await handleEbayOrder(ctx, order);
  }
  await updateAccount(db, { lastOrdersReadAt: new Date() });
  return read;
}

/** eBay's carrier codes of the carriers the shop ships with (Packlink's names); anything else is 'Other'. */
const CARRIER_CODES: [RegExp, string][] = [
  [/brt|bartolini/i, 'BRT'],
  [/gls/i, 'GLS'],
  [/sda/i, 'SDA'],
  [/poste/i, 'PosteItaliane'],
  [/dhl/i, 'DHL'],
  [/ups/i, 'UPS'],
  [/fedex|tnt/i, 'FedEx'],
  [/inpost/i, 'InPost'],
];

export const carrierCodeOf = (carrier: string | null | undefined) =>
  CARRIER_CODES.find(([pattern]) => carrier && pattern.test(carrier))?.[1] ?? 'Other';

interface FulfillmentPayload {
  ebay_order_id: string;
  tracking_number: string;
  carrier: string | null;
}

/** An imported eBay order shipped with a tracking number: a job sends it to eBay, once. */
export function onOrderStatusChanged(ctx: ChannelsContext): EventHandler<'order.status_changed'> {
  return async (event, tx) => {
    const { order_id, to, tracking_number, carrier } = event.data;
    if (to !== 'shipped' || !tracking_number) return;
    const [row] = await tx.select().from(ebayOrders).where(eq(ebayOrders.shopOrderId, order_id));
    if (!row || row.trackingSentAt) return;
    await tx
      .update(ebayOrders)
      .set({ trackingNumber: tracking_number })
      .where(eq(ebayOrders.orderId, row.orderId));
    await ctx.jobs.enqueue<FulfillmentPayload>(
      tx,
      FULFILLMENT_JOB,
      { ebay_order_id: row.orderId, tracking_number, carrier: carrier ?? null },
      { key: `${row.orderId}:${tracking_number}` },
    );
  };
}

export async function runFulfillmentJob(ctx: ChannelsContext, payload: FulfillmentPayload): Promise<void> {
  const db = ctx.database.db;
  const [row] = await db.select().from(ebayOrders).where(eq(ebayOrders.orderId, payload.ebay_order_id));
  if (!row || row.trackingSentAt) return;
  // Not connected (or eBay off): the job fails and waits for the account to be connected again.
  if (!ctx.api || !isConnected(await accountRow(db))) throw new Error('eBay account not connected');
  await ctx.api.createShippingFulfillment(row.orderId, {
    lineItems: row.lineItems,
    shippedDate: new Date().toISOString(),
    shippingCarrierCode: carrierCodeOf(payload.carrier),
    trackingNumber: payload.tracking_number,
  });
  await db.update(ebayOrders).set({ trackingSentAt: new Date() }).where(eq(ebayOrders.orderId, row.orderId));
}
