import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  attributesOf,
  auditChanges,
  centsToEuros,
  ERROR_CODES,
  type ArticleAttributes,
  type ArticleForm,
} from '@edicola/contracts';
import { conflict, HttpError, type Audit, type Db, type EventBus } from '@edicola/platform';
import { articlePhotos, articles, type ArticleRow } from '../db/schema';
import { announceArticleChanged } from '../ebay/article-changed';
import { recordMovement, SHOP_USER } from '../stock/ledger';
import type { PreparedPhoto } from '../photos/processing';
import { editedArticleFromForm, newArticleFromForm } from './mapping';
import { copyPhotos, replaceCover } from './photos';

/** What the audit trail records of an article: its price, stock and whether it is on sale. */
const audited = (row: ArticleRow | null | undefined) =>
  row
    ? { price: centsToEuros(row.priceCents), quantity_stock: row.quantityStock, is_active: row.isActive }
    : null;
const articleChanges = (before: ArticleRow | null, after: ArticleRow | null) =>
  auditChanges(audited(before), audited(after), ['price', 'quantity_stock', 'is_active']);

const skuTaken = (sku: string) => conflict(`Esiste già un articolo con SKU ${sku}`, ERROR_CODES.skuTaken);
const eanTaken = (sku: string) => conflict(`Codice EAN già usato da un altro articolo: ${sku}`);
const certificateTaken = (sku: string) =>
  conflict(`Numero di certificato già usato da un altro articolo: ${sku}`, ERROR_CODES.certificateTaken);
export const STALE_ARTICLE_DETAIL = 'Articolo modificato da un altro utente: ricarica';

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

