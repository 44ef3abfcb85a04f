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
 * Who a visitor is, without keeping who they are: a keyed hash of the client address and browser.
 * The storefront calls the API from another origin without credentials, so there is no cookie to use.
 */
export function visitorId(key: string, req: Request): string {
  return createHmac('sha256', key)
    .update(`${req.ip ?? ''}\n${req.get('user-agent') ?? ''}`)
    .digest('base64url');
}
