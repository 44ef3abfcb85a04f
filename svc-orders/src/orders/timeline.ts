import { and, asc, eq } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  centsToEuros,
  type OrderNoteRequest,
  type OrderTimeline,
  type TimelineEntry,
} from '@edicola/contracts';
import { notFound, type Audit, type Db } from '@edicola/platform';
import { fiscalNumbers, orderEdits, orderNotes, orderRecords, orderStatusHistory } from '../db/schema';
import { decimalComma } from '../exports/italian-csv';
import { ORDER_NOT_FOUND } from './queries';
import { romeDayStart } from './rome-time';

type Row = typeof orderRecords.$inferSelect;
type History = typeof orderStatusHistory.$inferSelect;

/** What every source of the timeline gets: the order, its status history (oldest first) and the database. */
export interface TimelineContext {
  db: Db;
  order: Row;
  history: History[];
}

/** One source of the timeline: the entries it knows of, in any order (they are merged and sorted). */
export type TimelineSource = (context: TimelineContext) => TimelineEntry[] | Promise<TimelineEntry[]>;

/** The payment methods as the Italian summaries name them (the back office words them from `data`). */
const METHOD_NAMES: Record<Row['paymentMethod'], string> = {
  transfer: 'bonifico',
  card: 'carta',
  stripe: 'carta (Stripe)',
  paypal: 'PayPal',
  klarna: 'Klarna (3 rate)',
  'klarna-now': 'Klarna (subito)',
  ebay: 'eBay',
};

const entry = (
  at: Date | string,
  kind: TimelineEntry['kind'],
  summary: string,
  by: string | null = null,
  data: Record<string, unknown> = {},
): TimelineEntry => ({ at: typeof at === 'string' ? at : at.toISOString(), kind, summary, by, data });

/** The history row that brought the order to `status`, if any. */
const reached = (history: History[], status: History['toStatus']) =>
  history.find((h) => h.toStatus === status && h.fromStatus !== null);

const created: TimelineSource = ({ order }) => [
  entry(order.createdAt, 'created', `Ordine creato (${decimalComma(order.totalCents)} €)`, null, {
    total: centsToEuros(order.totalCents),
    payment_method: order.paymentMethod,
  }),
];

/** Every status change after the creation, with who (null: the shop itself) and the tracking number given. */
const statusChanges: TimelineSource = ({ history }) =>
  history
    .filter((h) => h.fromStatus !== null)
    .map((h) =>
      entry(
        h.changedAt,
        'status',
        `Stato: ${ORDER_STATUS_LABELS[h.fromStatus!]} → ${ORDER_STATUS_LABELS[h.toStatus]}` +
          (h.toStatus === 'shipped' && h.trackingNumber ? ` (tracking ${h.trackingNumber})` : ''),
        h.changedBy,
        { from: h.fromStatus, to: h.toStatus, tracking_number: h.trackingNumber },
      ),
    );

/**
 * The provider's payment as the order records it: taken (when the order became paid; a transfer is its own
 * source), failed, and a payment flagged for staff (an amount that was not the total).
 */
const payments: TimelineSource = ({ order, history }) => {
  const out: TimelineEntry[] = [];
  const taken = ['paid', 'refunding', 'partially_refunded', 'refunded'].includes(order.paymentStatus);
  if (taken && order.paymentMethod !== 'transfer' && order.paymentIntentId) {
    const paidAt = reached(history, 'paid')?.changedAt ?? order.updatedAt;
    out.push(
      entry(
        paidAt,
        'payment',
        `Pagamento ricevuto (${METHOD_NAMES[order.paymentMethod]}${order.paymentDemo ? ', demo' : ''})`,
        null,
        {
          event: 'paid',
          payment_method: order.paymentMethod,
          provider_reference: order.paymentIntentId,
          demo: order.paymentDemo,
          amount: centsToEuros(order.totalCents),
        },
      ),
    );
  }
  if (order.paymentStatus === 'failed') {
    const at =
      history.find((h) => h.toStatus === 'cancelled' && h.changedBy === null && h.fromStatus === 'pending')
        ?.changedAt ?? order.updatedAt;
    out.push(
      entry(at, 'payment', 'Pagamento non riuscito', null, { event: 'failed', payment_status: 'failed' }),
    );
  }
  if (order.paymentIssue) {
    out.push(
      entry(order.paymentIssue.at, 'payment', order.paymentIssue.detail, null, {
        event: 'issue',
        code: order.paymentIssue.code,
        total: centsToEuros(order.totalCents),
        captured_amount: order.paymentIssue.captured_amount,
        captured_currency: order.paymentIssue.captured_currency,
      }),
    );
  }
  return out;
};

