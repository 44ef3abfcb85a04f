import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Logger } from '@edicola/platform';
import type { ProcessScheduledEmailsResponse } from '@edicola/contracts';
import { orderFacts, scheduledEmails } from '../db/schema';
import type { NotifyContext } from '../context';
import { reviewRequestMail, transferReminderMail } from '../templates/customer-mails';

const BATCH = 50;

type Scheduled = typeof scheduledEmails.$inferSelect;
type Facts = typeof orderFacts.$inferSelect;

/** Whether a scheduled e-mail is still wanted when it is due. */
function stillWanted(item: Scheduled, order: Facts): boolean {
  if (item.kind === 'transfer_reminder')
    return !order.paidAt && !order.cancelledAt && order.status === 'pending';
  // A review request: never for an order cancelled or refunded since its delivery.
  return !order.cancelledAt && order.refundedCents === 0 && order.status === 'delivered';
}

/**
 * Sends the scheduled e-mails due now (docs/product/emails.md#scheduled-emails, POST
 * /admin/process-scheduled-emails): each due row is claimed
 * under `for update skip locked`, so two runs at once (the jobs facility and a staff click, or two replicas) never
 * take the same one; it is marked done in the transaction that queues its e-mail. `total_scheduled` is how many
 * were due, `emails_sent` how many of them went out (the others were no longer wanted).
 */
export async function processScheduledEmails(
  database: Database,
  ctx: NotifyContext,
  logger: Logger,
): Promise<ProcessScheduledEmailsResponse> {
  let total = 0;
  let sent = 0;
  for (;;) {
    const batch = await database.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(scheduledEmails)
        .where(and(isNull(scheduledEmails.doneAt), lte(scheduledEmails.dueAt, sql`now()`)))
        .orderBy(asc(scheduledEmails.dueAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let queued = 0;
      for (const item of due) {
        const [order] = await tx.select().from(orderFacts).where(eq(orderFacts.orderId, item.orderId));
        const wanted = order !== undefined && stillWanted(item, order);
        if (wanted) {
          const facts = order.facts;
          const mail =
            item.kind === 'transfer_reminder'
              ? await transferReminderMail(facts, ctx.shop, order.paymentDueAt ?? new Date())
              : await reviewRequestMail(facts, ctx.shop);
          const outcome = await ctx.mailer.send(tx, {
            kind: item.kind,
            about: item.orderId,
            orderId: item.orderId,
            language: facts.language,
            mail,
          });
          if (outcome === 'queued') queued++;
        }
        await tx
          .update(scheduledEmails)
          .set({ doneAt: sql`now()`, outcome: wanted ? 'sent' : 'skipped' })
          .where(eq(scheduledEmails.id, item.id));
      }
      return { count: due.length, queued };
    });
    total += batch.count;
    sent += batch.queued;
    if (batch.count < BATCH) break;
  }
  if (total > 0) logger.info({ total_scheduled: total, emails_sent: sent }, 'scheduled e-mails processed');
  return { emails_sent: sent, total_scheduled: total };
}
