import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Request } from 'express';
import type { Db } from '@edicola/platform';
import { settings } from '../db/schema';

const KEY_NAME = 'visitor_hash_key';

/**
 * The key of visitor hashes: VISITOR_HASH_SECRET when set, else one made on first start and kept in
 * the database, so every replica and every restart computes the same hashes.
 */
export async function loadVisitorKey(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY_NAME));
  return row!.value;
}

/**
 * Who votes a review helpful: one client address on one (UTC) day, as a keyed hash. The browser plays no
 * part: a new User-Agent is the same voter. Households behind one address share one vote a day.
 */
export function helpfulVoterId(key: string, req: Request, now = new Date()): string {
  return createHmac('sha256', key)
    .update(`helpful\n${req.ip ?? ''}\n${now.toISOString().slice(0, 10)}`)
    .digest('base64url');
}
