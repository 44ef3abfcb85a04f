import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  PHOTO_ERRORS,
  PHOTO_LIMIT,
  type AdminArticle,
  type Article,
  type ArticlePhotosOrder,
} from '@edicola/contracts';
import { HttpError, notFound, type Audit, type Db, type EventBus } from '@edicola/platform';
import { articlePhotos, articles, type ArticlePhotoRow, type ArticleRow } from '../db/schema';
import { announceArticleChanged } from '../ebay/article-changed';
import type { PreparedPhoto } from '../photos/processing';
import { savePhotoFiles } from '../photos/storage';
import { toAdminArticle, toArticle } from './mapping';

/** The photos of these articles, each article's in order: one query whatever their number. */
export async function photosOf(
  db: Db,
  articleIds: readonly string[],
): Promise<Map<string, ArticlePhotoRow[]>> {
  const byArticle = new Map<string, ArticlePhotoRow[]>();
  if (articleIds.length === 0) return byArticle;
  const rows = await db
    .select()
    .from(articlePhotos)
    .where(inArray(articlePhotos.articleId, [...new Set(articleIds)]))
    .orderBy(asc(articlePhotos.articleId), asc(articlePhotos.position));
  for (const row of rows) {
    const list = byArticle.get(row.articleId);
    if (list) list.push(row);
    else byArticle.set(row.articleId, [row]);
  }
  return byArticle;
}

/** Articles as the storefront reads them, with their photos. */
export async function publicArticles(db: Db, rows: readonly ArticleRow[]): Promise<Article[]> {
  const photos = await photosOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toArticle(row, photos.get(row.id) ?? []));
}

/** Articles as the back office reads them, with their photos. */
export async function adminArticles(db: Db, rows: readonly ArticleRow[]): Promise<AdminArticle[]> {
  const photos = await photosOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdminArticle(row, photos.get(row.id) ?? []));
}

export async function adminArticle(db: Db, row: ArticleRow): Promise<AdminArticle> {
  return (await adminArticles(db, [row]))[0]!;
}

/** Sets photo_url to the first photo's url (null without photos), in the transaction of the photo change. */
export async function syncCover(tx: Db, articleId: string): Promise<void> {
  const [first] = await tx
    .select({ url: articlePhotos.url })
    .from(articlePhotos)
    .where(eq(articlePhotos.articleId, articleId))
    .orderBy(asc(articlePhotos.position))
    .limit(1);
  await tx
    .update(articles)
    .set({ photoUrl: first?.url ?? null })
    .where(eq(articles.id, articleId));
}

/** Puts `photo` at position 0 (the cover), replacing the cover there was; the other photos stay. */
export async function replaceCover(
  tx: Db,
  articleId: string,
  photo: PreparedPhoto,
  alt: string,
): Promise<void> {
  await savePhotoFiles(tx, photo.files);
  await tx
    .delete(articlePhotos)
    .where(and(eq(articlePhotos.articleId, articleId), eq(articlePhotos.position, 0)));
  await tx
    .insert(articlePhotos)
    .values({ articleId, position: 0, url: photo.url, zoomUrl: photo.zoomUrl, alt });
  await syncCover(tx, articleId);
}

/** A duplicate's photos: the source article's (deleted or not: the files stay), null when it does not exist. */
export async function copyPhotos(tx: Db, fromId: string, toId: string): Promise<boolean> {
  const [source] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.id, fromId));
  if (!source) return false;
  const photos = (await photosOf(tx, [fromId])).get(fromId) ?? [];
  if (photos.length > 0) {
    await tx
      .insert(articlePhotos)
      .values(
        photos.map(({ position, url, zoomUrl, alt }) => ({ articleId: toId, position, url, zoomUrl, alt })),
      );
  }
  await syncCover(tx, toId);
  return true;
}

/** The live article, locked until the transaction ends (photo changes of one article take turns). */
async function lockArticle(tx: Db, articleId: string): Promise<ArticleRow> {
  const [row] = await tx
    .select()
    .from(articles)
    .where(and(eq(articles.id, articleId), isNull(articles.deletedAt)))
    .for('update');
  if (!row) throw notFound('Articolo non trovato');
  return row;
}