/** The bank transfer staff recorded. */
const transfer: TimelineSource = ({ order }) => {
  const t = order.transferPayment;
  if (!t) return [];
  return [
    entry(
      t.recorded_at,
      'transfer',
      `Bonifico ricevuto il ${t.received_on.split('-').reverse().join('/')}: ${decimalComma(t.amount_cents)} €` +
        (t.amount_matches ? '' : " (l'importo non corrisponde al totale)"),
      t.recorded_by,
      {
        received_on: t.received_on,
        amount: centsToEuros(t.amount_cents),
        bank_reference: t.bank_reference,
        amount_matches: t.amount_matches,
      },
    ),
  ];
};

/** The refund asked, and the money the provider confirmed given back (all of it or part). */
const refunds: TimelineSource = ({ order }) => {
  const out: TimelineEntry[] = [];
  if (order.refundReason && order.refundRequestedAt) {
    out.push(
      entry(order.refundRequestedAt, 'refund', 'Rimborso richiesto', null, {
        event: 'requested',
        reason: order.refundReason,
      }),
    );
  }
  if (order.refundedAt && (order.refundedCents ?? 0) > 0) {
    const full = order.paymentStatus === 'refunded';
    out.push(
      entry(
        order.refundedAt,
        'refund',
        `${full ? 'Rimborso' : 'Rimborso parziale'} eseguito: ${decimalComma(order.refundedCents!)} €`,
        null,
        { event: 'refunded', amount: centsToEuros(order.refundedCents!), reason: order.refundReason, full },
      ),
    );
  }
  return out;
};

/**
 * The invoice once issued, at the moment its number was taken. An invoice issued before the numbers were recorded
 * has only its date: it goes at the start of that day (Europe/Rome), never before the order's creation, and
 * `date_only` tells the back office to show no time.
 */
const invoice: TimelineSource = async ({ db, order }) => {
  const data = order.invoiceData;
  if (!data?.invoice_issued || !data.invoice_number) return [];
  const [numbered] = await db
    .select({ at: fiscalNumbers.createdAt })
    .from(fiscalNumbers)
    .where(
      and(
        eq(fiscalNumbers.orderId, order.id),
        eq(fiscalNumbers.kind, 'invoice'),
        eq(fiscalNumbers.number, data.invoice_number),
      ),
    )
    .limit(1);
  const dayStart = data.invoice_date ? romeDayStart(data.invoice_date) : null;
  const undated = dayStart
    ? new Date(Math.max(dayStart.getTime(), order.createdAt.getTime()))
    : order.updatedAt;
  const at = numbered?.at ?? undated;
  return [
    entry(at, 'invoice', `Fattura ${data.invoice_number} emessa`, null, {
      invoice_number: data.invoice_number,
      invoice_date: data.invoice_date,
      date_only: !numbered && Boolean(data.invoice_date),
    }),
  ];
};

/** The Packlink shipment stored on the order (at the move to shipped when there was one, else its last change). */
const shipment: TimelineSource = ({ order, history }) => {
  if (!order.packlinkShipmentId) return [];
  const at = reached(history, 'shipped')?.changedAt ?? order.updatedAt;
  const carrier = order.packlinkData?.carrier_name ?? null;
  const tracking = order.packlinkData?.tracking_number ?? null;
  return [
    entry(
      at,
      'shipment',
      `Spedizione Packlink ${order.packlinkShipmentId}` + (carrier ? ` con ${carrier}` : ''),
      null,
      { shipment_id: order.packlinkShipmentId, carrier_name: carrier, tracking_number: tracking },
    ),
  ];
};

/**
 * An eBay order's own story (docs/decisions/0049-marketplace-orders.md): paid on eBay, the last unit sold twice and
 * its resolution, cancelled or refunded on eBay, and the reminder that a cancellation from the back office does not
 * give the buyer's money back (eBay holds it).
 */
