import { asc, eq } from 'drizzle-orm';
import { centsToEuros, type CreditNote, type EventData } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { creditNotes, orderRecords } from '../db/schema';
import { queueForSdi } from '../sdi/documents';
import { romeDate } from './document';
import { latestDate, takeNextNumber } from './numbering';

/** Why the money went back, as the credit note says it (a reason this list does not know reads 'Rimborso'). */
const REFUND_REASONS: Record<string, string> = {
  cancelled_by_staff: "Annullamento dell'ordine",
  paid_after_cancellation: "Pagamento ricevuto dopo l'annullamento dell'ordine",
  amount_mismatch: "Importo pagato diverso dal totale dell'ordine",
  partial_refund: 'Rimborso parziale',
  presale_deposit: "Restituzione dell'acconto della prevendita",
};

export const refundReasonText = (reason: string) => REFUND_REASONS[reason] ?? 'Rimborso';

/** A refund that took money back: the provider's (payment.refunded), or one staff paid back by bank transfer. */
export interface CompletedRefund {
  orderId: string;
  /** Unique per refund: the provider's refund id, or the refund request's id for a bank transfer. */
  refundId: string;
  cents: number;
  refundedAt: Date;
  /** Its reason code (REFUND_REASONS). */
  reason: string;
}

/** payment.refunded as a completed refund. */
export const providerRefund = (data: EventData<'payment.refunded'>): CompletedRefund => ({
  orderId: data.order_id,
  refundId: data.refund_id,
  cents: data.refund_cents,
  refundedAt: new Date(data.refunded_at),
  reason: data.reason,
});

/**
 * A refund of an order whose invoice is issued: a credit note (TD04) for the refunded amount, referring to the
 * invoice, numbered next in the year of the refund (Europe/Rome), in the caller's transaction. Exactly once per
 * refund: the refund id is unique among the credit notes, so a repeated event adds nothing, and a refund that
 * arrives after a newer one still gets its own note. The note goes to the SdI after the commit (sdi/documents.ts). Returns the note's number, or null when none was due.
 */
export async function creditNoteForRefund(tx: Db, refund: CompletedRefund): Promise<string | null> {
  if (refund.cents <= 0) return null;
  const [row] = await tx.select().from(orderRecords).where(eq(orderRecords.id, refund.orderId));
  const invoice = row?.invoiceData;
  if (!row || !invoice?.invoice_issued || !invoice.invoice_number || !invoice.invoice_date) return null;
  const [existing] = await tx
    .select({ number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refund.refundId));
  if (existing) return null;
  // Not before the invoice it corrects, nor before the latest document of the year (numbers follow the dates).
  const refundDay = romeDate(refund.refundedAt);
  const latest = await latestDate(tx, Number(refundDay.slice(0, 4)));
  const issuedOn = [refundDay, invoice.invoice_date, latest ?? ''].reduce((a, b) => (b > a ? b : a));
  const number = await takeNextNumber(tx, {
    year: Number(issuedOn.slice(0, 4)),
    kind: 'credit_note',
    orderId: row.id,
    issuedOn,
  });
  await tx.insert(creditNotes).values({
    orderId: row.id,
    refundId: refund.refundId,
    number,
    issuedOn,
    amountCents: refund.cents,
    reason: refundReasonText(refund.reason),
    invoiceNumber: invoice.invoice_number,
    invoiceDate: invoice.invoice_date,
  });
  await queueForSdi(tx, { orderId: row.id, kind: 'credit_note', number, issuedOn });
  return number;
}

/** The credit notes of an order, oldest first. */
export async function creditNotesOf(db: Db, orderId: string): Promise<CreditNote[]> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.number));
  return rows.map((r) => ({
    number: r.number,
    date: r.issuedOn,
    amount: centsToEuros(r.amountCents),
    reason: r.reason,
  }));
}
