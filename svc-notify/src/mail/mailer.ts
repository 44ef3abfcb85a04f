import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Db, Jobs, Logger } from '@edicola/platform';
import type { Language } from '@edicola/contracts';
import { emails } from '../db/schema';
import type { Mail, MailTransport } from './transport';
import { DAY_MS } from '../context';

const JOB = 'mail.send';

interface SendJob {
  email_id: string;
  mail: Mail;
}

export interface Outgoing {
  /** What the e-mail is (order_received, shipped, …): with `about` and the recipient, its once-only key. */
  kind: string;
  /** What it is about: the order, the refund, the subscription…. */
  about: string;
  orderId?: string | null;
  language: Language;
  /** An e-mail an outsider can cause: counted against the per-recipient daily cap. */
  outsider?: boolean;
  mail: Mail;
}

export type Queued = 'queued' | 'duplicate' | 'capped';

/**
 * E-mails leave after the commit of the change that causes them: `send` writes the e-mail's row and a job in the
 * caller's transaction (nothing is sent if it rolls back), and the job runner sends it, retrying with back-off
 * while the mail server refuses. One e-mail per (kind, about, recipient), however often the cause is delivered.
 */
export function createMailer(options: {
  database: Database;
  jobs: Jobs;
  transport: MailTransport;
  logger: Logger;
  backoffMs: number;
  /** Tries before an e-mail is marked failed (and its job parked). */
  maxAttempts: number;
  /** E-mails an outsider can cause, per recipient per 24 hours, across kinds. */
  outsiderCapPerDay: number;
}) {
  const { database, jobs, transport, logger } = options;

  jobs.handle<SendJob>(
    JOB,
    async ({ email_id: id, mail }, { attempt }) => {
      try {
        await transport.send(mail);
      } catch (err) {
        const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
        const failed = attempt >= options.maxAttempts;
        await database.db
          .update(emails)
          .set({ attempts: attempt, lastError, status: failed ? 'failed' : 'queued' })
          .where(eq(emails.id, id));
        if (failed) logger.error({ email_id: id, err }, 'e-mail not delivered after its last attempt');
        throw err;
      }
      await database.db
        .update(emails)
        .set({ attempts: attempt, status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(emails.id, id));
    },
    { maxAttempts: options.maxAttempts, backoffMs: options.backoffMs },
  );

  async function overCap(tx: Db, recipient: string): Promise<boolean> {
    // One writer per recipient at a time, so two requests at once cannot both pass the last free place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-cap:${recipient}`}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(emails)
      .where(
        and(
          eq(emails.recipient, recipient),
          eq(emails.outsider, true),
          ne(emails.status, 'capped'),
          gt(emails.createdAt, new Date(Date.now() - DAY_MS)),
        ),
      );
    return (row?.n ?? 0) >= options.outsiderCapPerDay;
  }

  return {
    async send(tx: Db, out: Outgoing): Promise<Queued> {
      const recipient = out.mail.to.trim().toLowerCase();
      const capped = out.outsider ? await overCap(tx, recipient) : false;
      const [row] = await tx
        .insert(emails)
        .values({
          key: `${out.kind}:${out.about}:${recipient}`,
          kind: out.kind,
          orderId: out.orderId ?? null,
          recipient,
          language: out.language,
          subject: out.mail.subject,
          outsider: out.outsider ?? false,
          status: capped ? 'capped' : 'queued',
        })
        .onConflictDoNothing({ target: emails.key })
        .returning({ id: emails.id });
      if (!row) return 'duplicate';
      if (capped) {
        logger.warn(
          { kind: out.kind, email_id: row.id },
          'e-mail not sent: the recipient reached the daily cap',
        );
        return 'capped';
      }
      await jobs.enqueue<SendJob>(tx, JOB, { email_id: row.id, mail: out.mail }, { key: row.id });
      return 'queued';
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
