import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  LAST_ADMIN_DETAIL,
  type StaffAccount,
  type StaffRole,
  type StaffTemporaryPassword,
} from '@edicola/contracts';
import { conflict, notFound, type Audit, type Db } from '@edicola/platform';
import { staffUsers } from '../db/schema';
import { generatePassword, hashPassword } from '../passwords/hashing';
import { resetTwoFactor } from './two-factor';
import { findStaff, findStaffByUsername, type StaffUser } from './users';

// The Personale screen's work (docs/product/back-office.md#staff-accounts): each change in one transaction
// with its audit entry; a change that ends the account's sessions raises its session version, which every
// service compares with the token's.

export const STAFF_ACCOUNT_NOT_FOUND = 'Account del personale non trovato';

export const staffAccountOf = (user: StaffUser): StaffAccount => ({
  id: user.id,
  username: user.username,
  role: user.role,
  email: user.email,
  active: user.active,
  two_factor: user.totpEnabled,
  must_change_password: user.mustChangePassword,
  created_at: user.createdAt.toISOString(),
});

export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  const rows = await db
    .select()
    .from(staffUsers)
    .orderBy(asc(sql`lower(${staffUsers.username})`));
  return rows.map(staffAccountOf);
}

/**
 * The account, locked for the change. When the change takes away an active admin (`losesAdmin`), the other
 * active admins are locked too and there must be one: two admins removing each other at once cannot both win.
 */
async function lockedAccount(tx: Db, id: string, losesAdmin: (user: StaffUser) => boolean) {
  const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  if (!user) throw notFound(STAFF_ACCOUNT_NOT_FOUND);
  if (user.role === 'admin' && user.active && losesAdmin(user)) {
    const others = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.active, true), ne(staffUsers.id, id)))
      .for('update');
    if (!others.length) throw conflict(LAST_ADMIN_DETAIL);
  }
  return user;
}

const endSessions = { sessionVersion: sql`${staffUsers.sessionVersion} + 1` };

async function updated(tx: Db, id: string, changes: PgUpdateSetSource<typeof staffUsers>) {
  const [row] = await tx
    .update(staffUsers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(staffUsers.id, id))
    .returning();
  return row!;
}

/** A new account with a temporary password, to be changed at its first login. */
export async function createStaffAccount(
  db: Db,
  input: { username: string; role: StaffRole },
  audit: Audit,
): Promise<StaffTemporaryPassword> {
  if (await findStaffByUsername(db, input.username))
    throw conflict(`Esiste già un account con username ${input.username}`);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUsers)
      .values({ username: input.username, passwordHash, role: input.role, mustChangePassword: true })
      .onConflictDoNothing()
      .returning();
    // The same username created at the same moment by someone else.
    if (!row) throw conflict(`Esiste già un account con username ${input.username}`);
    await audit(tx, {
      entity: 'staff_user',
      entity_id: row.id,
      action: 'created',
      changes: { username: { from: null, to: row.username }, role: { from: null, to: row.role } },
    });
    return row;
  });
  return { account: staffAccountOf(user), temporary_password: password };
}

/** A new role ends the account's sessions (its tokens carry the old one). */
export async function changeStaffRole(db: Db, id: string, role: StaffRole, audit: Audit) {
  return db.transaction(async (tx) => {
    const user = await lockedAccount(tx, id, () => role !== 'admin');
    if (user.role === role) return staffAccountOf(user);
    const row = await updated(tx, id, { role, ...endSessions });
    await audit(tx, {
      entity: 'staff_user',
      entity_id: id,
      action: 'role_changed',
      changes: { role: { from: user.role, to: role } },
    });
    return staffAccountOf(row);
  });
}

/** Deactivated: its tokens are refused from the next request on, and it cannot sign in; reactivation undoes it. */
export async function setStaffActive(db: Db, id: string, active: boolean, audit: Audit) {
  return db.transaction(async (tx) => {
    const user = await lockedAccount(tx, id, () => !active);
    if (user.active === active) return staffAccountOf(user);
    const row = await updated(tx, id, { active, ...endSessions });
    await audit(tx, {
      entity: 'staff_user',
      entity_id: id,
      action: active ? 'reactivated' : 'deactivated',
      changes: { active: { from: user.active, to: active } },
    });
    return staffAccountOf(row);
  });
}

/** A temporary password, shown once to the admin; the account's sessions end and it must change it. */
export async function resetStaffPassword(db: Db, id: string, audit: Audit): Promise<StaffTemporaryPassword> {
  if (!(await findStaff(db, id))) throw notFound(STAFF_ACCOUNT_NOT_FOUND);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const row = await db.transaction(async (tx) => {
    const changed = await updated(tx, id, { passwordHash, mustChangePassword: true, ...endSessions });
    await audit(tx, { entity: 'staff_user', entity_id: id, action: 'password_reset', changes: {} });
    return changed;
  });
  return { account: staffAccountOf(row), temporary_password: password };
}

/** Another admin's second factor removed (a lost phone); the account enrols again from its own screen. */
export async function resetStaffTwoFactor(db: Db, id: string, audit: Audit): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    if (!user) throw notFound(STAFF_ACCOUNT_NOT_FOUND);
    if (!user.totpEnabled && !user.totpSecret) return staffAccountOf(user);
    await resetTwoFactor(tx, id);
    await audit(tx, {
      entity: 'staff_user',
      entity_id: id,
      action: 'two_factor_reset',
      changes: { two_factor: { from: user.totpEnabled, to: false } },
    });
    return staffAccountOf((await findStaff(tx, id))!);
  });
}
