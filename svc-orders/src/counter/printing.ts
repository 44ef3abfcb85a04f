import { and, eq } from 'drizzle-orm';
import type { RtMode } from '@edicola/contracts';
import type { Database, Db, EventBus, Jobs, Logger } from '@edicola/platform';
import {
  counterClosures,
  counterReturns,
  counterSales,
  orderRecords,
  type StoredReceipt,
} from '../db/schema';
import { lockOrder, moveOrder } from '../orders/order-writer';
import {
  RtRefused,
  type Attempt,
  type FiscalPrinter,
  type PrintedDocument,
  type ReceiptLine,
} from './rt/fiscal-printer';

/** What the attempt column keeps: when the first attempt of a document was about to be sent. */
interface StoredAttempt {
  first_attempt_at: string;
}

/**
 * The adapter's record of a document's first attempt (rt/fiscal-printer.ts Attempt), stored BEFORE anything is sent:
 * a later attempt (after a time-out, a refusal or this process's death) passes it on, and the adapter looks for the
 * document on the RT before printing it again. For receipts, returns and the day's closure alike.
 */
export async function beginAttempt(
  db: Db,
  table: typeof counterSales | typeof counterReturns | typeof counterClosures,
  key: typeof counterSales.orderId | typeof counterReturns.id | typeof counterClosures.id,
  id: string,
  stored: unknown,
): Promise<Attempt | undefined> {
  const earlier = stored as StoredAttempt | null;
  if (earlier) return { previousAttemptAt: new Date(earlier.first_attempt_at) };
  await db
    .update(table)
    .set({ attempt: { first_attempt_at: new Date().toISOString() } satisfies StoredAttempt })
    .where(eq(key, id));
  return undefined;
}

export const PRINT_RECEIPT_JOB = 'counter.print-receipt';
export const PRINT_RETURN_JOB = 'counter.print-return';

/** The RT's problem as the counter screen says it. */
export const RT_UNAVAILABLE_PROBLEM =
  'La stampante fiscale non risponde: lo scontrino sarà stampato appena torna raggiungibile';

const receiptOf = (doc: PrintedDocument): StoredReceipt => ({
  serial: doc.serial,
  document_number: doc.documentNumber,
  z_number: doc.zNumber,
  printed_at: doc.printedAt.toISOString(),
});

const problemOf = (error: unknown) =>
  error instanceof RtRefused
    ? `La stampante fiscale ha rifiutato lo scontrino: ${error.message}`
    : RT_UNAVAILABLE_PROBLEM;

export interface CounterPrinting {
  readonly mode: RtMode;
  /** In the sale's transaction: its receipt will be printed by the print job, after the commit. */
  enqueueReceipt(tx: Db, saleId: string): Promise<void>;
  enqueueReturn(tx: Db, returnId: string): Promise<void>;
  /** Waits (bounded) until the sale or return is printed or its first attempt failed; for the request's answer. */
  settle(kind: 'sale' | 'return', id: string, timeoutMs: number): Promise<void>;
}

/**
 * The fiscal receipts (docs/product/counter.md#fiscal-receipt): the print job is the one owner of a sale's or a
 * return's printing. It runs after the commit that stored the sale, and again after a failure (every few seconds,
 * then every minute) or after this process died, until the RT answers: the units stay held meanwhile and the screen
 * says why. The printer adapter never prints a document twice (rt/fiscal-printer.ts); the sale becomes final, with
 * the RT's numbers, in the transaction that records them.
 */
