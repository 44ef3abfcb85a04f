import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERASED_REVIEW_AUTHOR, erasedCustomerEmail, type EventData } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { emails, jobs, orderFacts, subscribers } from '../db/schema';

/**
 * What svc-notify keeps of an erased customer goes (docs/product/account.md#erasure): the newsletter subscription
 * with its consent, the send jobs that hold the e-mails' text, e-mails still queued (never sent now); the log of
 * e-mails sent and the order facts keep their rows with a pseudonym instead of the address and the name. Done
 * twice, the second finds nothing.
 */
export async function eraseCustomerData(db: Db, erased: EventData<'customer.erased'>): Promise<void> {
  const email = erased.email.trim().toLowerCase();
  const pseudonym = erasedCustomerEmail(erased.customer_id);
  await db.delete(subscribers).where(eq(subscribers.email, email));
  const mails = await db.select({ id: emails.id }).from(emails).where(eq(emails.recipient, email));
  const ids = mails.map((m) => m.id);
  if (ids.length > 0) {
    await db.delete(jobs).where(and(eq(jobs.name, 'mail.send'), inArray(jobs.key, ids)));
    await db
      .update(emails)
      .set({ status: 'failed', lastError: 'Cliente cancellato' })
      .where(and(inArray(emails.id, ids), eq(emails.status, 'queued')));
    // The once-only key names the recipient: it takes the pseudonym too.
    await db
      .update(emails)
      .set({ recipient: pseudonym, key: sql`replace(${emails.key}, ${email}, ${pseudonym})` })
      .where(inArray(emails.id, ids));
  }
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
 * Without SMTP the e-mails are .eml files (mail/transport.ts): those addressed to the erased customer are deleted,
 * after the commit. A file is matched on its To: header, so a message about the customer sent to the shop stays.
 */
export async function removeMailFiles(folder: string, email: string): Promise<number> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const wanted = email.trim().toLowerCase();
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(folder, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    const headers = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
    const to = /^to:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1]?.toLowerCase() ?? '';
    if (to.includes(wanted)) {
      await unlink(file).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
