import { eq } from 'drizzle-orm';
import type { TokenClaims } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { customers, staffUsers } from '../db/schema';

/**
 * The current session version of a staff user or customer, or null when there is none: what every service's
 * verifier compares a token's `sv` with (here directly, elsewhere through /internal/sessions).
 */
export async function sessionVersionOf(
  db: Db,
  kind: TokenClaims['kind'],
  id: string,
): Promise<number | null> {
  // Not a UUID: no such account (and no query the database would refuse).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const table = kind === 'staff' ? staffUsers : customers;
  const [row] = await db
    .select({ version: table.sessionVersion })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row?.version ?? null;
}
