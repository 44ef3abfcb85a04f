import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Logger } from '@edicola/platform';
import { sdiDocuments } from '../db/schema';
import { fatturaPaFileName, fatturaPaXml } from '../invoices/fatturapa';
import { creditNoteOf, invoiceOf } from '../invoices/files';
import type { ShopFiscal } from '../invoices/shop-fiscal';
import { step, type SdiRow } from './documents';
import type { IntermediaryClient, SdiNotification } from './intermediary-client';

export interface SdiSenderDeps {
  db: Db;
  client: IntermediaryClient;
  shop: ShopFiscal;
  logger: Logger;
  /** Documents to send go out on their own (SDI_AUTO_SEND); otherwise only once staff queue them. */
  autoSend: boolean;
  /** First wait after a failed attempt; it doubles up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  /** How long an attempt may stay `sending` before the sweeper hands it back (longer than the call's timeout). */
  claimMs: number;
}

const due = (deps: SdiSenderDeps, now: Date) =>
  and(
    deps.autoSend
      ? or(eq(sdiDocuments.state, 'queued'), eq(sdiDocuments.state, 'to_send'))
      : eq(sdiDocuments.state, 'queued'),
    or(isNull(sdiDocuments.nextAttemptAt), lte(sdiDocuments.nextAttemptAt, now)),
  );

/** The next due document, claimed (`sending` with a deadline) in its own short transaction; null when none. */
async function claimNext(deps: SdiSenderDeps): Promise<SdiRow | null> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sdiDocuments)
      .where(due(deps, now))
      .orderBy(asc(sdiDocuments.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(sdiDocuments)
      .set({ state: 'sending', claimDeadline: new Date(now.getTime() + deps.claimMs), updatedAt: now })
      .where(eq(sdiDocuments.id, row.id))
      .returning();
    return claimed!;
  });
}

async function fileOf(deps: SdiSenderDeps, row: SdiRow) {
  const reader = { kind: 'staff' } as const;
  const doc =
    row.kind === 'invoice'
      ? await invoiceOf(deps.db, deps.shop, row.orderId, reader)
      : await creditNoteOf(deps.db, deps.shop, row.orderId, row.number, reader);
  return { fileName: fatturaPaFileName(doc, row.sending), xml: fatturaPaXml(doc, row.sending) };
}

const hhmm = (at: Date) =>
  at.toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });

/** One claimed document to the intermediary: `sent` with its id, or back in the queue with a later attempt. */
async function sendOne(deps: SdiSenderDeps, row: SdiRow): Promise<void> {
  const mine = and(eq(sdiDocuments.id, row.id), eq(sdiDocuments.state, 'sending'));
  let fileName: string | null = null;
  try {
    const file = await fileOf(deps, row);
    fileName = file.fileName;
    const { id } = await deps.client.send(file);
    const now = new Date();
    await deps.db
      .update(sdiDocuments)
      .set({
        state: 'sent',
        providerId: id,
        fileName,
        claimDeadline: null,
        lastError: null,
        nextAttemptAt: null,
        updatedAt: now,
        history: sql`${sdiDocuments.history} || ${JSON.stringify([
          step('sent', `File ${fileName} inviato al SdI tramite l’intermediario, in attesa di ricevuta`),
        ])}::jsonb`,
      })
      .where(mine);
  } catch (error) {
    const attempts = row.attempts + 1;
    const wait = Math.min(deps.retryMs * 2 ** (attempts - 1), deps.maxRetryMs);
    const next = new Date(Date.now() + wait);
    const message = (error as Error).message;
    deps.logger.warn({ err: error, document: row.number, attempts }, 'SdI sending failed, tried again later');
    await deps.db
      .update(sdiDocuments)
      .set({
        state: 'queued',
        attempts,
        fileName: fileName ?? row.fileName,
        lastError: message,
        nextAttemptAt: next,
        claimDeadline: null,
        updatedAt: new Date(),
        history: sql`${sdiDocuments.history} || ${JSON.stringify([
          step('queued', `Invio non riuscito (${message}): nuovo tentativo alle ${hhmm(next)}`),
        ])}::jsonb`,
      })
      .where(mine);
  }
}

/**
 * The sender (a recurring job): every due document in turn, each claimed, then sent with no transaction open.
 * Returns how many it tried.
 */
export async function sendDueDocuments(deps: SdiSenderDeps, limit = 50): Promise<number> {
  let tried = 0;
  while (tried < limit) {
    const row = await claimNext(deps);
    if (!row) break;
    tried += 1;
    await sendOne(deps, row);
  }
  return tried;
}

