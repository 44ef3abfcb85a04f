import { and, asc, count, desc, eq, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminArticleCounts,
  AdminArticlePage,
  AdminArticleQuery,
  Article,
  ProductType,
} from '@edicola/contracts';
import type { z } from 'zod';
import type { Db } from '@edicola/platform';
import { articles, articleSlugs, type ArticleRow } from '../db/schema';
import { adminArticles, publicArticles } from './photos';

const notDeleted = isNull(articles.deletedAt);

/** Pre-sale articles by the date they arrive; the others newest first. */
const orderFor = (type?: ProductType) =>
  type === 'prevendita'
    ? [asc(articles.availabilityDate), asc(articles.title)]
    : [desc(articles.createdAt), asc(articles.title)];

/** Active articles for the storefront, newest first; optionally one product type only. */
export async function listActiveArticles(db: Db, type?: ProductType): Promise<Article[]> {
  const where = and(
    notDeleted,
    eq(articles.isActive, true),
    type ? eq(articles.productType, type) : undefined,
  );
  const rows = await db
    .select()
    .from(articles)
    .where(where)
    .orderBy(...orderFor(type));
  return publicArticles(db, rows);
}

const lowStock = lte(articles.quantityStock, articles.lowStockThreshold);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT_COLUMNS = {
  title: articles.title,
  price: articles.priceCents,
  stock: articles.quantityStock,
  date: articles.createdAt,
} as const;

/**
 * A page of the articles staff manage (inactive ones included, deleted ones excluded): searched by title
 * or SKU, filtered by category, type, active state and low stock, sorted and paged on the server.
 * Pre-sale lists without a chosen sort come by availability date.
 */
export async function searchArticles(
  db: Db,
  query: z.output<typeof AdminArticleQuery>,
  fixedType?: ProductType,
): Promise<AdminArticlePage> {
  const type = fixedType ?? query.type;
  const conditions: (SQL | undefined)[] = [notDeleted];
  if (type) conditions.push(eq(articles.productType, type));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(articles.title, pattern), ilike(articles.sku, pattern)));
  }
  if (query.category) conditions.push(sql`lower(${articles.category}) = lower(${query.category})`);
  if (query.active) conditions.push(eq(articles.isActive, query.active === 'true'));
  if (query.low_stock === 'true') conditions.push(lowStock);
  const where = and(...conditions);

  const direction = query.order ?? (query.sort === 'date' ? 'desc' : 'asc');
  const column = SORT_COLUMNS[query.sort];
  const byAvailability = fixedType === 'prevendita' && !query.order && query.sort === 'date';
  const ordering = byAvailability
    ? orderFor('prevendita')
    : [direction === 'asc' ? asc(column) : desc(column), asc(articles.id)];

  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(...ordering)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return {
    items: await adminArticles(db, rows),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The back office's tab counts: every article, pre-sale, reservation, and those low on stock. */
export async function articleCounts(db: Db): Promise<AdminArticleCounts> {
  const [row] = await db
    .select({
      articles: count(),
      prevendita: count(sql`case when ${articles.productType} = 'prevendita' then 1 end`),
      prenotazione: count(sql`case when ${articles.productType} = 'prenotazione' then 1 end`),
      low_stock: count(sql`case when ${lowStock} then 1 end`),
    })
    .from(articles)
    .where(notDeleted);
  return row ?? { articles: 0, prevendita: 0, prenotazione: 0, low_stock: 0 };
}

/** One article that has not been deleted, or null. */
export async function findArticle(db: Db, id: string): Promise<ArticleRow | null> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), notDeleted))
    .limit(1);
  return row ?? null;
}

/**
 * The active article whose page this slug names: by its current slug, else by a former one (the answer's `slug`
 * is then the current one, and the page redirects). Null when none: a deleted article's slugs lead nowhere.
 */
export async function findBySlug(db: Db, slug: string): Promise<Article | null> {
  const live = and(notDeleted, eq(articles.isActive, true));
  const [current] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), live))
    .limit(1);
  const [former] = current
    ? [current]
    : await db
        .select({ article: articles })
        .from(articleSlugs)
        .innerJoin(articles, eq(articles.id, articleSlugs.articleId))
        .where(and(eq(articleSlugs.slug, slug), live))
        .limit(1)
        .then((rows) => rows.map((row) => row.article));
  return former ? (await publicArticles(db, [former]))[0]! : null;
}
