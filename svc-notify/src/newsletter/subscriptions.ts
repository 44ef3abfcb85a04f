import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { subscribers, type SubscriberRow } from '../db/schema';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SubscribeResult =
  | { alreadySubscribed: true; subscriber: SubscriberRow }
  | { alreadySubscribed: false; subscriber: SubscriberRow; token: string };

/**
 * Subscribes an address (lower-cased). An active subscriber stays as is; a new or formerly
 * unsubscribed address gets a fresh unsubscribe token, returned once for the confirmation e-mail.
 */
export async function subscribe(db: Db, email: string, name: string | null): Promise<SubscribeResult> {
  const address = email.toLowerCase();
  const token = randomBytes(24).toString('base64url');
  const tokenHash = hashToken(token);
  const [created] = await db
    .insert(subscribers)
    .values({ email: address, name, tokenHash })
    .onConflictDoNothing({ target: subscribers.email })
    .returning();
  if (created) return { alreadySubscribed: false, subscriber: created, token };

  const [existing] = await db.select().from(subscribers).where(eq(subscribers.email, address)).for('update');
  if (!existing!.unsubscribedAt) return { alreadySubscribed: true, subscriber: existing! };
  const [again] = await db
    .update(subscribers)
    .set({ name: name ?? existing!.name, tokenHash, subscribedAt: new Date(), unsubscribedAt: null })
    .where(eq(subscribers.id, existing!.id))
    .returning();
  return { alreadySubscribed: false, subscriber: again!, token };
}

/** Ends a subscription by its token; false for an unknown or already used token. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(subscribers)
    .set({ unsubscribedAt: new Date(), tokenHash: null })
    .where(and(eq(subscribers.tokenHash, hashToken(token)), isNull(subscribers.unsubscribedAt)))
    .returning({ id: subscribers.id });
  return rows.length > 0;
}
