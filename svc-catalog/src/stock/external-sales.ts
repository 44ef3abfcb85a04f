import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { eurosToCents, type ExternalSaleRequest } from '@edicola/contracts';
import { conflict, HttpError, notFound, type Audit, type Db, type EventBus } from '@edicola/platform';
import { articles, stockMovements, type ArticleRow, type StockMovementRow } from '../db/schema';
import { announceArticleChanged } from '../ebay/article-changed';
import { announceLowStock } from './low-stock';
import { shortDetail } from './reservation';

type ExternalSale = Omit<ExternalSaleRequest, 'amount' | 'note'> & { amount?: number; note?: string };

export interface ExternalSold {
  article: ArticleRow;
  movement: StockMovementRow;
  /** False for a repeat of an Idempotency-Key: the first sale's movement, nothing taken again. */
  sold: boolean;
}

export const EXTERNAL_SALE_KEY_REUSED =
  'Questa vendita è già stata registrata con dati diversi (Idempotency-Key): ricarica la pagina e riprova';

/** Ends the sale's transaction without a trace: the stock was short, or the key was taken meanwhile. */
class Rollback extends Error {}

/**
 * Units sold on another channel (Subito, eBay, elsewhere; docs/product/counter.md#stock-ledger): taken from the
 * same stock in one conditional update (never below zero), recorded as a `sale` row of the ledger with the channel,
 * the note and the amount, audited like an adjustment. An inactive article may be sold elsewhere (it is on the
 * shelf); a deleted one may not. With an Idempotency-Key, stored on the movement under a unique index, a repeat
 * (even one running at the same time) answers the first movement and takes nothing.
 */
export async function sellElsewhere(
  db: Db,
  sale: ExternalSale,
  username: string,
  key: string | null,
  bus: EventBus,
  audit?: Audit,
): Promise<ExternalSold> {
  try {
    return await db.transaction(async (tx) => {
      if (key !== null) {
        const first = await repeatOf(tx, key, sale);
        if (first) return first;
      }
      const [article] = await tx
        .update(articles)
        .set({ quantityStock: sql`${articles.quantityStock} - ${sale.quantity}`, updatedAt: new Date() })
        .where(
          and(
            eq(articles.id, sale.article_id),
            isNull(articles.deletedAt),
            gte(articles.quantityStock, sale.quantity),
          ),
        )
        .returning();
      if (!article) throw new Rollback();
      const [movement] = await tx
        .insert(stockMovements)
        .values({
          articleId: article.id,
          delta: -sale.quantity,
          reason: 'sale',
          channel: sale.channel,
          note: sale.note || null,
          amountCents: sale.amount === undefined ? null : eurosToCents(sale.amount),
          stockAfter: article.quantityStock,
          username,
          idempotencyKey: key,
        })
        .onConflictDoNothing()
        .returning();
      // The key's first sale committed while this one waited for the article: answer that one instead.
      if (!movement) throw new Rollback();
      await announceLowStock(
        tx,
        bus,
        { ...article, quantityStock: article.quantityStock + sale.quantity },
        sale.quantity,
      );
      await announceArticleChanged(tx, bus, article.id);
      await audit?.(tx, {
        entity: 'article',
        entity_id: article.id,
        action: 'updated',
        changes: {
          quantity_stock: { from: article.quantityStock + sale.quantity, to: article.quantityStock },
          stock_reason: { from: null, to: 'sale' },
          stock_channel: { from: null, to: sale.channel },
        },
      });
      return { article, movement, sold: true };
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    const first = key === null ? null : await repeatOf(db, key, sale);
    if (first) return first;
    throw await refusalOf(db, sale);
  }
}

/** The sale an Idempotency-Key already recorded (null when none); the same key for another sale is a 422. */
async function repeatOf(db: Db, key: string, sale: ExternalSale): Promise<ExternalSold | null> {
  const [movement] = await db.select().from(stockMovements).where(eq(stockMovements.idempotencyKey, key));
  if (!movement) return null;
  if (
    movement.articleId !== sale.article_id ||
    movement.delta !== -sale.quantity ||
    movement.channel !== sale.channel
  ) {
    throw new HttpError(422, EXTERNAL_SALE_KEY_REUSED);
  }
  const [article] = await db.select().from(articles).where(eq(articles.id, movement.articleId));
  return { article: article!, movement, sold: false };
}

/** Why the units could not be taken, in the reservation's words: unknown or deleted 404, short 409. */
async function refusalOf(db: Db, sale: ExternalSale): Promise<HttpError> {
  const [article] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, sale.article_id), isNull(articles.deletedAt)));
  if (!article) return notFound('Articolo non trovato');
  if (article.quantityStock >= sale.quantity)
    return conflict('Disponibilità cambiata durante la vendita: riprova');
  return conflict(shortDetail(article, sale.quantity));
}
