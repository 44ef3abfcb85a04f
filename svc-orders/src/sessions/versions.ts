import { eq } from 'drizzle-orm';
import type { TokenClaims } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { customers, staffUsers } from '../db/schema';

/**
 * The current session version of a staff user or customer, or null when there is none (or the staff account is
 * deactivated): what every service's verifier compares a token's `sv` with (here directly, elsewhere through
 * /internal/sessions).
 */
export async function sessionVersionOf(
  db: Db,
  kind: TokenClaims['kind'],
  id: string,
): Promise<number | null> {
  // Not a UUID: no such account (and no query the database would refuse).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  if (kind === 'staff') {
    const [staff] = await db
      .select({ version: staffUsers.sessionVersion, active: staffUsers.active })
      .from(staffUsers)
      .where(eq(staffUsers.id, id))
      .limit(1);
    return staff?.active ? staff.version : null;
  }
  const [row] = await db
    .select({ version: customers.sessionVersion })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row?.version ?? null;
}
