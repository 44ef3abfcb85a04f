import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ERASED_REVIEW_AUTHOR,
  erasedCustomerEmail,
  type CustomerConsentsAnswer,
  type EventData,
} from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { emails, jobs, orderFacts, stockAlerts, subscribers } from '../db/schema';

/** The consents given with an e-mail, for the customer's data export: the newsletter's and the back-in-stock alerts. */
export async function consentsGivenBy(db: Db, email: string): Promise<CustomerConsentsAnswer> {
  const address = email.trim().toLowerCase();
  const [row] = await db.select().from(subscribers).where(eq(subscribers.email, address));
  const alerts = await db
    .select()
    .from(stockAlerts)
    .where(eq(stockAlerts.email, address))
    .orderBy(asc(stockAlerts.requestedAt));
  return {
    stock_alerts: alerts.map((alert) => ({
      article_id: alert.articleId,
      article_title: alert.articleTitle,
      language: alert.language,
      requested_at: alert.requestedAt.toISOString(),
      confirmed_at: alert.confirmedAt?.toISOString() ?? null,
      notified_at: alert.notifiedAt?.toISOString() ?? null,
      unsubscribed_at: alert.unsubscribedAt?.toISOString() ?? null,
      source: alert.consentSource,
      text_version: alert.consentVersion,
    })),
    newsletter: row
      ? {
          email: row.email,
          name: row.name,
          language: row.language,
          subscribed_at: row.subscribedAt.toISOString(),
          confirmed_at: row.confirmedAt?.toISOString() ?? null,
          unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
          source: row.consentSource,
          text_version: row.consentVersion,
        }
      : null,
  };
}

/**
 * What svc-notify keeps of an erased customer goes (docs/product/account.md#erasure): the newsletter subscription
 * with its consent, the back-in-stock alerts, the send jobs that hold the e-mails' text, e-mails still queued (never sent now); the log of
 * e-mails sent and the order facts keep their rows with a pseudonym instead of the address and the name. Done
 * twice, the second finds nothing.
 */
export async function eraseCustomerData(db: Db, erased: EventData<'customer.erased'>): Promise<void> {
  const email = erased.email.trim().toLowerCase();
  const pseudonym = erasedCustomerEmail(erased.customer_id);
  await db.delete(subscribers).where(eq(subscribers.email, email));
  await db.delete(stockAlerts).where(eq(stockAlerts.email, email));
  // The send jobs keep each e-mail's text: the customer's own, and the shop's copies that name them.
  const sends = await db
    .delete(jobs)
    .where(and(eq(jobs.name, 'mail.send'), sql`position(${email} in lower(${jobs.payload}::text)) > 0`))
    .returning({ key: jobs.key });
  if (sends.length > 0) {
    await db
      .update(emails)
      .set({ status: 'failed', lastError: 'Cliente cancellato' })
      .where(
        and(
          inArray(
            emails.id,
            sends.map((j) => j.key),
          ),
          eq(emails.status, 'queued'),
        ),
      );
  }
  // The once-only key names the recipient: it takes the pseudonym too.
  await db
    .update(emails)
    .set({ recipient: pseudonym, key: sql`replace(${emails.key}, ${email}, ${pseudonym})` })
    .where(eq(emails.recipient, email));
  await db
    .update(orderFacts)
    .set({
      facts: sql`(${orderFacts.facts} - 'shipping_address') || ${JSON.stringify({
        customer_email: pseudonym,
        customer_name: ERASED_REVIEW_AUTHOR,
      })}::jsonb`,
    })
    .where(eq(sql`lower(${orderFacts.facts}->>'customer_email')`, email));
}

/**
 * Without SMTP the e-mails are .eml files (mail/transport.ts): every file that names the erased customer's address —
 * theirs, and the shop's copies of their orders (Reply-To, body) — is deleted, after the commit. Quoted-printable
 * soft line breaks are joined first, so an address split across two lines is found too.
 */
export async function removeMailFiles(folder: string, email: string): Promise<number> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const wanted = email.trim().toLowerCase();
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(folder, name);
    const text = (await readFile(file, 'utf8').catch(() => '')).replace(/=\r?\n/g, '').toLowerCase();
    if (text.includes(wanted)) {
      await unlink(file).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
