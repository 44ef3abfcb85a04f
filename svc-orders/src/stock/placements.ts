import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { HttpError, InternalCallError, type Db, type InternalClient, type Logger } from '@edicola/platform';
import { orderPlacements, orderRecords } from '../db/schema';
import { releaseStock } from './reservations';

/**
 * The holder of every reservation svc-orders asks svc-catalog for: a placement row, committed before the
 * reservation call, with a deadline. It ends in one of two ways: the transaction storing the order deletes it
 * (the order now holds the stock), or it is abandoned and its stock given back (by its request after a failure,
 * or by the sweeper once the deadline passed: the request died or hung). An abandoned placement never becomes
 * an order, so stock is never given back under an order that exists.
 */

/** The placement of an order id was given up (its stock went back): nothing may be stored under that id. */
export class PlacementGone extends HttpError {
  constructor() {
    super(503, "L'ordine non è stato completato in tempo: riprova");
    this.name = 'PlacementGone';
  }
}

/** svc-catalog answered a 4xx: its reservation transaction rolled back, nothing is held. */
export function isRefusal(error: unknown): boolean {
  return error instanceof InternalCallError && error.upstreamStatus !== undefined && error.status < 500;
}

const after = (ms: number) => sql`now() + ${ms}::integer * interval '1 millisecond'`;

/**
 * Opens (or, for a request resuming a dead one's order id, extends) the placement of an order id. False when
 * that id was abandoned: its stock went back, or is going back, and the caller needs a new id.
 */
export async function holdPlacement(db: Db, orderId: string, holdMs: number): Promise<boolean> {
  const [held] = await db
    .insert(orderPlacements)
    .values({ orderId, heldUntil: after(holdMs) })
    .onConflictDoUpdate({
      target: orderPlacements.orderId,
      set: { heldUntil: after(holdMs) },
      where: isNull(orderPlacements.abandonedAt),
    })
    .returning({ orderId: orderPlacements.orderId });
  return held !== undefined;
}

/** In the transaction storing the order: the placement goes. False when it was abandoned (store nothing). */
export async function closePlacement(tx: Db, orderId: string): Promise<boolean> {
  const closed = await tx
    .delete(orderPlacements)
    .where(and(eq(orderPlacements.orderId, orderId), isNull(orderPlacements.abandonedAt)))
    .returning({ orderId: orderPlacements.orderId });
  return closed.length > 0;
}

/** Nothing was reserved under the placement (svc-catalog refused): it simply goes. */
export async function dropPlacement(db: Db, orderId: string): Promise<void> {
  await db
    .delete(orderPlacements)
    .where(and(eq(orderPlacements.orderId, orderId), isNull(orderPlacements.abandonedAt)));
}

/**
 * Marks placements given up, first: from then on no order can be stored under them. Answers the ids still
 * placed (not closed by a stored order, stock not back yet): only those may be released.
 */
async function abandon(db: Db, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .update(orderPlacements)
    .set({ abandonedAt: sql`coalesce(${orderPlacements.abandonedAt}, now())` })
    .where(and(inArray(orderPlacements.orderId, orderIds), isNull(orderPlacements.releasedAt)))
    .returning({ orderId: orderPlacements.orderId });
  return rows.map((row) => row.orderId);
}

export interface PlacementDeps {
  db: Db;
  internal: InternalClient;
  logger: Logger;
}

/**
 * The stock of an abandoned placement goes back, unless an order was stored under the same id (a twin request
 * resuming the same Idempotency-Key): that order holds it, and only the placement goes. True when released.
 */
async function giveBack(deps: PlacementDeps, orderId: string): Promise<boolean> {
  const [order] = await deps.db
    .select({ id: orderRecords.id })
    .from(orderRecords)
    .where(eq(orderRecords.id, orderId));
  if (order) {
    await deps.db.delete(orderPlacements).where(eq(orderPlacements.orderId, orderId));
    return false;
  }
  await releaseStock(deps.internal, orderId);
  await deps.db
    .update(orderPlacements)
    .set({ releasedAt: sql`now()` })
    .where(eq(orderPlacements.orderId, orderId));
  return true;
}

/**
 * Gives a placement up and its stock back (the release is idempotent in svc-catalog, and blocks a reservation
 * that arrives after it). When svc-catalog cannot be reached, the sweeper tries again after the deadline.
 */
export async function undoPlacement(deps: PlacementDeps, orderId: string): Promise<void> {
  // Closed meanwhile by a twin request that stored the order (same id): that order holds the stock now.
  if ((await abandon(deps.db, [orderId])).length === 0) return;
  try {
    await giveBack(deps, orderId);
  } catch (error) {
    deps.logger.warn(
      { err: error, order_id: orderId },
      'stock release failed, the placement sweeper will retry',
    );
  }
}

/**
 * The placement sweeper: every placement past its deadline whose stock is not back yet is abandoned and
 * released (giveBack keeps the stock of an order stored under the same id). Released placements are kept
 * `retentionMs`, so their ids are never reserved again, then purged. Answers how many went back.
 */
export async function sweepPlacements(
  deps: PlacementDeps,
  { batch = 100, retentionMs = 24 * 3600_000 } = {},
): Promise<number> {
  const due = await deps.db
    .select({ orderId: orderPlacements.orderId })
    .from(orderPlacements)
    .where(and(isNull(orderPlacements.releasedAt), lt(orderPlacements.heldUntil, sql`now()`)))
    .limit(batch);
  // Only those still placed: one closed by its order in the meantime is that order's stock.
  const ids = await abandon(
    deps.db,
    due.map((row) => row.orderId),
  );
  let count = 0;
  for (const orderId of ids) {
    try {
      if (await giveBack(deps, orderId)) count += 1;
    } catch (error) {
      deps.logger.warn(
        { err: error, order_id: orderId },
        'placement sweeper: stock release failed, next round',
      );
    }
  }
  if (count > 0)
    deps.logger.info({ released: count }, 'placement sweeper gave back the stock of unplaced orders');
  await deps.db
    .delete(orderPlacements)
    .where(
      and(
        isNotNull(orderPlacements.releasedAt),
        lt(orderPlacements.releasedAt, sql`now() - ${retentionMs}::integer * interval '1 millisecond'`),
      ),
    );
  return count;
}
