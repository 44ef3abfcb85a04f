import { and, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { OrderSort } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { orderByOf } from '../orders/list';

const t = orderRecords;

/** What an export reads of an order; its lines for the VAT split per rate (the takings read theirs on their own). */
export const exportColumns = {
  id: t.id,
  createdAt: t.createdAt,
  status: t.status,
  customerInfo: t.customerInfo,
  paymentMethod: t.paymentMethod,
  paymentStatus: t.paymentStatus,
  paymentDemo: t.paymentDemo,
  subtotalCents: t.subtotalCents,
  shippingCents: t.shippingCents,
  totalCents: t.totalCents,
  refundedCents: t.refundedCents,
  shippingCountry: t.shippingCountry,
  trackingNumber: t.trackingNumber,
  packlinkData: t.packlinkData,
  invoiceData: t.invoiceData,
  channel: t.channel,
  externalId: t.externalId,
  discountCode: t.discountCode,
  discountCents: t.discountCents,
  items: t.items,
};

/**
 * The orders matching `where` in the order of `sort`, `batchSize` at a time, by keyset: each batch starts after the
 * last row of the previous one on the sort's columns (the id last, so the order is total). No transaction is held
 * open between batches, so on the embedded database (one connection for the whole shop) other requests run between
 * them, and every batch is an index range, as fast at the 100th batch as at the first. created_at is carried as
 * text: a JavaScript Date would lose its microseconds and skip or repeat rows.
 */
export async function* keysetBatches<S extends SelectedFields>(
  db: Db,
  select: S,
  where: SQL | undefined,
  sort: OrderSort,
  batchSize = 1000,
): AsyncGenerator<SelectResultFields<S>[]> {
  const byTotal = sort === 'total_desc' || sort === 'total_asc';
  const after = sort === 'newest' || sort === 'total_desc' ? sql`<` : sql`>`;
  let cursor: { total: number; at: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = cursor
      ? byTotal
        ? sql`(${t.totalCents}, ${t.createdAt}, ${t.id}) ${after} (${cursor.total}::int, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : sql`(${t.createdAt}, ${t.id}) ${after} (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows = (await db
      .select({
        ...select,
        keyTotal: t.totalCents,
        keyAt: sql<string>`${t.createdAt}::text`,
        keyId: t.id,
      } as SelectedFields)
      .from(t)
      .where(and(where, keyset))
      .orderBy(...orderByOf(sort))
      .limit(batchSize)) as (SelectResultFields<S> & { keyTotal: number; keyAt: string; keyId: string })[];
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { total: last.keyTotal, at: last.keyAt, id: last.keyId };
  }
}
