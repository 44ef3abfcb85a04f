import { and, asc, desc, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  centsToEuros,
  grossCents,
  isValidEan,
  normalEan,
  type CounterArticle,
  type StockLookup,
} from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { articles, purchases, reservations, type ArticleRow } from '../db/schema';

/** At most this many articles in a lookup's answer. */
export const LOOKUP_LIMIT = 20;

const ACCENTED = 'àáâäãèéêëìíîïòóôöõùúûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';

/** Lower case without accents, as the title is compared in SQL (`translate`, no extension needed). */
const folded = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const foldedTitle = sql`translate(lower(${articles.title}), ${ACCENTED}, ${PLAIN})`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const live = isNull(articles.deletedAt);

/**
 * The counter's search (docs/product/counter.md#counter-screen): a code that is a valid EAN (a UPC-A widened) or
 * an article's exact SKU (any case) gives that article first; then the articles whose title holds every word of
 * `q` (case and accents aside), active ones first, up to LOOKUP_LIMIT. Deleted articles never; inactive ones with
 * is_active false, so the screen can say they are off sale.
 */
export async function lookupStock(db: Db, q: string): Promise<StockLookup> {
  const code = normalEan(q);
  const exactBy: SQL[] = [sql`lower(${articles.sku}) = lower(${q})`];
  if (isValidEan(code)) exactBy.push(eq(articles.ean, code));
  const exact = await db
    .select()
    .from(articles)
    .where(and(live, sql`(${sql.join(exactBy, sql` or `)})`))
    .orderBy(asc(articles.sku))
    .limit(LOOKUP_LIMIT);

  const words = folded(q).split(/\s+/).filter(Boolean);
  const byTitle = await db
    .select()
    .from(articles)
    .where(
      and(
        live,
        ...words.map((word) => sql`${foldedTitle} like ${`%${escapeLike(word)}%`}`),
        exact.length > 0
          ? notInArray(
              articles.id,
              exact.map((a) => a.id),
            )
          : undefined,
      ),
    )
    .orderBy(desc(articles.isActive), asc(articles.title), asc(articles.id))
    .limit(LOOKUP_LIMIT - exact.length);

  const found = [...exact, ...byTitle];
  const held = await heldByUnpaidOrders(
    db,
    found.map((a) => a.id),
  );
  return { articles: found.map((row) => toCounterArticle(row, held.get(row.id) ?? 0)) };
}

/**
 * Units of each article that web orders hold and have not paid yet: reservations not released whose order has no
 * purchase marked bought (svc-catalog learns of payments from the orders' status events). They come back to the
 * shelf if the order is cancelled or expires.
 */
export async function heldByUnpaidOrders(db: Db, articleIds: string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (articleIds.length === 0) return held;
  // The containment test uses the GIN index on the lines of unreleased reservations.
  const holding = articleIds.map((id) => sql`r.lines @> ${JSON.stringify([{ article_id: id }])}::jsonb`);
  const ids = sql.join(
    articleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select line ->> 'article_id' as article_id, sum((line ->> 'quantity')::int)::int as units
    from ${reservations} r
    cross join lateral jsonb_array_elements(r.lines) as line
    left join ${purchases} p on p.order_id = r.order_id
    where r.released_at is null and r.channel = 'web' and (p.order_id is null or not p.bought)
      and (${sql.join(holding, sql` or `)})
      and line ->> 'article_id' in (${ids})
    group by 1`)) as unknown as { rows: { article_id: string; units: number }[] };
  for (const row of result.rows) held.set(row.article_id, Number(row.units));
  return held;
}

export function toCounterArticle(row: ArticleRow, held: number): CounterArticle {
  return {
    id: row.id,
    sku: row.sku,
    ean: row.ean,
    title: row.title,
    photo_url: row.photoUrl,
    is_active: row.isActive,
    price: centsToEuros(row.priceCents),
    iva_percentage: row.ivaPercentage,
    gross_price: centsToEuros(grossCents(row.priceCents, row.ivaPercentage)),
    quantity_stock: row.quantityStock,
    held_by_unpaid_orders: held,
  };
}
