import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ArrivalResult, EventData, InternalArrivalRequest, OrderDeposit } from '@edicola/contracts';
import { conflict, notFound, type Database, type Db, type EventBus, type Logger } from '@edicola/platform';
import { orderRecords, presaleArrivals, type PresaleState } from '../db/schema';
import type { CancelTokens } from '../orders/cancel-token';
import { lockOrder, lockPresaleLine, moveOrder, type Actor, type OrderRow } from '../orders/order-writer';
import { ORDER_NOT_FOUND } from '../orders/queries';
import { balanceCentsOf, depositOf, isPresale, unitsOf, type PresaleRow } from './deposits';

/**
 * Arrivals of pre-sale articles and the line of their pre-orders (docs/decisions/0066-presale-deposits.md). The
 * units an article has for its pre-orders are the sum of its arrivals; a pre-order holds units while its balance is
 * due or paid. Units go first come, first served (order of creation) to the pre-orders whose deposit is paid; the
 * one whose turn it is and does not fit stops the line, so nobody overtakes it. Each allocation runs under the
 * article's advisory lock, so two arrivals, a deposit and the sweeper never give the same unit twice.
 */

/** What happens to the deposit of a balance not paid in time: the shop's terms (PRESALE_LAPSED_DEPOSIT). */
export type LapsedDeposit = 'refund' | 'keep';

export interface Presales {
  database: Database;
  bus: EventBus;
  logger: Logger;
  cancelTokens: CancelTokens;
  /** How long a buyer has to pay the balance once a unit is theirs (PRESALE_BALANCE_DAYS). */
  balanceMs: number;
  lapsedDeposit: LapsedDeposit;
}

export const NOT_A_PRESALE = 'Nessun ordine in prevendita con acconto per questo articolo';
export const ARRIVAL_ID_TAKEN = 'Questa consegna è già registrata per un altro articolo';
export const CHOICE_NOT_OPEN =
  "La scelta non è più possibile: l'ordine ha già un'unità, è chiuso o non ha avuto una consegna incompleta";

const HOLDING: PresaleState[] = ['balance_due', 'balance_paid'];

