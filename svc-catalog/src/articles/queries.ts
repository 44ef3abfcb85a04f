import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Article, ProductType } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { articles, type ArticleRow } from '../db/schema';
import { toArticle } from './mapping';

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
  return rows.map(toArticle);
}

/** Every article staff manage, inactive ones included (deleted ones excluded); optionally one type. */
export async function listAllArticles(db: Db, type?: ProductType): Promise<Article[]> {
  const where = and(notDeleted, type ? eq(articles.productType, type) : undefined);
  const rows = await db
    .select()
    .from(articles)
    .where(where)
    .orderBy(...orderFor(type));
  return rows.map(toArticle);
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
