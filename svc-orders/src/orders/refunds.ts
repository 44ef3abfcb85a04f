import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  centsToEuros,
  eurosToCents,
  type EventData,
  type Order,
  type OrderRefundEntry,
  type PartialRefundRequest,
} from '@edicola/contracts';
import {
  conflict,
  HttpError,
  notFound,
  requestFingerprint,
  type Audit,
  type Database,
  type Db,
  type EventBus,
} from '@edicola/platform';
import { orderRecords, refundRequests, type StoredRefundLine } from '../db/schema';
import { decimalComma } from '../exports/italian-csv';
import { creditNoteForRefund } from '../invoices/credit-notes';
import { orderItemsRestocked, orderRefundRequested } from './events';
import { COUNTER_SALE_MOVE_DETAIL, lockOrder, moveOrder } from './order-writer';
import { ORDER_NOT_FOUND, toOrder } from './queries';

type OrderRow = typeof orderRecords.$inferSelect;
type RefundRow = typeof refundRequests.$inferSelect;

export const REFUND_WRONG_STATE =
  'Si può rimborsare solo un ordine pagato, confermato, spedito o consegnato, con il pagamento incassato e nessun rimborso totale in corso';
export const REFUND_KEY_REUSED =
  'Questa richiesta di rimborso è già stata usata con dati diversi (Idempotency-Key): ricarica la pagina e riprova';
export const RESTOCK_NEEDS_LINES =
  'restock: si rimettono in vendita solo gli articoli delle righe rimborsate (scegli le righe, non un importo)';
export const EBAY_REFUND_DETAIL = 'Il rimborso di un ordine eBay si fa su eBay';
export const REFUND_KEY_MISSING = "Manca l'intestazione Idempotency-Key: ricarica la pagina e riprova";

