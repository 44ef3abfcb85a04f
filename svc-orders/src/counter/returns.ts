import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CounterPaymentMethod } from '@edicola/contracts';
import { conflict, HttpError, notFound, type Database, type EventBus } from '@edicola/platform';
import { counterReturns, counterSales } from '../db/schema';
import { decimalComma } from '../exports/italian-csv';
import { lockOrder, moveOrder } from '../orders/order-writer';
import type { Cashier } from './sales';
import type { CounterPrinting } from './printing';

export const SALE_NOT_FINAL_DETAIL =
  'La vendita aspetta ancora il suo scontrino: si può rendere solo dopo la stampa';
export const NOTHING_LEFT_DETAIL = 'Tutti i pezzi di questa vendita sono già stati resi';

type ReturnRequest = {
  lines?: { article_id: string; quantity: number }[];
  refund_method: CounterPaymentMethod;
};

/**
 * POST /api/pos/sales/{id}/returns (docs/product/counter.md#returns): the units back on the shelf at once
 * (order.items_restocked, svc-catalog's restock under the return's id), the money back in cash or to the card (never
 * more to the card than the card paid), the order's refunded total grown, and the RT's return document — a void
 * (annullo) when every unit goes back at once before the day's closure — printed by the print job. The
 * Idempotency-Key makes a double submit one return. Answers whether it was a repeat.
 */
export async function returnCounterSale(
  deps: { database: Database; bus: EventBus; printing: CounterPrinting },
  saleId: string,
  request: ReturnRequest,
  cashier: Cashier,
  key: string,
): Promise<{ returnId: string; replayed: boolean }> {
  return deps.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, saleId);
    if (!order || order.channel !== 'counter') throw notFound('Vendita non trovata');
    const [repeat] = await tx
      .select({ id: counterReturns.id })
      .from(counterReturns)
      .where(and(eq(counterReturns.orderId, saleId), eq(counterReturns.idempotencyKey, key)));
    if (repeat) return { returnId: repeat.id, replayed: true };
    const [sale] = await tx.select().from(counterSales).where(eq(counterSales.orderId, saleId));
    if (!sale || sale.state !== 'completed') throw conflict(SALE_NOT_FINAL_DETAIL);
    const earlier = await tx.select().from(counterReturns).where(eq(counterReturns.orderId, saleId));
    const returned = new Map<string, number>();
    for (const ret of earlier)
      for (const line of ret.lines)
        returned.set(line.article_id, (returned.get(line.article_id) ?? 0) + line.quantity);
    const left = order.items
      .map((item) => ({ item, quantity: item.quantity - (returned.get(item.article_id) ?? 0) }))
      .filter((entry) => entry.quantity > 0);
    if (left.length === 0) throw conflict(NOTHING_LEFT_DETAIL);
    const asked =
      request.lines ?? left.map(({ item, quantity }) => ({ article_id: item.article_id, quantity }));
    const lines = asked.map((want) => {
      const entry = left.find((l) => l.item.article_id === want.article_id);
      if (!entry) throw new HttpError(422, 'Questo articolo non è nella vendita, o è già stato reso');
      if (want.quantity > entry.quantity) {
        throw new HttpError(
          422,
          `Di "${entry.item.title}" si possono rendere al massimo ${entry.quantity} pezzi`,
        );
      }
      return {
        article_id: want.article_id,
        title: entry.item.title ?? entry.item.sku ?? want.article_id,
        quantity: want.quantity,
        amount_cents: entry.item.unit_gross_cents! * want.quantity,
        iva_percentage: entry.item.iva_percentage!,
      };
    });
    const amountCents = lines.reduce((sum, line) => sum + line.amount_cents, 0);
    if (request.refund_method === 'card') {
      const cardPaid = sale.payments.find((p) => p.method === 'card')?.amount_cents ?? 0;
      const cardBack = earlier
        .filter((r) => r.refundMethod === 'card')
        .reduce((sum, r) => sum + r.amountCents, 0);
      if (amountCents > cardPaid - cardBack) {
        throw new HttpError(
          422,
          `Sulla carta si possono rendere al massimo ${decimalComma(Math.max(0, cardPaid - cardBack))} €: il resto in contanti`,
        );
      }
    }
    const everything =
      earlier.length === 0 &&
      sale.closureId === null &&
      lines.length === order.items.length &&
      lines.every(
        (line) => line.quantity === order.items.find((i) => i.article_id === line.article_id)!.quantity,
      );
    const returnId = randomUUID();
    const now = new Date();
    const off = deps.printing.mode === 'off';
    await tx.insert(counterReturns).values({
      id: returnId,
      orderId: saleId,
      idempotencyKey: key,
      kind: everything ? 'void' : 'return',
      state: off ? 'completed' : 'printing',
      lines,
      amountCents,
      refundMethod: request.refund_method,
      cashier: cashier.username,
      createdAt: now,
    });
    await deps.bus.emit(tx, 'order.items_restocked', {
      order_id: saleId,
      restock_id: returnId,
      items: lines.map((line) => ({ article_id: line.article_id, quantity: line.quantity })),
      restocked_at: now.toISOString(),
    });
    const refunded = (order.refundedCents ?? 0) + amountCents;
    await moveOrder(tx, deps.bus, order, {
      at: now,
      by: { id: cashier.id, username: cashier.username },
      fields: {
        refundedCents: refunded,
        refundedAt: now,
        paymentStatus: refunded >= order.totalCents ? 'refunded' : 'partially_refunded',
      },
    });
    if (!off) await deps.printing.enqueueReturn(tx, returnId);
    return { returnId, replayed: false };
  });
}