/** The live article (other than `exceptId`) that has this EAN, if any. */
async function articleWithEan(db: Db, ean: string, exceptId?: string): Promise<{ sku: string } | null> {
  const [other] = await db
    .select({ sku: articles.sku })
    .from(articles)
    .where(
      and(
        eq(articles.ean, ean),
        isNull(articles.deletedAt),
        exceptId ? ne(articles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return other ?? null;
}

async function assertEanFree(db: Db, ean: string | null, exceptId?: string): Promise<void> {
  if (ean === null) return;
  const other = await articleWithEan(db, ean, exceptId);
  if (other) throw eanTaken(other.sku);
}

/** The live article (other than `exceptId`) graded by the same grader under the same certificate number. */
async function articleWithCertificate(
  db: Db,
  form: ArticleForm,
  exceptId?: string,
): Promise<{ sku: string } | null> {
  const grader = form.attributes?.grader;
  const certificate = form.attributes?.certificate_number;
  if (!grader || !certificate) return null;
  const [other] = await db
    .select({ sku: articles.sku })
    .from(articles)
    .where(
      and(
        sql`${articles.attributes}->>'grader' = ${grader}`,
        sql`${articles.attributes}->>'certificate_number' = ${certificate}`,
        isNull(articles.deletedAt),
        exceptId ? ne(articles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return other ?? null;
}

/** A certificate number is unique per grader among live articles (docs/product/article-pages.md#attributes). */
async function assertCertificateFree(db: Db, form: ArticleForm, exceptId?: string): Promise<void> {
  const other = await articleWithCertificate(db, form, exceptId);
  if (other) throw certificateTaken(other.sku);
}

/**
 * The 409 of a unique index a concurrent save won: the EAN's or the certificate's when another article has it
 * now, else the SKU's.
 */
async function takenBy(db: Db, form: ArticleForm, exceptId?: string): Promise<HttpError> {
  const other = form.ean === null ? null : await articleWithEan(db, form.ean, exceptId);
  if (other) return eanTaken(other.sku);
  const graded = await articleWithCertificate(db, form, exceptId);
  return graded ? certificateTaken(graded.sku) : skuTaken(form.sku);
}

export const PHOTO_SOURCE_MISSING = "L'articolo da cui copiare la foto non esiste: scegli una foto";

/** The attributes an article of `category` may carry, of those given. */
function attributesFitting(category: string, attributes: ArticleAttributes): ArticleAttributes {
  const allowed = new Set<string>(attributesOf(category));
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => allowed.has(name)));
}

/** The ledger's note on the opening stock of a new article. */
export const OPENING_STOCK_NOTE = 'Giacenza iniziale';

/**
 * Creates an article (and stores its photo files) in one transaction; a taken SKU, EAN or certificate is a 409.
 * Its photo becomes its first (alt: `photo_alt`, else the title); without a photo of its own it may show another
 * article's photos (`photo_from`, a duplicate). Its opening stock is the ledger's first row
 * (received), under the name of who created it. Announced to the sales channels (article.changed).
 */
export async function createArticle(
  db: Db,
  bus: EventBus,
  form: ArticleForm,
  photo: PreparedPhoto | null,
  audit?: Audit,
  username = SHOP_USER,
): Promise<ArticleRow> {
  try {
    return await db.transaction(async (tx) => {
      await assertSkuFree(tx, form.sku);
      await assertEanFree(tx, form.ean);
      await assertCertificateFree(tx, form);
      const [row] = await tx.insert(articles).values(newArticleFromForm(form)).returning();
      if (photo) await replaceCover(tx, row!.id, photo, form.photo_alt || form.title);
      else if (form.photo_from && !(await copyPhotos(tx, form.photo_from, row!.id)))
        throw new HttpError(422, PHOTO_SOURCE_MISSING);
      if (row!.quantityStock > 0) {
        await recordMovement(tx, {
          articleId: row!.id,
          delta: row!.quantityStock,
          reason: 'received',
          note: OPENING_STOCK_NOTE,
          stockAfter: row!.quantityStock,
          username,
        });
      }
      const announced = await announceArticleChanged(tx, bus, row!.id);
      await audit?.(tx, {
        entity: 'article',
        entity_id: row!.id,
        action: 'created',
        changes: articleChanges(null, row!),
      });
      return announced!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await takenBy(db, form);
    throw error;
  }
}

/**
 * Replaces the article's fields with the form's (the EAN too: a form without one clears it; the attributes only
 * when the form has them), except the stock (moved by deltas only); a new photo replaces the cover (the other
 * photos stay), a `photo_alt` alone changes the cover's alt text; a SKU, EAN or certificate another live article
 * has is a 409. When the form names the version it was loaded with and the article has been edited since, nothing is
 * written: 409 stale_version. Announced to the sales channels (article.changed). Null when there is no such
 * article.
 */
export async function updateArticle(
  db: Db,
  bus: EventBus,
  id: string,
  form: ArticleForm,
  photo: PreparedPhoto | null,
  audit?: Audit,
): Promise<ArticleRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(articles)
        .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
        .for('update');
      if (!current) return null;
      if (form.version !== undefined && form.version !== current.version)
        throw conflict(STALE_ARTICLE_DETAIL, ERROR_CODES.staleVersion);
      await assertSkuFree(tx, form.sku, id);
      await assertEanFree(tx, form.ean, id);
      await assertCertificateFree(tx, form, id);
      if (photo) await replaceCover(tx, id, photo, form.photo_alt || form.title);
      else if (form.photo_alt) {
        await tx
          .update(articlePhotos)
          .set({ alt: form.photo_alt })
          .where(and(eq(articlePhotos.articleId, id), eq(articlePhotos.position, 0)));
      }
      const [row] = await tx
        .update(articles)
        .set({
          ...editedArticleFromForm(form),
          // Kept when the form has none, but only those the (maybe new) category has.
          ...(form.attributes === undefined
            ? { attributes: attributesFitting(form.category, current.attributes) }
            : {}),
          version: sql`${articles.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
        .returning();
      const announced = await announceArticleChanged(tx, bus, id);
      // A pre-sale's new release date is e-mailed to its buyers (docs/decisions/0066-presale-deposits.md).
      if (current.productType === 'prevendita' && row && current.availabilityDate !== row.availabilityDate) {
        await bus.emit(tx, 'article.release_date_changed', {
          article_id: id,
          title: row.title,
          from: current.availabilityDate,
          to: row.availabilityDate,
          changed_at: new Date().toISOString(),
        });
      }
      await audit?.(tx, {
        entity: 'article',
        entity_id: id,
        action: 'updated',
        changes: articleChanges(current, row ?? null),
      });
      return announced;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await takenBy(db, form, id);
    throw error;
  }
}

/**
 * Deletes an article for staff: it leaves every list and its SKU is free again, but the row stays
 * (inactive) because orders and reviews point at it; the sales channels are told (article.changed, deleted).
 * False when there was none to delete.
 */
export async function deleteArticle(db: Db, bus: EventBus, id: string, audit?: Audit): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(articles)
      .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
      .for('update');
    if (!before) return false;
    const [after] = await tx
      .update(articles)
      .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning();
    await announceArticleChanged(tx, bus, id);
    await audit?.(tx, {
      entity: 'article',
      entity_id: id,
      action: 'deleted',
      changes: { ...articleChanges(before, after!), sku: { from: before.sku, to: null } },
    });
    return true;
  });
}

/** The list's quick toggle of is_active (no version check: one field, set to what staff see). */
export async function setArticleActive(
  db: Db,
  bus: EventBus,
  id: string,
  isActive: boolean,
  audit?: Audit,
): Promise<ArticleRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(articles)
      .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
      .for('update');
    if (!before) return null;
    const [row] = await tx
      .update(articles)
      .set({ isActive, version: sql`${articles.version} + 1`, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning();
    const announced = await announceArticleChanged(tx, bus, id);
    await audit?.(tx, {
      entity: 'article',
      entity_id: id,
      action: 'updated',
      changes: articleChanges(before, row ?? null),
    });
    return announced;
  });
}