/**
 * The sweeper: an attempt still `sending` past its deadline (the process died mid-call) goes back to the queue.
 * Sending it again is safe: the same file name is not sent twice (the intermediary answers 409 with its id).
 */
export async function sweepStuckSendings(db: Db): Promise<number> {
  const now = new Date();
  const swept = await db
    .update(sdiDocuments)
    .set({
      state: 'queued',
      claimDeadline: null,
      nextAttemptAt: null,
      lastError: 'Invio interrotto prima della risposta dell’intermediario',
      updatedAt: now,
      history: sql`${sdiDocuments.history} || ${JSON.stringify([
        step('queued', 'Invio interrotto prima della risposta dell’intermediario: di nuovo in coda'),
      ])}::jsonb`,
    })
    .where(and(eq(sdiDocuments.state, 'sending'), lt(sdiDocuments.claimDeadline, now)))
    .returning({ id: sdiDocuments.id });
  return swept.length;
}

/** A receipt as the document's next state, its reason and its history's text. */
function applied(n: SdiNotification): {
  state: SdiRow['state'];
  reason: string | null;
  text: string;
  code: string | null;
} {
  switch (n.type) {
    case 'RC':
      return { state: 'delivered', reason: null, text: 'Consegnata al destinatario (RC)', code: null };
    case 'MC':
      return {
        state: 'not_delivered',
        reason: null,
        text: 'Mancata consegna (MC): la fattura è valida ed è nell’area riservata del cliente; avvisarlo',
        code: null,
      };
    case 'NS': {
      const errors = n.errors ?? [];
      const reason = errors.map((e) => `${e.code} ${e.description}`).join('; ') || 'Scartata dal SdI';
      return {
        state: 'rejected',
        reason,
        text: `Scartata dal SdI (NS): ${reason}`,
        code: errors[0]?.code ?? null,
      };
    }
    case 'NE':
      return n.outcome === 'EC02'
        ? {
            state: 'refused',
            reason: null,
            text: `Rifiutata dalla pubblica amministrazione (NE EC02)${n.description ? `: ${n.description}` : ''}`,
            code: 'EC02',
          }
        : {
            state: 'accepted',
            reason: null,
            text: 'Accettata dalla pubblica amministrazione (NE EC01)',
            code: 'EC01',
          };
  }
}

/** The receipts of one sent document, each recorded once, in the order the SdI sent them. */
async function recordReceipts(db: Db, id: string, notifications: SdiNotification[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sdiDocuments).where(eq(sdiDocuments.id, id)).for('update');
    if (!row || row.state !== 'sent') return;
    const fresh = notifications.filter((n) => !row.seenReceipts.includes(n.id));
    if (fresh.length === 0) return;
    let state: SdiRow['state'] = row.state;
    let reason = row.reason;
    let sdiId = row.sdiId;
    const history = [...row.history];
    for (const n of fresh) {
      const next = applied(n);
      state = next.state;
      reason = next.reason;
      sdiId = n.sdi_id ?? sdiId;
      history.push(step(next.state, next.text, { type: n.type, code: next.code, at: n.received_at }));
    }
    await tx
      .update(sdiDocuments)
      .set({
        state,
        reason,
        sdiId,
        history,
        seenReceipts: [...row.seenReceipts, ...fresh.map((n) => n.id)],
        updatedAt: new Date(),
      })
      .where(eq(sdiDocuments.id, id));
  });
}

/** The receipts' poller (a recurring job): asks the intermediary about every document waiting for the SdI. */
export async function pollReceipts(deps: Pick<SdiSenderDeps, 'db' | 'client' | 'logger'>): Promise<number> {
  const waiting = await deps.db
    .select({ id: sdiDocuments.id, providerId: sdiDocuments.providerId })
    .from(sdiDocuments)
    .where(eq(sdiDocuments.state, 'sent'))
    .orderBy(asc(sdiDocuments.updatedAt))
    .limit(200);
  let asked = 0;
  for (const doc of waiting) {
    if (!doc.providerId) continue;
    try {
      const notifications = await deps.client.notifications(doc.providerId);
      asked += 1;
      if (notifications.length > 0) await recordReceipts(deps.db, doc.id, notifications);
    } catch (error) {
      // The intermediary down: the next round asks again.
      deps.logger.warn({ err: error, document: doc.id }, 'SdI receipts could not be read');
      break;
    }
  }
  return asked;
}
