import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { staffUsers } from './db/schema';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

export type StaffUser = typeof staffUsers.$inferSelect;

const byUsername = (username: string) => eq(sql`lower(${staffUsers.username})`, username.toLowerCase());

// Verifying against a throwaway hash when the user is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;

export async function authenticateStaff(
  db: Db,
  username: string,
  password: string,
): Promise<StaffUser | null> {
  const [user] = await db.select().from(staffUsers).where(byUsername(username)).limit(1);
  if (!user) {
    decoyHash ??= hashPassword(generatePassword());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

export async function findStaff(db: Db, id: string): Promise<StaffUser | null> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return user ?? null;
}

export type StaffBootstrap =
  | { outcome: 'configured'; username: string }
  | { outcome: 'generated'; username: string; password: string }
  | { outcome: 'existing' };

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD, when set, make sure that admin exists with that password. Otherwise the
 * first start of an empty shop creates `admin` with a random password, which the caller shows once.
 */
export async function ensureStaffAdmin(
  db: Db,
  configured: { username?: string; password?: string },
): Promise<StaffBootstrap> {
  if (configured.username && configured.password) {
    const passwordHash = await hashPassword(configured.password);
    const [existing] = await db.select().from(staffUsers).where(byUsername(configured.username)).limit(1);
    if (existing) {
      await db
        .update(staffUsers)
        .set({ passwordHash, role: 'admin', updatedAt: new Date() })
        .where(eq(staffUsers.id, existing.id));
    } else {
      await db.insert(staffUsers).values({ username: configured.username, passwordHash, role: 'admin' });
    }
    return { outcome: 'configured', username: configured.username };
  }
  const [any] = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  if (any) return { outcome: 'existing' };
  const password = generatePassword();
  const role: StaffRole = 'admin';
  const inserted = await db
    .insert(staffUsers)
    .values({ username: 'admin', passwordHash: await hashPassword(password), role })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  return inserted.length ? { outcome: 'generated', username: 'admin', password } : { outcome: 'existing' };
}