/** The article's line of pre-orders is one writer at a time (in the caller's transaction). */
async function lockArticleLine(tx: Db, articleId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`presale:${articleId}`}))`);
}

/** The units delivered for the pre-orders: every arrival's, less those it left to the shelf. */
async function unitsArrived(tx: Db, articleId: string): Promise<number> {
  const [row] = await tx
    .select({
      units: sql<number>`coalesce(sum(${presaleArrivals.quantity} - ${presaleArrivals.freeUnits}), 0)::int`,
    })
    .from(presaleArrivals)
    .where(eq(presaleArrivals.articleId, articleId));
  return Number(row?.units ?? 0);
}

async function unitsHeld(tx: Db, articleId: string): Promise<number> {
  const rows = await tx
    .select({ items: orderRecords.items })
    .from(orderRecords)
    .where(and(eq(orderRecords.presaleArticleId, articleId), inArray(orderRecords.presaleState, HOLDING)));
  return rows.reduce((sum, row) => sum + unitsOf(row.items), 0);
}

/** order.presale_notice of one pre-order. */
export function presaleNotice(
  deps: Pick<Presales, 'cancelTokens'>,
  row: PresaleRow,
  kind: EventData<'order.presale_notice'>['kind'],
  extra: { availabilityDate?: string | null; depositRefunded?: boolean } = {},
): EventData<'order.presale_notice'> {
  const info = row.customerInfo;
  return {
    notice_id: randomUUID(),
    order_id: row.id,
    kind,
    order_token: deps.cancelTokens.tokenFor(row.id),
    customer_email: String(info.email),
    customer_name: String(info.name ?? ''),
    language: row.language,
    article_title: row.items[0]?.title ?? '',
    deposit_cents: row.depositCents,
    balance_cents: balanceCentsOf(row),
    due_at: row.balanceDueAt?.toISOString() ?? null,
    availability_date: extra.availabilityDate ?? null,
    deposit_refunded: extra.depositRefunded ?? false,
  };
}

export interface Allocation {
  allocated: number;
  /** The pre-orders still in line when the units ran out. */
  stillWaiting: OrderRow[];
  freeUnits: number;
}

/**
 * Gives the article's free units to its line, first come first served, in the caller's transaction: each pre-order
 * served gets `balance_due` with its deadline and the balance request (order.presale_notice).
 */
export async function allocateUnits(
  tx: Db,
  deps: Presales,
  articleId: string,
  at: Date,
): Promise<Allocation> {
  await lockArticleLine(tx, articleId);
  let free = (await unitsArrived(tx, articleId)) - (await unitsHeld(tx, articleId));
  const line = await lockPresaleLine(tx, articleId);
  let allocated = 0;
  let next = 0;
  for (; next < line.length; next++) {
    const order = line[next]!;
    const units = unitsOf(order.items);
    if (units > free) break;
    const after = await moveOrder(tx, deps.bus, order, {
      at,
      fields: {
        presaleState: 'balance_due',
        allocatedAt: at,
        balanceDueAt: new Date(at.getTime() + deps.balanceMs),
      },
    });
    await deps.bus.emit(
      tx,
      'order.presale_notice',
      presaleNotice(deps, after as PresaleRow, 'balance_requested'),
    );
    free -= units;
    allocated += 1;
  }
  return { allocated, stillWaiting: line.slice(next), freeUnits: Math.max(free, 0) };
}

/**
 * POST /internal/articles/{id}/arrivals (svc-catalog's, for staff's POST /api/articles/{id}/arrivals): the delivery
 * is recorded under svc-catalog's id (a repeated call records it once) and its units allocated in one transaction;
 * the pre-orders it did not reach are told (once per delivery) that they may wait for the next one or take their
 * deposit back. Units left with nobody in line are the shelf's: the answer says how many.
 */
export async function recordArrival(
  deps: Presales,
  articleId: string,
  input: InternalArrivalRequest,
  at = new Date(),
): Promise<ArrivalResult> {
  const by: Actor = input.recorded_by;
  return deps.database.db.transaction(async (tx) => {
    await lockArticleLine(tx, articleId);
    const [repeat] = await tx.select().from(presaleArrivals).where(eq(presaleArrivals.id, input.arrival_id));
    if (repeat) {
      // svc-catalog's call again (a retry): the same arrival, recorded once.
      if (repeat.articleId !== articleId) throw conflict(ARRIVAL_ID_TAKEN);
      return arrivalResult(repeat);
    }
    const [any] = await tx
      .select({ id: orderRecords.id })
      .from(orderRecords)
      .where(eq(orderRecords.presaleArticleId, articleId))
      .limit(1);
    if (!any) throw notFound(NOT_A_PRESALE);
    const id = input.arrival_id;
    await tx.insert(presaleArrivals).values({
      id,
      articleId,
      quantity: input.quantity,
      arrivedOn: input.arrived_on,
      recordedById: by.id,
      recordedBy: by.username,
      recordedAt: at,
    });
    const allocation = await allocateUnits(tx, deps, articleId, at);
    for (const order of allocation.stillWaiting) {
      const after = await moveOrder(tx, deps.bus, order, { at, by, fields: { shortNotifiedAt: at } });
      await deps.bus.emit(
        tx,
        'order.presale_notice',
        presaleNotice(deps, after as PresaleRow, 'short_delivery'),
      );
    }
    const [recorded] = await tx
      .update(presaleArrivals)
      .set({
        allocatedOrders: allocation.allocated,
        freeUnits: allocation.freeUnits,
        shortOrders: allocation.stillWaiting.length,
      })
      .where(eq(presaleArrivals.id, id))
      .returning();
    return arrivalResult(recorded!);
  });
}

function arrivalResult(row: typeof presaleArrivals.$inferSelect): ArrivalResult {
  return {
    arrival_id: row.id,
    allocated_orders: row.allocatedOrders,
    short_orders: row.shortOrders,
    free_units: row.freeUnits,
  };
}

/** A deposit just paid: a unit for the order at once when a delivery left some free. */
export const allocateAfterDeposit =
  (deps: Presales) =>
  async (tx: Db, order: OrderRow, at: Date): Promise<void> => {
    if (!order.presaleArticleId) return;
    if ((await unitsArrived(tx, order.presaleArticleId)) === 0) return;
    await allocateUnits(tx, deps, order.presaleArticleId, at);
  };

/** Pre-orders whose balance is past its deadline, oldest deadline first. */
export async function overdueBalances(db: Db, now: Date, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: orderRecords.id })
    .from(orderRecords)
    .where(
      and(
        eq(orderRecords.presaleState, 'balance_due'),
        eq(orderRecords.status, 'pending'),
        lte(orderRecords.balanceDueAt, now),
      ),
    )
    .orderBy(asc(orderRecords.balanceDueAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The sweeper: a balance not paid by its deadline ends the pre-order (cancelled; its pre-order place goes back to
 * the catalogue), its deposit refunded through the provider or kept as the terms say, and its unit goes to the next
 * in line, in the same transaction. `now` is a parameter for the tests.
 */
export async function lapseOverdueBalances(deps: Presales, now = new Date()): Promise<number> {
  let lapsed = 0;
  for (const id of await overdueBalances(deps.database.db, now)) {
    try {
      const done = await deps.database.db.transaction(async (tx) => {
        const row = await lockOrder(tx, id);
        if (
          !row ||
          !isPresale(row) ||
          row.presaleState !== 'balance_due' ||
          row.status !== 'pending' ||
          !row.balanceDueAt ||
          row.balanceDueAt > now
        )
          return false;
        const refund = deps.lapsedDeposit === 'refund';
        const after = await moveOrder(tx, deps.bus, row, {
          at: now,
          status: { to: 'cancelled', kind: 'payment' },
          fields: { presaleState: 'lapsed', depositKept: !refund },
          ...(refund ? { refund: 'presale_deposit' as const } : {}),
        });
        await deps.bus.emit(
          tx,
          'order.presale_notice',
          presaleNotice(deps, after as PresaleRow, 'lapsed', { depositRefunded: refund }),
        );
        await allocateUnits(tx, deps, row.presaleArticleId!, now);
        return true;
      });
      if (done) lapsed += 1;
    } catch (error) {
      deps.logger.warn({ err: error, order_id: id }, 'overdue balance not settled now, retried next sweep');
    }
  }
  return lapsed;
}

/**
 * POST /orders/{id}/presale-choice: a buyer a delivery came short of waits for the next one (nothing changes: the
 * order keeps its place in line) or takes the deposit back (cancelled, refund through the provider).
 */
export async function choosePresale(
  deps: Presales,
  orderId: string,
  token: string,
  choice: 'wait' | 'refund',
): Promise<OrderDeposit> {
  if (!deps.cancelTokens.matches(orderId, token)) throw notFound(ORDER_NOT_FOUND);
  return deps.database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (!row || !isPresale(row)) throw notFound(ORDER_NOT_FOUND);
    if (choice === 'refund' && row.presaleState === 'withdrawn') return depositOf(row)!;
    if (row.presaleState !== 'waiting' || row.status !== 'pending' || !row.shortNotifiedAt)
      throw conflict(CHOICE_NOT_OPEN);
    if (choice === 'wait') return depositOf(row)!;
    const after = await moveOrder(tx, deps.bus, row, {
      at: new Date(),
      status: { to: 'cancelled', kind: 'payment' },
      fields: { presaleState: 'withdrawn' },
      refund: 'presale_deposit',
    });
    return depositOf(after)!;
  });
}

/**
 * article.release_date_changed: every buyer of a pre-order of the article still open (its deposit paid, or due) is
 * told the new date, once per change.
 */
export async function tellReleaseDate(
  tx: Db,
  deps: Presales,
  data: EventData<'article.release_date_changed'>,
): Promise<number> {
  const rows = await tx
    .select()
    .from(orderRecords)
    .where(
      and(
        eq(orderRecords.presaleArticleId, data.article_id),
        inArray(orderRecords.presaleState, ['waiting', 'balance_due']),
        eq(orderRecords.status, 'pending'),
      ),
    );
  for (const row of rows) {
    if (!isPresale(row)) continue;
    await deps.bus.emit(
      tx,
      'order.presale_notice',
      presaleNotice(deps, row, 'release_date_changed', { availabilityDate: data.to }),
    );
  }
  return rows.length;
}