export function toRefundEntry(row: RefundRow): OrderRefundEntry {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    amount: row.amountCents === null ? null : centsToEuros(row.amountCents),
    reason: row.reason,
    lines: row.lines.map((line) => ({
      article_id: line.article_id,
      title: line.title,
      quantity: line.quantity,
      amount: centsToEuros(line.amount_cents),
    })),
    restock: row.restock,
    by_bank_transfer: row.byBankTransfer,
    failure_reason: row.failureReason,
    requested_at: row.requestedAt.toISOString(),
    requested_by: row.requestedBy,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** The refunds of these orders, oldest first, by order id. */
export async function refundsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, OrderRefundEntry[]>> {
  const byOrder = new Map<string, OrderRefundEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(refundRequests)
    .where(inArray(refundRequests.orderId, orderIds))
    .orderBy(asc(refundRequests.requestedAt), asc(refundRequests.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(toRefundEntry(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The order as the staff API answers it, with its refunds. */
export async function orderWithRefunds(db: Db, row: OrderRow): Promise<Order> {
  const refunds = await refundsOfOrders(db, [row.id]);
  return toOrder(row, refunds.get(row.id) ?? []);
}

/** What the buyer paid: the transfer staff recorded, or the online total (the provider captured exactly that). */
/**
 * What the payment took: the transfer staff recorded, or what the provider captured, which is the total less what a
 * gift card paid (the card's part goes back on the card with a full refund, docs/decisions/0059-gift-cards.md).
 */
function paidCents(row: OrderRow): number {
  return row.paymentMethod === 'transfer'
    ? (row.transferPayment?.amount_cents ?? 0)
    : row.totalCents - row.giftCardCents;
}

/**
 * Which orders may be refunded in part: money taken and kept (paid or partly refunded, no full refund on its way)
 * of an order that goes on (paid, confirmed, shipped, delivered); and a cancelled bank-transfer order, whose money
 * a cancellation does not give back by itself (decision 0027).
 */
export function partlyRefundable(row: Pick<OrderRow, 'status' | 'paymentStatus' | 'paymentMethod'>): boolean {
  if (row.paymentStatus !== 'paid' && row.paymentStatus !== 'partially_refunded') return false;
  if (['paid', 'confirmed', 'shipped', 'delivered'].includes(row.status)) return true;
  return row.status === 'cancelled' && row.paymentMethod === 'transfer';
}

/** The lines asked, merged by article, priced at what the buyer paid, checked against what is left of each. */
function pricedLines(row: OrderRow, asked: NonNullable<PartialRefundRequest['lines']>, earlier: RefundRow[]) {
  const wanted = new Map<string, number>();
  for (const line of asked) wanted.set(line.article_id, (wanted.get(line.article_id) ?? 0) + line.quantity);
  const lines: StoredRefundLine[] = [];
  for (const [articleId, quantity] of wanted) {
    const bought = row.items.filter((item) => item.article_id === articleId);
    if (bought.length === 0)
      throw new HttpError(422, `lines: l'articolo ${articleId} non è in questo ordine`);
    const units = bought.reduce((sum, item) => sum + item.quantity, 0);
    const title = bought[0]!.title ?? articleId;
    const refunded = earlier
      .filter((r) => r.state !== 'failed')
      .flatMap((r) => r.lines)
      .filter((line) => line.article_id === articleId)
      .reduce((sum, line) => sum + line.quantity, 0);
    const left = units - refunded;
    if (quantity > left) {
      throw new HttpError(
        422,
        left === 0
          ? `lines: "${title}" è già stato rimborsato per intero`
          : `lines: di "${title}" si possono rimborsare al massimo ${left} pezzi`,
      );
    }
    lines.push({
      article_id: articleId,
      title,
      quantity,
      amount_cents: (bought[0]!.unit_gross_cents ?? 0) * quantity,
    });
  }
  return lines;
}

export interface PartialRefunding {
  orderId: string;
  request: PartialRefundRequest;
  /** The request's Idempotency-Key: a repeat with it answers the same refund. */
  key: string;
  staff: { id: string; username: string };
}

/**
 * POST /api/orders/{id}/refunds. In one transaction with the order row locked (so concurrent requests take turns and
 * each sees the others' refunds): a repeat of the Idempotency-Key answers the order as it is (the unique (order,
 * key) index backs it up); the order must be partly refundable (409); the lines (their gross unit price × quantity,
 * at most what was bought less what other refunds, not failed, already took) or the amount must fit in what was
 * paid less what was refunded or is being refunded (422). Online: the request is in_progress and
 * `order.refund_requested` (v2, with its id and amount) goes to svc-payments. Bank transfer: the staff pay it back by
 * bank (decision 0027), so recording it is the refund: done at once, refunded_amount grows. With `restock`,
 * `order.items_restocked` puts the units back on sale in svc-catalog (once: its id is the request's).
 */
export async function requestPartialRefund(
  database: Database,
  bus: EventBus,
  refunding: PartialRefunding,
  audit?: Audit,
): Promise<{ order: Order; replayed: boolean }> {
  const fingerprint = requestFingerprint(refunding.request);
  const outcome = await database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, refunding.orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const [repeat] = await tx
      .select()
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, row.id), eq(refundRequests.idempotencyKey, refunding.key)));
    if (repeat) {
      if (repeat.fingerprint !== fingerprint) throw new HttpError(422, REFUND_KEY_REUSED);
      return { row, replayed: true };
    }
    if (row.channel === 'counter') throw conflict(COUNTER_SALE_MOVE_DETAIL);
    if (row.channel === 'ebay') throw conflict(EBAY_REFUND_DETAIL);
    if (!partlyRefundable(row)) throw conflict(REFUND_WRONG_STATE);
    if (refunding.request.restock && !refunding.request.lines?.length)
      throw new HttpError(422, RESTOCK_NEEDS_LINES);

    const earlier = await tx.select().from(refundRequests).where(eq(refundRequests.orderId, row.id));
    const pending = earlier
      .filter((r) => r.state === 'in_progress')
      .reduce((sum, r) => sum + (r.amountCents ?? 0), 0);
    const available = paidCents(row) - (row.refundedCents ?? 0) - pending;
    const { request } = refunding;
    const lines = request.lines?.length ? pricedLines(row, request.lines, earlier) : [];
    const amountCents = lines.length
      ? lines.reduce((sum, line) => sum + line.amount_cents, 0)
      : eurosToCents(request.amount!);
    if (amountCents <= 0)
      throw new HttpError(422, "amount: l'importo da rimborsare deve essere maggiore di zero");
    if (amountCents > available) {
      throw new HttpError(
        422,
        available <= 0
          ? `${lines.length ? 'lines' : 'amount'}: non resta nulla da rimborsare per questo ordine`
          : `${lines.length ? 'lines' : 'amount'}: si possono rimborsare al massimo ${decimalComma(available)} € (${decimalComma(amountCents)} € richiesti)` +
              (row.giftCardCents > 0 && row.paymentMethod !== 'transfer'
                ? `; i ${decimalComma(row.giftCardCents)} € pagati con il buono regalo tornano sul buono annullando e rimborsando l'ordine`
                : ''),
      );
    }

    const now = new Date();
    const byBank = row.paymentMethod === 'transfer';
    const id = randomUUID();
    await tx.insert(refundRequests).values({
      id,
      orderId: row.id,
      idempotencyKey: refunding.key,
      fingerprint,
      kind: lines.length ? 'lines' : 'amount',
      state: byBank ? 'done' : 'in_progress',
      amountCents,
      reason: request.reason,
      refundReason: 'partial_refund',
      lines,
      restock: request.restock,
      byBankTransfer: byBank,
      requestedById: refunding.staff.id,
      requestedBy: refunding.staff.username,
      requestedAt: now,
      completedAt: byBank ? now : null,
    });

    const refundedCents = (row.refundedCents ?? 0) + (byBank ? amountCents : 0);
    const updated = await moveOrder(tx, bus, row, {
      at: now,
      by: refunding.staff,
      fields: byBank
        ? {
            paymentStatus: refundedCents >= paidCents(row) ? 'refunded' : 'partially_refunded',
            refundReason: row.refundReason ?? 'partial_refund',
            refundRequestedAt: row.refundRequestedAt ?? now,
            refundedAt: now,
            refundedCents,
          }
        : {},
      ...(audit && {
        audit: {
          to: audit,
          entry: () => ({
            entity: 'order',
            entity_id: row.id,
            action: 'partial_refund',
            changes: {
              refund_amount: { from: null, to: centsToEuros(amountCents) },
              refund_reason: { from: null, to: request.reason },
              refund_lines: {
                from: null,
                to: lines.map((line) => `${line.quantity} × ${line.title}`).join(', ') || null,
              },
              restock: { from: null, to: request.restock },
              ...(byBank
                ? {
                    refunded_amount: {
                      from: centsToEuros(row.refundedCents ?? 0),
                      to: centsToEuros(refundedCents),
                    },
                  }
                : {}),
            },
          }),
        },
      }),
    });
    if (byBank) {
      // Paid back by bank at once: an invoiced order gets its credit note now, as a provider's refund does.
      await creditNoteForRefund(tx, {
        orderId: row.id,
        refundId: id,
        cents: amountCents,
        refundedAt: now,
        reason: 'partial_refund',
      });
    } else {
      await bus.emit(
        tx,
        'order.refund_requested',
        orderRefundRequested({
          orderId: row.id,
          orderVersion: updated.orderVersion,
          reason: 'partial_refund',
          requestedAt: now,
          refundRequestId: id,
          amountCents,
        }),
      );
    }
    if (request.restock) {
      await bus.emit(
        tx,
        'order.items_restocked',
        orderItemsRestocked({ orderId: row.id, restockId: id, items: lines, at: now }),
      );
    }
    return { row: updated, replayed: false };
  });
  return { order: await orderWithRefunds(database.db, outcome.row), replayed: outcome.replayed };
}

/** payment.refunded answered a refund request: it is done (a failed one the job retried too), its amount known. */
export async function completeRefundRequest(
  tx: Db,
  data: Pick<
    EventData<'payment.refunded'>,
    'refund_request_id' | 'order_id' | 'refund_cents' | 'refunded_at'
  >,
): Promise<boolean> {
  if (!data.refund_request_id) return false;
  const [request] = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.id, data.refund_request_id), eq(refundRequests.orderId, data.order_id)))
    .for('update');
  if (!request) return false;
  if (request.state === 'done') {
    // A full refund over several payments: each adds its part.
    if (request.kind !== 'full') return false;
    await tx
      .update(refundRequests)
      .set({ amountCents: (request.amountCents ?? 0) + data.refund_cents })
      .where(eq(refundRequests.id, request.id));
    return true;
  }
  await tx
    .update(refundRequests)
    .set({
      state: 'done',
      failureReason: null,
      completedAt: new Date(data.refunded_at),
      ...(request.kind === 'full' ? { amountCents: data.refund_cents } : {}),
    })
    .where(eq(refundRequests.id, request.id));
  return true;
}

/**
 * payment.refund_failed for a refund request: `final` makes it failed with the provider's reason; otherwise it stays
 * in progress (the job retries) and shows the last error.
 */
export async function failRefundRequest(
  tx: Db,
  data: Pick<
    EventData<'payment.refund_failed'>,
    'refund_request_id' | 'order_id' | 'error' | 'final' | 'failed_at'
  >,
): Promise<boolean> {
  if (!data.refund_request_id) return false;
  const [request] = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.id, data.refund_request_id), eq(refundRequests.orderId, data.order_id)))
    .for('update');
  if (!request || request.state !== 'in_progress') return false;
  await tx
    .update(refundRequests)
    .set({
      failureReason: data.error.slice(0, 500),
      ...(data.final ? { state: 'failed' as const, completedAt: new Date(data.failed_at) } : {}),
    })
    .where(eq(refundRequests.id, request.id));
  return true;
}
