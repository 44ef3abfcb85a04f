import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { NEWSLETTER_CONSENT_SOURCE, NEWSLETTER_CONSENT_VERSION, type Language } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { subscribers, type SubscriberRow } from '../db/schema';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(24).toString('base64url');
/** An unconfirmed subscription gets a new confirmation e-mail when asked again after this long. */
const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

export type SubscribeResult =
  | { alreadySubscribed: true; subscriber: SubscriberRow }
  | { alreadySubscribed: false; subscriber: SubscriberRow; token: string; confirmToken: string };

/**
 * Subscribes an address (lower-cased), pending its confirmation (double opt-in). A confirmed active subscriber,
 * or one asked to confirm within the last day, stays as is; a new, formerly unsubscribed or long unconfirmed
 * address gets fresh tokens (unsubscribe and confirm), returned once for the confirmation e-mail.
 */
export async function subscribe(
  db: Db,
  email: string,
  name: string | null,
  language: Language,
): Promise<SubscribeResult> {
  const address = email.toLowerCase();
  const token = newToken();
  const confirmToken = newToken();
  const fresh = {
    tokenHash: hashToken(token),
    confirmTokenHash: hashToken(confirmToken),
    confirmedAt: null,
    language,
    // Each new consent keeps the text it was given under.
    consentSource: NEWSLETTER_CONSENT_SOURCE,
    consentVersion: NEWSLETTER_CONSENT_VERSION,
  };
  const [created] = await db
    .insert(subscribers)
    .values({ email: address, name, ...fresh })
    .onConflictDoNothing({ target: subscribers.email })
    .returning();
  if (created) return { alreadySubscribed: false, subscriber: created, token, confirmToken };

  const [existing] = await db.select().from(subscribers).where(eq(subscribers.email, address)).for('update');
  // Confirmed, or asked to confirm within the last day: registered already, and no second e-mail.
  const recentlyAsked = existing!.subscribedAt.getTime() > Date.now() - RESEND_AFTER_MS;
  if (!existing!.unsubscribedAt && (!existing!.confirmTokenHash || recentlyAsked)) {
    return { alreadySubscribed: true, subscriber: existing! };
  }
  const [again] = await db
    .update(subscribers)
    .set({ name: name ?? existing!.name, ...fresh, subscribedAt: new Date(), unsubscribedAt: null })
    .where(eq(subscribers.id, existing!.id))
    .returning();
  return { alreadySubscribed: false, subscriber: again!, token, confirmToken };
}

/** Confirms a subscription by the token of its e-mail; false for an unknown or already used token. */
export async function confirmSubscription(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(subscribers)
    .set({ confirmTokenHash: null, confirmedAt: new Date() })
    .where(
      and(
        eq(subscribers.confirmTokenHash, hashToken(token)),
        isNotNull(subscribers.confirmTokenHash),
        isNull(subscribers.unsubscribedAt),
      ),
    )
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** Ends a subscription by its token; false for an unknown or already used token. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(subscribers)
    .set({ unsubscribedAt: new Date(), tokenHash: null, confirmTokenHash: null })
    .where(and(eq(subscribers.tokenHash, hashToken(token)), isNull(subscribers.unsubscribedAt)))
    .returning({ id: subscribers.id });
  return rows.length > 0;
}
