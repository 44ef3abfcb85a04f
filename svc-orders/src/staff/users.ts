import { asc, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { staffUsers } from '../db/schema';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../passwords/hashing';

export type StaffUser = typeof staffUsers.$inferSelect;

const byUsername = (username: string) =>
  eq(sql`lower(${staffUsers.username})`, username.trim().toLowerCase());

export async function findStaffByUsername(db: Db, username: string): Promise<StaffUser | null> {
  const [user] = await db.select().from(staffUsers).where(byUsername(username)).limit(1);
  return user ?? null;
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffUser | null> {
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

/** The address a forgotten password's link goes to; null: none (no reset by e-mail). */
export async function setStaffEmail(db: Db, id: string, email: string | null): Promise<void> {
  await db.update(staffUsers).set({ email, updatedAt: new Date() }).where(eq(staffUsers.id, id));
}

export async function findStaff(db: Db, id: string): Promise<StaffUser | null> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return user ?? null;
}

/**
 * The staff user these credentials belong to, or null; an unknown username costs the same time as a wrong
 * password. A hash made with older parameters is replaced on a successful login.
 */
export async function authenticateStaff(
  db: Db,
  username: string,
  password: string,
): Promise<StaffUser | null> {
  const user = await findStaffByUsername(db, username);
  if (!user) {
    await verifyAgainstDummy(password);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  if (needsRehash(user.passwordHash)) await rehashStaffPassword(db, user.id, password);
  return user;
}

/** Keeps the sessions: a login replacing a hash made with older parameters. */
async function rehashStaffPassword(db: Db, id: string, password: string): Promise<void> {
  await db
    .update(staffUsers)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(staffUsers.id, id));
}

/**
 * A new password (change, reset): every session of the user ends, and a generated password no longer needs
 * changing. Answers the new session version.
 */
export async function setStaffPassword(db: Db, id: string, password: string): Promise<number> {
  const [row] = await db
    .update(staffUsers)
    .set({
      passwordHash: await hashPassword(password),
      sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
      mustChangePassword: false,
      updatedAt: new Date(),
    })
    .where(eq(staffUsers.id, id))
    .returning({ sessionVersion: staffUsers.sessionVersion });
  return row?.sessionVersion ?? 0;
}

/** Logout: the user's tokens stop working on every service (within the session check's cache time). */
export async function endStaffSessions(db: Db, id: string): Promise<void> {
  await db
    .update(staffUsers)
    .set({ sessionVersion: sql`${staffUsers.sessionVersion} + 1` })
    .where(eq(staffUsers.id, id));
}

export async function listStaff(
  db: Db,
): Promise<Pick<StaffUser, 'id' | 'username' | 'role' | 'email' | 'createdAt'>[]> {
  return db
    .select({
      id: staffUsers.id,
      username: staffUsers.username,
      role: staffUsers.role,
      email: staffUsers.email,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.username));
}

/**
 * Creates the user, or, when the username exists, sets its password and role. A different password or role
 * ends the user's sessions; the same ones (ADMIN_PASSWORD at every start) leave them alone.
 */
export async function upsertStaff(
  db: Db,
  user: { username: string; password: string; role: StaffRole },
): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; id: string }> {
  const existing = await findStaffByUsername(db, user.username);
  if (existing) {
    if (existing.role === user.role && (await verifyPassword(user.password, existing.passwordHash))) {
      return { outcome: 'unchanged', id: existing.id };
    }
    await db
      .update(staffUsers)
      .set({
        passwordHash: await hashPassword(user.password),
        role: user.role,
        sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
        mustChangePassword: false,
        updatedAt: new Date(),
      })
      .where(eq(staffUsers.id, existing.id));
    return { outcome: 'updated', id: existing.id };
  }
  const passwordHash = await hashPassword(user.password);
  const [created] = await db
    .insert(staffUsers)
    .values({ username: user.username.trim(), passwordHash, role: user.role })
    .returning({ id: staffUsers.id });
  return { outcome: 'created', id: created!.id };
}

export async function anyStaff(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  return Boolean(row);
}
