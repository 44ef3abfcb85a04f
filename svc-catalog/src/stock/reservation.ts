import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  centsToEuros,
  type StockReservation,
  type StockReservationLine,
  type StockReservationRequest,
} from '@edicola/contracts';
import { conflict, notFound, type Db, type EventBus } from '@edicola/platform';
import { announceLowStock } from './low-stock';
import { articles, reservations, type ArticleRow, type StoredReservationLine } from '../db/schema';

/** How much of each article the lines ask for (an article may appear on more than one line). */
export function totalsByArticle(lines: Pick<StockReservationLine, 'article_id' | 'quantity'>[]) {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.article_id, (totals.get(line.article_id) ?? 0) + line.quantity);
  return totals;
}

/** The answer of a reservation, the same for the first call and every retry. */
export function reservationAnswer(orderId: string, lines: StoredReservationLine[]): StockReservation {
  return {
    order_id: orderId,
    lines: lines.map((line) => ({
      article_id: line.article_id,
      sku: line.sku,
      title: line.title,
      price: centsToEuros(line.price_cents),
      iva_percentage: line.iva_percentage,
      quantity: line.quantity,
    })),
  };
}

function sameTotals(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([id, quantity]) => b.get(id) === quantity);
}

/** A retried call: the stored answer, provided it asks for the same thing and the stock is still held. */
async function storedReservation(db: Db, request: StockReservationRequest): Promise<StockReservation> {
  const [row] = await db.select().from(reservations).where(eq(reservations.orderId, request.order_id));
  if (!row) throw new Error(`reservation ${request.order_id} vanished`);
  if (row.releasedAt) throw conflict(`La prenotazione dell'ordine ${request.order_id} è già stata annullata`);
  if (!sameTotals(totalsByArticle(row.lines), totalsByArticle(request.lines))) {
    throw conflict(`L'ordine ${request.order_id} ha già una prenotazione con articoli diversi`);
  }
  return reservationAnswer(row.orderId, row.lines);
}

/** Why the wanted quantities cannot be taken, one problem per article (empty: all can). */
function problemsWith(wanted: Map<string, number>, rows: Map<string, ArticleRow>) {
  const missing: string[] = [];
  const refused: string[] = [];
  for (const [id, quantity] of wanted) {
    const row = rows.get(id);
    if (!row) missing.push(`Articolo non trovato: ${id}`);
    // An unpublished article's title is not the shopper's to read: its id (sent by the shopper) only.
    else if (!row.isActive || row.deletedAt) refused.push(`Articolo non disponibile: ${id}`);
    else if (row.quantityStock < quantity) {
      refused.push(
        row.quantityStock === 0
          ? `Articolo esaurito: "${row.title}"`
          : `Disponibilità insufficiente per "${row.title}": richiesti ${quantity}, disponibili ${row.quantityStock}`,
      );
    }
  }
  return { missing, refused };
}

/**
 * Takes the stock of an order's lines, all or none, in one transaction, and records the reservation
 * under the order id. The reservation row is written first: a concurrent call for the same order waits
 * on its primary key and then finds the stored answer, so an order reserves once however often it asks.
 * Article rows are locked in id order (`for update`), so two orders sharing articles never deadlock.
 * `reserved` is false for a retry that changed nothing.
 */
export async function reserveStock(
  db: Db,
  request: StockReservationRequest,
  bus?: EventBus,
): Promise<{ reservation: StockReservation; reserved: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(reservations)
      .values({ orderId: request.order_id, lines: [] })
      .onConflictDoNothing()
      .returning({ orderId: reservations.orderId });
    if (claimed.length === 0) return { reservation: await storedReservation(tx, request), reserved: false };

    const wanted = totalsByArticle(request.lines);
    const ids = [...wanted.keys()].sort();
    const rows = await tx
      .select()
      .from(articles)
      .where(inArray(articles.id, ids))
      .orderBy(asc(articles.id))
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const { missing, refused } = problemsWith(wanted, byId);
    if (missing.length > 0) throw notFound(missing.join('; '));
    if (refused.length > 0) throw conflict(refused.join('; '));

    for (const id of ids) {
      const quantity = wanted.get(id)!;
      const taken = await tx
        .update(articles)
        .set({ quantityStock: sql`${articles.quantityStock} - ${quantity}`, updatedAt: new Date() })
        .where(and(eq(articles.id, id), gte(articles.quantityStock, quantity)))
        .returning({ id: articles.id });
      // Cannot happen under the row lock; refusing keeps "never below zero" true whatever changes above.
      if (taken.length === 0) throw conflict(`Disponibilità insufficiente per "${byId.get(id)!.title}"`);
      if (bus) await announceLowStock(tx, bus, byId.get(id)!, quantity);
    }
    const lines: StoredReservationLine[] = request.lines.map((line) => {
      const row = byId.get(line.article_id)!;
      return {
        article_id: row.id,
        sku: row.sku,
        title: row.title,
        price_cents: row.priceCents,
        iva_percentage: row.ivaPercentage,
        quantity: line.quantity,
      };
    });
    await tx.update(reservations).set({ lines }).where(eq(reservations.orderId, request.order_id));
    return { reservation: reservationAnswer(request.order_id, lines), reserved: true };
  });
}
