import { ConfigError, type Db } from '@edicola/platform';
import { staffUsers } from '../db/schema';
import { generatePassword, hashPassword } from '../passwords/hashing';
import { anyStaff, upsertStaff } from './users';

export type StaffBootstrap =
  | { outcome: 'configured'; username: string }
  | { outcome: 'generated'; username: string; password: string }
  | { outcome: 'existing' };

/**
 * The first staff user. ADMIN_USERNAME/ADMIN_PASSWORD, when set, make sure that admin exists with that
 * password. Otherwise an empty shop gets `admin` with a random password, which the caller shows once on
 * the terminal and which must be changed at its first login; only the embedded mode may do that (`generate`): a service of its own has no terminal
 * anyone reads, so there the first admin needs ADMIN_PASSWORD.
 */
export async function ensureStaffAdmin(
  db: Db,
  configured: { username?: string; password?: string },
  options: { generate: boolean } = { generate: true },
): Promise<StaffBootstrap> {
  if (configured.password) {
    const username = configured.username ?? 'admin';
    await upsertStaff(db, { username, password: configured.password, role: 'admin' });
    return { outcome: 'configured', username };
  }
  if (await anyStaff(db)) return { outcome: 'existing' };
  if (!options.generate) {
    throw new ConfigError([
      'ADMIN_PASSWORD is required to create the first staff user (no staff user exists yet); ' +
        'set ADMIN_USERNAME (default admin) and ADMIN_PASSWORD, or add one with `npm run staff -- add <username>`',
    ]);
  }
  const password = generatePassword();
  const inserted = await db
    .insert(staffUsers)
    .values({
      username: 'admin',
      passwordHash: await hashPassword(password),
      role: 'admin',
      mustChangePassword: true,
    })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  return inserted.length ? { outcome: 'generated', username: 'admin', password } : { outcome: 'existing' };
}
