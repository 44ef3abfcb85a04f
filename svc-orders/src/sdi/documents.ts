import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type SdiDocument,
  type SdiHistoryEntry,
  type SdiRejection,
  type SdiSendResult,
  type SdiState,
} from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { sdiDocuments } from '../db/schema';

export type SdiRow = typeof sdiDocuments.$inferSelect;

/** One step of a document's history, now. */
export const step = (
  state: SdiState,
  text: string,
  receipt: { type: SdiHistoryEntry['receipt']; code?: string | null; at?: string } = { type: null },
): SdiHistoryEntry => ({
  at: receipt.at ?? new Date().toISOString(),
  state,
  receipt: receipt.type,
  code: receipt.code ?? null,
  text,
});

/**
 * A document just numbered goes to the SdI: its row, in the transaction that numbered it (issue.ts,
 * credit-notes.ts), so it exists exactly when the document does. The sender takes it after the commit
 * (sender.ts); nothing is sent from inside that transaction.
 */
export async function queueForSdi(
  tx: Db,
  doc: { orderId: string; kind: 'invoice' | 'credit_note'; number: string; issuedOn: string },
): Promise<void> {
  const what = doc.kind === 'invoice' ? 'Fattura' : 'Nota di credito';
  await tx
    .insert(sdiDocuments)
    .values({
      ...doc,
      state: 'to_send',
      sending: 1,
      history: [step('to_send', `${what} ${doc.number} emessa, da inviare al SdI`)],
    })
    .onConflictDoNothing();
}

export function sdiDocumentOf(row: SdiRow): SdiDocument {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind,
    number: row.number,
    date: row.issuedOn,
    state: row.state,
    file_name: row.fileName,
    sdi_id: row.sdiId,
    reason: row.state === 'rejected' ? row.reason : null,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    history: row.history,
  };
}

/** GET /api/orders/{id}/sdi: the order's documents and their way to the SdI, oldest first. */
export async function sdiDocumentsOf(db: Db, orderId: string): Promise<SdiDocument[]> {
  const rows = await db
    .select()
    .from(sdiDocuments)
    .where(eq(sdiDocuments.orderId, orderId))
    .orderBy(asc(sdiDocuments.createdAt), asc(sdiDocuments.number));
  return rows.map(sdiDocumentOf);
}

/** GET /api/admin/sdi/rejections: what the SdI rejected and is not sent again yet, oldest first. */
export async function sdiRejections(db: Db): Promise<SdiRejection[]> {
  const rows = await db
    .select()
    .from(sdiDocuments)
    .where(eq(sdiDocuments.state, 'rejected'))
    .orderBy(asc(sdiDocuments.updatedAt));
  return rows.map((row) => ({
    order_id: row.orderId,
    document_id: row.id,
    document_number: row.number,
    kind: row.kind,
    reason: row.reason ?? '',
    rejected_at: row.updatedAt.toISOString(),
  }));
}

/** Whether the SdI rejected one of the order's documents and it waits to be corrected and sent again. */
export async function hasRejectedDocument(tx: Db, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: sdiDocuments.id })
    .from(sdiDocuments)
    .where(and(eq(sdiDocuments.orderId, orderId), eq(sdiDocuments.state, 'rejected')))
    .limit(1);
  return Boolean(row);
}

/**
 * POST /api/admin/sdi/send: the asked documents (or, without a list, every one to send) are queued for the sender.
 * A document to send is queued as it is; a rejected one is sent again as a new file (decision 0063: same number
 * and date, corrected data). One already on its way or answered is left as it is, so sending twice sends once.
 */
export async function queueSending(db: Db, ids: string[] | undefined): Promise<SdiSendResult> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sdiDocuments)
      .where(ids ? inArray(sdiDocuments.id, ids) : eq(sdiDocuments.state, 'to_send'))
      .orderBy(asc(sdiDocuments.createdAt))
      .for('update');
    const queued: SdiDocument[] = [];
    const now = new Date();
    for (const row of rows) {
      if (row.state !== 'to_send' && row.state !== 'rejected') continue;
      const again = row.state === 'rejected';
      const [updated] = await tx
        .update(sdiDocuments)
        .set({
          state: 'queued',
          sending: again ? row.sending + 1 : row.sending,
          attempts: 0,
          lastError: null,
          nextAttemptAt: null,
          updatedAt: now,
          history: [
            ...row.history,
            step(
              'queued',
              again ? 'Corretto, in coda per un nuovo invio al SdI' : 'In coda per l’invio al SdI',
            ),
          ],
        })
        .where(eq(sdiDocuments.id, row.id))
        .returning();
      queued.push(sdiDocumentOf(updated!));
    }
    return { queued, unchanged: (ids?.length ?? rows.length) - queued.length };
  });
}
