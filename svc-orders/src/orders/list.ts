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
import type { Db, InternalClient, Logger } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { withPackLines } from './pack-lines';
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
/** The reference as the list shows it, or a start of it: ORD-EFEEB87A, ord-efee, #efeeb87a, #efee. */
const REFERENCE = /^(?:ORD-|#)([0-9a-f]{1,8})$/i;
const SHORT_ID = /^[0-9a-f]{8}$/i;
/** A start of the full id (at least 4 characters, its dashes where the id has them). */
const ID_PREFIX =
  /^[0-9a-f]{4,8}(?:-[0-9a-f]{0,4}(?:-[0-9a-f]{0,4}(?:-[0-9a-f]{0,4}(?:-[0-9a-f]{0,12})?)?)?)?$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as people type it: digits with spaces, dots, dashes, brackets, a leading + (6 digits at least). */
const PHONE = /^\+?[\d\s().-]{6,}$/;
/** An Italian P.IVA with its country prefix: IT and 11 digits. */
const IT_VAT = /^IT(\d{11})$/i;

/** `%`, `_` and `\` are themselves in a LIKE pattern. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ids starting with `prefix` (hex and dashes) as a range of the primary key, which its index serves. */
function idPrefixCondition(prefix: string): SQL {
  const hex = prefix.replace(/-/g, '').toLowerCase();
  const uuidOf = (fill: string) => {
    const digits = hex.padEnd(32, fill);
    return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  };
  return and(gte(t.id, uuidOf('0')), sql`${t.id} <= ${uuidOf('f')}::uuid`)!;
}

/**
 * The references starting with `start` (1-8 characters), as a range of orders_reference_idx; the whole reference
 * is an equality on it.
 */
function referenceCondition(start: string): SQL {
  const low = start.toLowerCase();
  if (low.length === 8) return sql`right(${t.id}::text, 8) = ${low}`;
  return sql`right(${t.id}::text, 8) between ${low} and ${low.padEnd(8, 'f')}`;
}

/**
 * The search box (docs/product/back-office.md#order-search): an order reference in any form the shop shows it
 * (ORD-1A2B3C4D, #1a2b3c4d, its 8 characters, or a start of them), an order id or a start of it, a marketplace's
 * order id (eBay's 12-34567-89012, whole), a customer's whole e-mail address, a phone number (its digits,
 * whatever the spaces), or part of the customer's name or e-mail, of the invoice's company name, P.IVA or codice
 * fiscale; without regard to case. References and ids use their indexes (orders_reference_idx, the primary
 * key), a whole e-mail orders_email_idx; the rest scans the short lower-cased search_text column.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (UUID.test(q)) return eq(t.id, q.toLowerCase());
  // A whole e-mail address finds that customer's orders through its index (orders_email_idx), not every address
  // containing it.
  if (EMAIL.test(q)) return sql`lower(${t.customerInfo}->>'email') = ${q.toLowerCase()}`;
  const reference = REFERENCE.exec(q);
  if (reference) return referenceCondition(reference[1]!);
  const vat = IT_VAT.exec(q);
  const words = vat ? vat[1]! : q.toLowerCase();
  const text = or(sql`${t.searchText} like ${`%${likeEscaped(words)}%`}`, eq(t.externalId, q));
  if (SHORT_ID.test(q)) return or(referenceCondition(q), idPrefixCondition(q), text);
  if (ID_PREFIX.test(q)) return or(idPrefixCondition(q), text);
  if (PHONE.test(q)) {
    // The stored phone is its digits alone; an Italian +39 / 0039 the customer may not have typed is left out.
    const digits = q.replace(/\D/g, '').replace(/^(?:00)?39(?=[03]\d{5,}$)/, '');
    return or(sql`${t.searchText} like ${`%${digits}%`}`, text);
  }
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
 * of the orders matching every filter but the status and tab (the tabs' figures), each order with its lines to
 * pack. Two queries: the counts (whose sum over the chosen statuses is the total) and the page.
 */
export async function listOrders(
  db: Db,
  internal: InternalClient,
  query: OrderListQuery,
  logger?: Logger,
): Promise<OrderList> {
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
  const pageIds = await db
    .select({ id: t.id })
    .from(t)
    .where(and(...conditions, statusCondition(query)))
    .orderBy(...orderByOf(query.sort))
    .limit(query.page_size)
    .offset(offset);
  const ids = pageIds.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await db.select().from(t).where(inArray(t.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refunds = await refundsOfOrders(db, ids);
  const page = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toOrder(row, refunds.get(id) ?? [])] : [];
  });
  // The photos are asked after the database's reads, outside any transaction.
  const orders = await withPackLines(internal, page, logger);
  return { orders, counts, total, page: query.page, page_size: query.page_size };
}