const marketplace: TimelineSource = ({ order, history }) => {
  if (order.channel !== 'ebay') return [];
  const data = { external_id: order.externalId };
  const out = [
    entry(order.createdAt, 'payment', `Pagato su eBay (ordine eBay ${order.externalId})`, null, {
      ...data,
      event: 'paid',
      payment_method: 'ebay',
      amount: centsToEuros(order.totalCents),
    }),
  ];
  const conflictOpen = order.stockConflict && order.status !== 'cancelled';
  if (order.stockConflict || order.stockConflictResolvedAt) {
    out.push(
      entry(
        order.createdAt,
        'status',
        'Nessun pezzo disponibile: ultimo pezzo venduto due volte' +
          (conflictOpen ? ". Annulla uno dei due ordini (l'altro prende il pezzo)" : ''),
        null,
        { ...data, event: 'stock_conflict' },
      ),
    );
  }
  if (order.stockConflictResolvedAt) {
    out.push(
      entry(order.stockConflictResolvedAt, 'status', 'Pezzi presi dal magazzino: conflitto risolto', null, {
        ...data,
        event: 'stock_conflict_resolved',
      }),
    );
  }
  const cancelled = reached(history, 'cancelled');
  if (order.externalCancelReason) {
    out.push(
      entry(
        order.refundedAt ?? order.updatedAt,
        'refund',
        `Annullato su eBay: ${order.externalCancelReason}`,
        null,
        {
          ...data,
          event: 'cancelled_on_marketplace',
          reason: order.externalCancelReason,
        },
      ),
    );
  } else if (cancelled?.changedBy) {
    out.push(
      entry(cancelled.changedAt, 'refund', "Rimborsa l'acquirente su eBay", cancelled.changedBy, {
        ...data,
        event: 'refund_on_marketplace',
      }),
    );
  }
  return out;
};

type NoteRow = typeof orderNotes.$inferSelect;
const noteEntry = (note: NoteRow) =>
  entry(note.createdAt, 'note', note.text, note.author, { note_id: note.id });

const notes: TimelineSource = async ({ db, order }) =>
  (
    await db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id))
  ).map(noteEntry);

const CONTACT_FIELD_NAMES: Record<string, string> = {
  name: 'nome',
  email: 'e-mail',
  phone: 'telefono',
  address: 'indirizzo',
  city: 'città',
  zipCode: 'CAP',
};

/** The buyer's contacts and address corrected by staff: which fields, by whom. */
const edits: TimelineSource = async ({ db, order }) =>
  (
    await db
      .select()
      .from(orderEdits)
      .where(eq(orderEdits.orderId, order.id))
      .orderBy(asc(orderEdits.editedAt), asc(orderEdits.id))
  ).map((row) =>
    entry(
      row.editedAt,
      'edit',
      `Dati del cliente modificati: ${row.fields.map((field) => CONTACT_FIELD_NAMES[field] ?? field).join(', ')}`,
      row.editedBy,
      { event: 'contact_updated', fields: row.fields },
    ),
  );

/**
 * The sources of the timeline, each a small function of what svc-orders records. A new record (invoices, shipments,
 * partial refunds...) adds its function here. The e-mails are not here: the back office merges svc-notify's own
 * list (GET /api/admin/emails?order_id=).
 */
export const TIMELINE_SOURCES: TimelineSource[] = [
  created,
  statusChanges,
  payments,
  transfer,
  refunds,
  invoice,
  shipment,
  marketplace,
  edits,
  notes,
];

const KIND_ORDER: TimelineEntry['kind'][] = [
  'created',
  'payment',
  'transfer',
  'status',
  'refund',
  'invoice',
  'shipment',
  'edit',
  'email',
  'note',
];

/** GET /api/orders/{id}/timeline: every source's entries, oldest first (at the same instant, in a fixed order). */
export async function orderTimeline(
  db: Db,
  orderId: string,
  sources: TimelineSource[] = TIMELINE_SOURCES,
): Promise<OrderTimeline> {
  const [order] = await db.select().from(orderRecords).where(eq(orderRecords.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  const context = { db, order, history };
  const entries = (await Promise.all(sources.map((source) => source(context)))).flat();
  const time = (e: TimelineEntry) => Date.parse(e.at);
  entries.sort((a, b) => time(a) - time(b) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return { entries };
}

/** POST /api/orders/{id}/notes: an internal note by this staff user, audited in the same transaction. */
export async function addOrderNote(
  db: Db,
  orderId: string,
  note: OrderNoteRequest,
  staff: { id: string; username: string },
  audit?: Audit,
): Promise<TimelineEntry> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orderRecords.id })
      .from(orderRecords)
      .where(eq(orderRecords.id, orderId));
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const [row] = await tx
      .insert(orderNotes)
      .values({ orderId, text: note.text, authorId: staff.id, author: staff.username })
      .returning();
    await audit?.(tx, {
      entity: 'order',
      entity_id: orderId,
      action: 'note_added',
      changes: { note: { from: null, to: note.text } },
    });
    return noteEntry(row!);
  });
}
