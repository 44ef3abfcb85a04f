import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  centsToEuros,
  notYetOnSaleDetail,
  perBuyerLimitDetail,
  type StockReservation,
  type StockReservationLine,
  type StockReservationRequest,
} from '@edicola/contracts';
import { conflict, notFound, type Db, type EventBus, type HttpError } from '@edicola/platform';
import { announceArticleChanged } from '../ebay/article-changed';
import { recordMovement, SHOP_USER } from './ledger';
import { announceLowStock } from './low-stock';
import { articles, reservations, type ArticleRow, type StoredReservationLine } from '../db/schema';

/**
 * Whether a sale on this channel waits for the articles' release hour (docs/decisions/0065): the web shop and the
 * counter do; an eBay order was sold on the marketplace already and is only recorded.
 */
const waitsForRelease = (channel: StockReservationRequest['channel']) => channel !== 'ebay';

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
      ...(line.category === undefined ? {} : { category: line.category }),
      ...(line.deposit_percent === undefined ? {} : { deposit_percent: line.deposit_percent }),
    })),
  };
}

function sameTotals(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([id, quantity]) => b.get(id) === quantity);
}

/**
 * The stored reservation of a retried call (null when there is none): its answer, provided it asks for the same
 * thing and the stock is still held.
 */
async function storedReservation(db: Db, request: StockReservationRequest): Promise<StockReservation | null> {
  const [row] = await db.select().from(reservations).where(eq(reservations.orderId, request.order_id));
  if (!row) return null;
  if (row.releasedAt) throw conflict(`La prenotazione dell'ordine ${request.order_id} è già stata annullata`);
  if (!sameTotals(totalsByArticle(row.lines), totalsByArticle(request.lines))) {
    throw conflict(`L'ordine ${request.order_id} ha già una prenotazione con articoli diversi`);
  }
  return reservationAnswer(row.orderId, row.lines);
}

type TakenRow = Pick<
  ArticleRow,
  | 'id'
  | 'sku'
  | 'title'
  | 'priceCents'
  | 'ivaPercentage'
  | 'quantityStock'
  | 'category'
  | 'maxPerBuyer'
  | 'productType'
  | 'depositPercent'
>;

/** The 409 detail of a take that found too few units of an article. */
export function shortDetail(article: Pick<ArticleRow, 'title' | 'quantityStock'>, wanted: number): string {
  return article.quantityStock === 0
    ? `Articolo esaurito: "${article.title}"`
    : `Disponibilità insufficiente per "${article.title}": richiesti ${wanted}, disponibili ${article.quantityStock}`;
}

/** When the take happens: the server's clock, and whether the release hours apply to the sale's channel. */
interface TakeTime {
  now: Date;
  waitsForRelease: boolean;
}

/** Why the wanted quantities cannot be taken, one problem per article (empty: all can). */
function problemsWith(wanted: Map<string, number>, rows: Map<string, ArticleRow>, time: TakeTime) {
  const missing: string[] = [];
  const refused: string[] = [];
  for (const [id, quantity] of wanted) {
    const row = rows.get(id);
    if (!row) missing.push(`Articolo non trovato: ${id}`);
    // An unpublished article's title is not the shopper's to read: its id (sent by the shopper) only.
    else if (!row.isActive || row.deletedAt) refused.push(`Articolo non disponibile: ${id}`);
    else if (time.waitsForRelease && row.saleStartsAt && row.saleStartsAt > time.now)
      refused.push(notYetOnSaleDetail(row.title, row.saleStartsAt));
    else if (row.quantityStock < quantity) refused.push(shortDetail(row, quantity));
  }
  return { missing, refused };
}

/**
 * The refusal of a take that found an article missing, unpublished, not yet on sale or short; null if all can be
 * taken now. A plain read, no lock: it also answers before the transaction, so the refusals of a sold-out
 * release never queue on the article's row.
 */
async function refusalOf(db: Db, wanted: Map<string, number>, time: TakeTime): Promise<HttpError | null> {
  const rows = await db
    .select()
    .from(articles)
    .where(inArray(articles.id, [...wanted.keys()]));
  const { missing, refused } = problemsWith(wanted, new Map(rows.map((row) => [row.id, row])), time);
  if (missing.length > 0) return notFound(missing.join('; '));
  if (refused.length > 0) return conflict(refused.join('; '));
  return null;
}

/**
 * Ends a reservation's transaction without a trace: an article could not be taken, the order has one, or the
 * buyer would pass an article's per-buyer limit (`refusal` says so).
 */
class Rollback extends Error {
  constructor(
    readonly reason: 'not-taken' | 'reserved' | 'refused',
    readonly refusal?: HttpError,
  ) {
    super(reason);
  }
}

export interface Reserved {
  reservation: StockReservation;
  /** False for a retry that changed nothing. */
  reserved: boolean;
}

/**
 * Takes the stock of an order's lines, all or none, in one transaction, and records the reservation under the
 * order id (with its channel and who made the sale) and a `sale` row per article in the ledger. Each article is taken by one conditional update (published, enough stock), in id order, so two
 * orders sharing articles never deadlock and a concurrent call for the same order waits on the first one's row
 * locks. The reservation row comes last: when the order has one already (a retry, or that concurrent twin), the
 * transaction rolls back and the stored answer is given, so an order reserves once however often it asks. An
 * article that could not be taken is explained after the rollback (missing 404, unpublished or short 409). Each
 * article taken is announced once (article.changed); a refused reservation, rolled back, announces nothing.
 */
