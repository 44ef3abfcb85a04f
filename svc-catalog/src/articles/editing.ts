import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ArticleForm } from '@edicola/contracts';
import { conflict, type Db } from '@edicola/platform';
import { articles, type ArticleRow } from '../db/schema';
import { savePhotoFiles } from '../photos/storage';
import type { PreparedPhoto } from '../photos/processing';
import { fromArticleForm } from './mapping';

const skuTaken = (sku: string) => conflict(`Esiste già un articolo con SKU ${sku}`);

/** PostgreSQL's unique_violation, as thrown by pg or PGlite (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

async function assertSkuFree(db: Db, sku: string, exceptId?: string): Promise<void> {
  const [other] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.sku, sku),
        isNull(articles.deletedAt),
        exceptId ? ne(articles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw skuTaken(sku);
}

/** Creates an article (and stores its photo files) in one transaction; a taken SKU is a 409. */
export async function createArticle(
  db: Db,
  form: ArticleForm,
  photo: PreparedPhoto | null,
): Promise<ArticleRow> {
  try {
    return await db.transaction(async (tx) => {
      await assertSkuFree(tx, form.sku);
      if (photo) await savePhotoFiles(tx, photo.files);
      const [row] = await tx
        .insert(articles)
        .values({ ...fromArticleForm(form), photoUrl: photo?.url ?? null })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken(form.sku);
    throw error;
  }
}

/**
 * Replaces every field of an article with the form's; the photo changes only when a new one came.
 * Null when there is no such article (or it was deleted).
 */
export async function updateArticle(
  db: Db,
  id: string,
  form: ArticleForm,
  photo: PreparedPhoto | null,
): Promise<ArticleRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
        .for('update');
      if (!current) return null;
      await assertSkuFree(tx, form.sku, id);
      if (photo) await savePhotoFiles(tx, photo.files);
      const [row] = await tx
        .update(articles)
        .set({ ...fromArticleForm(form), ...(photo ? { photoUrl: photo.url } : {}), updatedAt: new Date() })
        .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
        .returning();
      return row ?? null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken(form.sku);
    throw error;
  }
}

/**
 * Deletes an article for staff: it leaves every list and its SKU is free again, but the row stays
 * (inactive) because orders and reviews point at it. False when there was none to delete.
 */
export async function deleteArticle(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
    .returning({ id: articles.id });
  return rows.length > 0;
}