async function orderedPhotos(tx: Db, articleId: string): Promise<ArticlePhotoRow[]> {
  return (await photosOf(tx, [articleId])).get(articleId) ?? [];
}

/**
 * Ends a photo change: the cover url, the channels told (article.changed: a new revision, without touching the
 * form's version, so an open form still saves), the audit entry. The article as it is now.
 */
async function photosChanged(
  tx: Db,
  bus: EventBus,
  articleId: string,
  before: number,
  audit: Audit | undefined,
): Promise<AdminArticle> {
  await syncCover(tx, articleId);
  await tx.update(articles).set({ updatedAt: new Date() }).where(eq(articles.id, articleId));
  const row = (await announceArticleChanged(tx, bus, articleId))!;
  const photos = await orderedPhotos(tx, articleId);
  await audit?.(tx, {
    entity: 'article',
    entity_id: articleId,
    action: 'updated',
    changes: { photos: { from: before, to: photos.length } },
  });
  return toAdminArticle(row, photos);
}

/** One more photo, last; the eleventh is refused (422). */
export async function addPhoto(
  db: Db,
  bus: EventBus,
  articleId: string,
  photo: PreparedPhoto,
  alt: string | undefined,
  audit?: Audit,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const article = await lockArticle(tx, articleId);
    const photos = await orderedPhotos(tx, articleId);
    if (photos.length >= PHOTO_LIMIT) throw new HttpError(422, PHOTO_ERRORS.limit);
    await savePhotoFiles(tx, photo.files);
    const position = photos.length === 0 ? 0 : photos[photos.length - 1]!.position + 1;
    await tx.insert(articlePhotos).values({
      articleId,
      position,
      url: photo.url,
      zoomUrl: photo.zoomUrl,
      alt: alt || article.title,
    });
    return photosChanged(tx, bus, articleId, photos.length, audit);
  });
}

export const PHOTOS_ORDER_MISMATCH =
  'L’elenco delle foto non corrisponde a quelle dell’articolo: ricarica la pagina e riprova';

/** The photos in the order given, with their alt texts; the list must name each of the article's photos once. */
export async function reorderPhotos(
  db: Db,
  bus: EventBus,
  articleId: string,
  order: ArticlePhotosOrder,
  audit?: Audit,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    await lockArticle(tx, articleId);
    const photos = await orderedPhotos(tx, articleId);
    const named = new Set(order.photos.map((photo) => photo.id));
    const same =
      named.size === order.photos.length &&
      named.size === photos.length &&
      photos.every((photo) => named.has(photo.id));
    if (!same) throw new HttpError(422, PHOTOS_ORDER_MISMATCH);
    // The positions' uniqueness is checked at commit (deferred), so the photos may pass through equal ones.
    for (const [position, { id, alt }] of order.photos.entries()) {
      await tx.update(articlePhotos).set({ position, alt }).where(eq(articlePhotos.id, id));
    }
    return photosChanged(tx, bus, articleId, photos.length, audit);
  });
}

/** One photo less; the next becomes the cover when it was the first. 404 when the article has no such photo. */
export async function deletePhoto(
  db: Db,
  bus: EventBus,
  articleId: string,
  photoId: string,
  audit?: Audit,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    await lockArticle(tx, articleId);
    const photos = await orderedPhotos(tx, articleId);
    if (!photos.some((photo) => photo.id === photoId)) throw notFound('Foto non trovata');
    await tx.delete(articlePhotos).where(eq(articlePhotos.id, photoId));
    // Positions stay 0…n-1, so the next photo added goes last and the first is the cover.
    await tx
      .update(articlePhotos)
      .set({ position: sql`${articlePhotos.position} - 1` })
      .where(
        and(
          eq(articlePhotos.articleId, articleId),
          sql`${articlePhotos.position} > ${photos.find((photo) => photo.id === photoId)!.position}`,
        ),
      );
    return photosChanged(tx, bus, articleId, photos.length, audit);
  });
}
