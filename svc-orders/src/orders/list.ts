import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_TAB_STATUSES,
  OrderStatus,
  type OrderFilterQuery,
  type OrderList,
  type OrderListQuery,
  type OrderSort,
  type OrderStatusCounts,
} from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { toOrder } from './queries';
import { refundsOfOrders } from './refunds';
import { nextDay, romeDayStart } from './rome-time';

const t = orderRecords;

/**
 * The payment filter of the Ordini list, on the order's own payment fields:
 * - `paid`: the money was checked and is kept, real money: payment_status `paid` (a provider's payment whose amount
 *   was the total, or a bank transfer staff recorded) and not a demo payment. Nothing of it went back.
 * - `to_pay`: money still awaited: payment_status `pending` or `failed` (a failed attempt may be retried) of an order
 *   that is not cancelled.
 * - `refunded`: some or all of the money is going or went back: payment_status `refunding`, `partially_refunded` or
 *   `refunded`, or any refunded amount.
 * - `demo`: paid through the demo stand-in of a provider (no money moved), whatever happened next.
 */
function paymentCondition(payment: OrderFilterQuery['payment']): SQL | undefined {
  switch (payment) {
    case 'paid':
      return and(eq(t.paymentStatus, 'paid'), eq(t.paymentDemo, false));
    case 'to_pay':
      return and(inArray(t.paymentStatus, ['pending', 'failed']), ne(t.status, 'cancelled'));
    case 'refunded':
      return or(
        inArray(t.paymentStatus, ['refunding', 'partially_refunded', 'refunded']),
        sql`coalesce(${t.refundedCents}, 0) > 0`,
      );
    case 'demo':
      return eq(t.paymentDemo, true);
    default:
      return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^ORD-([0-9a-f]{8})$/i;
const SHORT_ID = /^[0-9a-f]{8}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `%`, `_` and `\` are themselves in a LIKE pattern. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search box: an order reference (ORD-1A2B3C4D, or its 8 characters), an order id, a marketplace's order id
 * (eBay's 12-34567-89012, whole), a customer's whole e-mail address, or part of the customer's name or e-mail;
 * without regard to case. A reference uses its index (orders_reference_idx); a name or e-mail
 * scans the short lower-cased search_text column.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (UUID.test(q)) return eq(t.id, q.toLowerCase());
  // A whole e-mail address finds that customer's orders through its index (orders_email_idx), not every address
  // containing it.
  if (EMAIL.test(q)) return sql`lower(${t.customerInfo}->>'email') = ${q.toLowerCase()}`;
  const reference = REFERENCE.exec(q);
  if (reference) return sql`right(${t.id}::text, 8) = ${reference[1]!.toLowerCase()}`;
  const text = or(sql`${t.searchText} like ${`%${likeEscaped(q.toLowerCase())}%`}`, eq(t.externalId, q));
  if (SHORT_ID.test(q)) return or(sql`right(${t.id}::text, 8) = ${q.toLowerCase()}`, text);
  return text;
}

/** The statuses the status and tab filters leave (both given: those in both); null when neither filters. */
export function statusesOf(filters: Pick<OrderFilterQuery, 'status' | 'tab'>): OrderStatus[] | null {
  const tab = filters.tab ? ORDER_TAB_STATUSES[filters.tab] : null;
  if (filters.status) return !tab || tab.includes(filters.status) ? [filters.status] : [];
  return tab ? [...tab] : null;
}

/** Every filter but the status and tab: the conditions the tabs' counts are taken on. */
export function orderFilterConditions(filters: OrderFilterQuery): SQL[] {
  return [
    // Ordini is the web shop's and eBay's orders; counter sales live in the Cassa (docs/product/counter.md#counter-sale).
    filters.channel ? eq(t.channel, filters.channel) : inArray(t.channel, ['web', 'ebay']),
    searchCondition(filters.q),
    filters.payment_method ? eq(t.paymentMethod, filters.payment_method) : undefined,
    paymentCondition(filters.payment),
    // Days of Europe/Rome, both included: from the start of `from` to the start of the day after `to`.
    filters.from ? gte(t.createdAt, romeDayStart(filters.from)) : undefined,
    filters.to ? lt(t.createdAt, romeDayStart(nextDay(filters.to))) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

/** The status condition of the filters; `sql\`false\`` when status and tab exclude each other. */
export function statusCondition(filters: OrderFilterQuery): SQL | undefined {
  const statuses = statusesOf(filters);
  if (statuses === null) return undefined;
  return statuses.length === 0 ? sql`false` : inArray(t.status, statuses);
}

/**
 * The sort's columns, most significant first, all in one direction; the id breaks ties, so the order is total
 * (paging and the export's keyset never skip nor repeat an order).
 */
export function sortKeys(sort: OrderSort) {
  const byTotal = sort === 'total_desc' || sort === 'total_asc';
  const direction = sort === 'newest' || sort === 'total_desc' ? 'desc' : 'asc';
  const columns = byTotal ? [t.totalCents, t.createdAt, t.id] : [t.createdAt, t.id];
  return { columns, direction } as const;
}

export function orderByOf(sort: OrderSort): SQL[] {
  const { columns, direction } = sortKeys(sort);
  return columns.map((c) => (direction === 'desc' ? desc(c) : asc(c)));
}

/**
 * GET /api/orders: one page of the filtered orders in the chosen sort, the total of them, and the counts per status
 * of the orders matching every filter but the status and tab (the tabs' figures). Two queries: the counts (whose
 * sum over the chosen statuses is the total) and the page.
 */
export async function listOrders(db: Db, query: OrderListQuery): Promise<OrderList> {
  const conditions = orderFilterConditions(query);
  const grouped = await db
    .select({ status: t.status, count: sql<number>`count(*)::int` })
    .from(t)
    .where(and(...conditions))
    .groupBy(t.status);
  const counts = Object.fromEntries([
    ['all', 0],
    ...OrderStatus.options.map((s) => [s, 0]),
  ]) as OrderStatusCounts;
  for (const group of grouped) {
    counts[group.status] = group.count;
    counts.all += group.count;
  }
  const statuses = statusesOf(query);
  const total = statuses === null ? counts.all : statuses.reduce((sum, s) => sum + counts[s], 0);
  const offset = (query.page - 1) * query.page_size;
  if (offset >= total) return { orders: [], counts, total, page: query.page, page_size: query.page_size };
  // The page's ids first, from orders_list_idx alone (its filters read only the index's columns), then those rows.
  const page = await db
    .select({ id: t.id })
    .from(t)
    .where(and(...conditions, statusCondition(query)))
    .orderBy(...orderByOf(query.sort))
    .limit(query.page_size)
    .offset(offset);
  const ids = page.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await db.select().from(t).where(inArray(t.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refunds = await refundsOfOrders(db, ids);
  const orders = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toOrder(row, refunds.get(id) ?? [])] : [];
  });
  return { orders, counts, total, page: query.page, page_size: query.page_size };
}