export async function reserveStock(
  db: Db,
  request: StockReservationRequest,
  bus: EventBus,
): Promise<Reserved> {
  const wanted = totalsByArticle(request.lines);
  const ids = [...wanted.keys()].sort();
  const time: TakeTime = { now: new Date(), waitsForRelease: waitsForRelease(request.channel ?? 'web') };
  // Refused at once when it cannot succeed (sold out, not yet on sale), unless it is a retry of a stored one.
  const early = await refusalOf(db, wanted, time);
  if (early) {
    const stored = await storedReservation(db, request);
    if (stored) return { reservation: stored, reserved: false };
    throw early;
  }
  // A second try only when the stock that was short came back between the take and its explanation.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => take(tx, request, wanted, ids, bus, time));
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      const stored = await storedReservation(db, request);
      if (stored) return { reservation: stored, reserved: false };
      if (error.reason === 'reserved') throw new Error(`reservation ${request.order_id} vanished`);
      if (error.refusal) throw error.refusal;
      const refusal = await refusalOf(db, wanted, time);
      if (refusal) throw refusal;
      if (attempt === 2) throw conflict('Disponibilità cambiata durante la prenotazione: riprova');
    }
  }
}

async function take(
  tx: Db,
  request: StockReservationRequest,
  wanted: Map<string, number>,
  ids: string[],
  bus: EventBus,
  time: TakeTime,
): Promise<Reserved> {
  const byId = new Map<string, TakenRow>();
  for (const id of ids) {
    const quantity = wanted.get(id)!;
    const released = time.waitsForRelease
      ? or(isNull(articles.saleStartsAt), lte(articles.saleStartsAt, time.now))
      : undefined;
    const [row] = await tx
      .update(articles)
      .set({ quantityStock: sql`${articles.quantityStock} - ${quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(articles.id, id),
          eq(articles.isActive, true),
          isNull(articles.deletedAt),
          gte(articles.quantityStock, quantity),
          released,
        ),
      )
      .returning({
        id: articles.id,
        sku: articles.sku,
        title: articles.title,
        priceCents: articles.priceCents,
        ivaPercentage: articles.ivaPercentage,
        quantityStock: articles.quantityStock,
        category: articles.category,
        maxPerBuyer: articles.maxPerBuyer,
        productType: articles.productType,
        depositPercent: articles.depositPercent,
      });
    if (!row) throw new Rollback('not-taken');
    if (row.maxPerBuyer !== null && request.buyer) {
      await checkPerBuyerLimit(tx, request.buyer, row as TakenRow & { maxPerBuyer: number }, quantity);
    }
    byId.set(id, row);
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
      category: row.category,
      ...(row.productType === 'prevendita' && row.depositPercent > 0
        ? { deposit_percent: row.depositPercent }
        : {}),
    };
  });
  const channel = request.channel ?? 'web';
  const username = request.username ?? SHOP_USER;
  const claimed = await tx
    .insert(reservations)
    .values({ orderId: request.order_id, lines, channel, username, buyer: request.buyer ?? null })
    .onConflictDoNothing()
    .returning({ orderId: reservations.orderId });
  if (claimed.length === 0) throw new Rollback('reserved');
  for (const [id, row] of byId) {
    await recordMovement(tx, {
      articleId: id,
      delta: -wanted.get(id)!,
      reason: 'sale',
      channel,
      reference: request.order_id,
      stockAfter: row.quantityStock,
      username,
    });
  }
  for (const [id, row] of byId) {
    const quantity = wanted.get(id)!;
    const before = { ...row, quantityStock: row.quantityStock + quantity };
    await announceLowStock(tx, bus, before, quantity);
    await announceArticleChanged(tx, bus, id);
  }
  return { reservation: reservationAnswer(request.order_id, lines), reserved: true };
}

/**
 * docs/product/release-hour.md#per-buyer-limit: the units of the article the buyer holds in unreleased
 * reservations (a cancelled or expired order gave its units back) plus the wanted ones may not pass its limit.
 * Called with the article's row locked by the take's update, so two orders of one buyer count one after the other:
 * the second's count (a new statement) sees the first's committed reservation.
 */
async function checkPerBuyerLimit(
  tx: Db,
  buyer: string,
  article: Pick<TakenRow, 'id' | 'title'> & { maxPerBuyer: number },
  quantity: number,
): Promise<void> {
  const result = (await tx.execute(sql`
    select coalesce(sum((line ->> 'quantity')::int), 0)::int as units
    from ${reservations} r
    cross join lateral jsonb_array_elements(r.lines) as line
    where r.buyer = ${buyer} and r.released_at is null and line ->> 'article_id' = ${article.id}`)) as unknown as {
    rows: { units: number }[];
  };
  const already = Number(result.rows[0]?.units ?? 0);
  if (already + quantity > article.maxPerBuyer) {
    throw new Rollback('refused', conflict(perBuyerLimitDetail(article.title, article.maxPerBuyer, already)));
  }
}