export function counterPrinting(deps: {
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  logger: Logger;
  printer: FiscalPrinter | null;
  mode: RtMode;
  retryMs?: number;
}): CounterPrinting {
  const db = deps.database.db;
  const printer = deps.printer;
  const retry = { maxAttempts: 1_000_000, backoffMs: deps.retryMs ?? 2000, maxBackoffMs: 60_000 };
  const printedOnce = new Map<string, () => void>();
  const notify = (id: string) => {
    printedOnce.get(id)?.();
    printedOnce.delete(id);
  };

  async function printReceipt(saleId: string) {
    const [sale] = await db.select().from(counterSales).where(eq(counterSales.orderId, saleId));
    if (!sale || sale.state !== 'printing' || !printer) return;
    const [order] = await db.select().from(orderRecords).where(eq(orderRecords.id, saleId));
    const lines: ReceiptLine[] = order!.items.map((item) => ({
      description: item.title ?? item.sku ?? item.article_id,
      quantity: item.quantity,
      unitPriceCents: item.unit_gross_cents!,
      ivaPercentage: item.iva_percentage!,
    }));
    const doc = await printOnce(counterSales, counterSales.orderId, saleId, sale.attempt, (attempt) =>
      printer.printReceipt(
        {
          reference: saleId,
          lines,
          payments: sale.payments.map((p) => ({ method: p.method, amountCents: p.amount_cents })),
        },
        attempt,
      ),
    );
    const now = new Date();
    await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, saleId);
      const [current] = await tx.select().from(counterSales).where(eq(counterSales.orderId, saleId));
      if (!locked || current?.state !== 'printing') return;
      await tx
        .update(counterSales)
        .set({
          state: 'completed',
          receipt: receiptOf(doc),
          problem: null,
          rawRequest: doc.request,
          rawResponse: doc.response,
          completedAt: now,
        })
        .where(eq(counterSales.orderId, saleId));
      await moveOrder(tx, deps.bus, locked, {
        at: now,
        by: { id: current.cashierId, username: current.cashier },
        status: { to: 'delivered', kind: 'counter' },
        fields: { paymentStatus: 'paid' },
      });
    });
    notify(saleId);
  }

  async function printReturn(returnId: string) {
    const [ret] = await db.select().from(counterReturns).where(eq(counterReturns.id, returnId));
    if (!ret || ret.state !== 'printing' || !printer) return;
    const [sale] = await db.select().from(counterSales).where(eq(counterSales.orderId, ret.orderId));
    const receipt = sale!.receipt!;
    const doc = await printOnce(counterReturns, counterReturns.id, returnId, ret.attempt, (attempt) =>
      printer.printReturn(
        {
          reference: `R-${returnId}`,
          kind: ret.kind,
          original: {
            serial: receipt.serial ?? '',
            documentNumber: receipt.document_number ?? '',
            zNumber: receipt.z_number ?? 0,
            printedAt: new Date(receipt.printed_at ?? sale!.createdAt),
          },
          lines: ret.lines.map((line) => ({
            description: line.title,
            quantity: line.quantity,
            unitPriceCents: Math.round(line.amount_cents / line.quantity),
            ivaPercentage: line.iva_percentage,
          })),
          refund: { method: ret.refundMethod, amountCents: ret.amountCents },
        },
        attempt,
      ),
    );
    await db
      .update(counterReturns)
      .set({
        state: 'completed',
        receipt: receiptOf(doc),
        problem: null,
        rawRequest: doc.request,
        rawResponse: doc.response,
      })
      .where(and(eq(counterReturns.id, returnId), eq(counterReturns.state, 'printing')));
    notify(returnId);
  }

  /**
   * One attempt at a document: its first attempt recorded first (beginAttempt); a failure (the RT silent, or
   * refusing) is written as the document's problem for the screen and thrown, so the job tries again later.
   */
  async function printOnce(
    table: typeof counterSales | typeof counterReturns,
    key: typeof counterSales.orderId | typeof counterReturns.id,
    id: string,
    stored: unknown,
    print: (attempt: Attempt | undefined) => Promise<PrintedDocument>,
  ): Promise<PrintedDocument> {
    try {
      return await print(await beginAttempt(db, table, key, id, stored));
    } catch (error) {
      await db
        .update(table)
        .set({ problem: problemOf(error) })
        .where(eq(key, id));
      notify(id);
      throw error;
    }
  }

  deps.jobs.handle<{ sale_id: string }>(PRINT_RECEIPT_JOB, (payload) => printReceipt(payload.sale_id), retry);
  deps.jobs.handle<{ return_id: string }>(
    PRINT_RETURN_JOB,
    (payload) => printReturn(payload.return_id),
    retry,
  );

  return {
    mode: deps.mode,
    async enqueueReceipt(tx, saleId) {
      await deps.jobs.enqueue(tx, PRINT_RECEIPT_JOB, { sale_id: saleId }, { key: saleId });
    },
    async enqueueReturn(tx, returnId) {
      await deps.jobs.enqueue(tx, PRINT_RETURN_JOB, { return_id: returnId }, { key: returnId });
    },
    async settle(kind, id, timeoutMs) {
      const table = kind === 'sale' ? counterSales : counterReturns;
      const key = kind === 'sale' ? counterSales.orderId : counterReturns.id;
      const done = async () => {
        const [row] = await db
          .select({ state: table.state, problem: table.problem })
          .from(table)
          .where(eq(key, id));
        return !row || row.state !== 'printing' || row.problem !== null;
      };
      if (await done()) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, timeoutMs);
        // A job run in another replica is seen by looking again, every quarter of a second.
        const poll = setInterval(
          () =>
            void done().then(
              (yes) => yes && finish(),
              () => undefined,
            ),
          250,
        );
        function finish() {
          clearTimeout(timer);
          clearInterval(poll);
          if (printedOnce.get(id) === finish) printedOnce.delete(id);
          resolve();
        }
        printedOnce.set(id, finish);
      });
    },
  };
}
