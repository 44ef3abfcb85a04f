import { inArray } from 'drizzle-orm';
import {
  orderReference,
  type BulkOrderResult,
  type BulkShipRequest,
  type TokenClaims,
} from '@edicola/contracts';
import { HttpError, type Audit, type Database, type EventBus, type Logger } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { INVOICE_NUMBER_USED, issueInvoice, nextInvoiceNumber } from '../invoices/issue';
import { ORDER_NOT_FOUND } from './queries';
import { changeOrderStatus } from './status';

type OrderRow = typeof orderRecords.$inferSelect;

export interface BulkWork {
  database: Database;
  bus: EventBus;
  logger: Logger;
  staff: { id: string; username: string; role: TokenClaims['role'] };
  audit: Audit;
}

/** What one order's step says: changed now, already so (null), or it throws the single action's refusal. */
type Step = (row: OrderRow) => Promise<'done' | 'unchanged'>;

const UNEXPECTED = 'Errore imprevisto su questo ordine: riprova tra poco';

/**
 * One step per order, one after the other (each its own transaction, as the single action), in the order given:
 * an order that fails is named with the single action's reason and the others go on
 * (docs/product/back-office.md#bulk-actions).
 */
async function eachOrder(work: BulkWork, ids: string[], step: Step): Promise<BulkOrderResult[]> {
  const rows = await work.database.db.select().from(orderRecords).where(inArray(orderRecords.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: BulkOrderResult[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    const result = { order_id: id, order_reference: orderReference(id) };
    // The back office's Ordini are web and eBay orders; a counter sale is not worked from the list.
    if (!row || row.channel === 'counter') {
      results.push({ ...result, outcome: 'failed', detail: ORDER_NOT_FOUND });
      continue;
    }
    try {
      results.push({ ...result, outcome: await step(row), detail: null });
    } catch (error) {
      if (!(error instanceof HttpError)) work.logger.error({ err: error, order_id: id }, 'bulk step failed');
      results.push({
        ...result,
        outcome: 'failed',
        detail: error instanceof HttpError ? error.detail : UNEXPECTED,
      });
    }
  }
  return results;
}

const AFTER_CONFIRMED: readonly OrderRow['status'][] = ['confirmed', 'shipped', 'delivered'];

/** POST /api/orders/bulk/confirm: each order confirmed; one confirmed already (or past it) is unchanged. */
export function confirmOrders(work: BulkWork, ids: string[]): Promise<BulkOrderResult[]> {
  return eachOrder(work, ids, async (row) => {
    if (AFTER_CONFIRMED.includes(row.status)) return 'unchanged';
    await changeOrderStatus(
      work.database,
      work.bus,
      { orderId: row.id, to: 'confirmed', trackingNumber: row.trackingNumber, staff: work.staff },
      work.audit,
    );
    return 'done';
  });
}

/**
 * POST /api/orders/bulk/ship: each order marked shipped with the tracking number staff typed, else the one it
 * carries (its own, else the carrier's through Packlink); without any, the single action's 422. One shipped
 * already with that number (or with none typed) is unchanged.
 */
export function shipOrders(work: BulkWork, orders: BulkShipRequest['orders']): Promise<BulkOrderResult[]> {
  const typed = new Map(orders.map((o) => [o.order_id.toLowerCase(), o.tracking_number ?? null]));
  return eachOrder(work, [...typed.keys()], async (row) => {
    const given = typed.get(row.id) ?? null;
    const tracking = given ?? row.trackingNumber ?? row.packlinkData?.tracking_number ?? null;
    const already = row.status === 'shipped' || row.status === 'delivered';
    if (already && (given === null || given === row.trackingNumber)) return 'unchanged';
    await changeOrderStatus(
      work.database,
      work.bus,
      { orderId: row.id, to: 'shipped', trackingNumber: tracking, staff: work.staff },
      work.audit,
    );
    return 'done';
  });
}

/**
 * POST /api/orders/bulk/invoice: each order's invoice issued with the year's next free number, dated today
 * (Europe/Rome), as the invoice dialog proposes them; an order invoiced already is unchanged. A number another
 * staff member took in the meantime is followed by the next one.
 */
export function invoiceOrders(work: BulkWork, ids: string[]): Promise<BulkOrderResult[]> {
  return eachOrder(work, ids, async (row) => {
    if (row.invoiceData?.invoice_issued) return 'unchanged';
    for (let attempt = 1; ; attempt++) {
      const next = await nextInvoiceNumber(work.database.db);
      try {
        await issueInvoice(
          work.database,
          work.bus,
          { orderId: row.id, request: next, staff: work.staff },
          work.audit,
        );
        return 'done';
      } catch (error) {
        const year = Number(next.invoice_date.slice(0, 4));
        const taken =
          error instanceof HttpError && error.detail === INVOICE_NUMBER_USED(next.invoice_number, year);
        if (!taken || attempt >= 3) throw error;
      }
    }
  });
}
