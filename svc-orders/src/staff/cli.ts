import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Email, StaffRole, StaffUsername } from '@edicola/contracts';
import {
  generateSigningKey,
  markInUse,
  shopProcessOn,
  openPglite,
  pgliteDatabase,
  postgresDatabase,
  usePrivateUmask,
  type Database,
} from '@edicola/platform';
import { orders, staffUsers } from '../db/schema';
import { recordOperatorChange } from '../audit/entries';
import { isCommonPassword } from '../passwords/common';
import {
  findStaffByEmail,
  findStaffByUsername,
  listStaff,
  setStaffEmail,
  setStaffPassword,
  upsertStaff,
} from './users';

export const USAGE = `Staff users of the shop (svc-orders), on DATABASE_URL or else the all-in-one DATA_DIR (default ./data):

  npm run staff -- list
  npm run staff -- add <username> [--role admin|staff|cashier] (default role: staff)
  npm run staff -- reset-password <username>
  npm run staff -- set-email <username> <e-mail|->          (where a forgotten password's link goes; - removes it)
  npm run staff -- remove <username>
  npm run staff -- generate-key                           (a new JWT_PRIVATE_JWK, printed)

The password comes from STAFF_PASSWORD, else from standard input (asked without echo on a terminal).
With the embedded database the shop must be stopped first: it holds the database alone.`;

export class CommandError extends Error {}

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  print(line: string): void;
  /** Asked only when STAFF_PASSWORD is not set. */
  readPassword(): Promise<string>;
}

const migrationsFolder = path.join(__dirname, '../../drizzle');

/** The database the shop uses: DATABASE_URL, else the all-in-one engine under DATA_DIR (if the shop is stopped). */
async function openShopDatabase(vars: NodeJS.ProcessEnv): Promise<{ database: Database; release(): void }> {
  if (vars.DATABASE_URL) {
    const database = postgresDatabase(vars.DATABASE_URL, { max: 1 });
    await database.migrate(migrationsFolder, orders.schemaName);
    return { database, release: () => {} };
  }
  const dataDir = path.resolve(vars.DATA_DIR || './data');
  const running = shopProcessOn(dataDir);
  if (running) {
    throw new CommandError(
      `The shop is running on ${dataDir} (process ${running}) and its embedded database allows one process ` +
        'at a time: stop the shop, run this command, then start the shop again.',
    );
  }
  const engineDir = path.join(dataDir, 'pglite');
  if (!existsSync(engineDir)) {
    throw new CommandError(
      `No shop database under ${dataDir}: start the shop once, or set DATA_DIR or DATABASE_URL.`,
    );
  }
  const release = markInUse(dataDir);
  try {
    const database = pgliteDatabase(await openPglite(engineDir), { ownsEngine: true });
    await database.migrate(migrationsFolder, orders.schemaName);
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}

function parseUsername(value: string | undefined): string {
  const parsed = StaffUsername.safeParse(value ?? '');
  if (!parsed.success)
    throw new CommandError(`Invalid username "${value ?? ''}": 3-64 letters, digits, . _ -`);
  return parsed.data;
}

async function newPassword(io: CommandIo): Promise<string> {
  const password = io.env.STAFF_PASSWORD ?? (await io.readPassword());
  if (password.length < 8) throw new CommandError('The password must be at least 8 characters.');
  if (password.length > 1024) throw new CommandError('The password must be at most 1024 characters.');
  if (isCommonPassword(password)) {
    throw new CommandError('The password is one of the 10,000 most common ones: choose another.');
  }
  return password;
}

function parseEmail(value: string | undefined): string | null {
  if (value === '-') return null;
  const parsed = Email.safeParse(value ?? '');
  if (!parsed.success) throw new CommandError(`Invalid e-mail "${value ?? ''}" (use - to remove it).`);
  return parsed.data;
}

function roleOption(args: string[]): StaffRole {
  const at = args.indexOf('--role');
  if (at === -1) return 'staff';
  const parsed = StaffRole.safeParse(args[at + 1]);
  if (!parsed.success) throw new CommandError('--role must be admin, staff or cashier');
  return parsed.data;
}

/** Runs one staff command; throws CommandError with a message for the operator. */
export async function runStaffCommand(args: string[], io: CommandIo): Promise<void> {
  const [command, name] = args;
  if (command === 'generate-key') {
    io.print(JSON.stringify(await generateSigningKey()));
    return;
  }
  if (!command || !['list', 'add', 'reset-password', 'set-email', 'remove'].includes(command))
    throw new CommandError(USAGE);
  const username = command === 'list' ? '' : parseUsername(name);
  const email = command === 'set-email' ? parseEmail(args[2]) : null;
  const role = command === 'add' ? roleOption(args) : 'staff';
  // Asked before the database is opened, so nobody waits at a prompt holding it.
  const password = command === 'add' || command === 'reset-password' ? await newPassword(io) : '';

  const { database, release } = await openShopDatabase(io.env);
  try {
    const db = database.db;
    if (command === 'list') {
      const users = await listStaff(db);
      if (!users.length) io.print('No staff users.');
      for (const user of users)
        io.print(
          `${user.username}\t${user.role}\t${user.email ?? '-'}\tcreated ${user.createdAt.toISOString()}`,
        );
      return;
    }
    const existing = await findStaffByUsername(db, username);
    if (command === 'add') {
      if (existing) throw new CommandError(`${existing.username} exists already: use reset-password.`);
      await db.transaction(async (tx) => {
        const { id } = await upsertStaff(tx, { username, password, role });
        await recordOperatorChange(tx, {
          entity: 'staff_user',
          entity_id: id,
          action: 'created',
          changes: { username: { from: null, to: username }, role: { from: null, to: role } },
        });
      });
      io.print(`Staff user ${username} (${role}) created.`);
      return;
    }
    if (!existing) throw new CommandError(`No staff user ${username}.`);
    const trail = { entity: 'staff_user', entity_id: existing.id } as const;
    if (command === 'set-email') {
      const holder = email ? await findStaffByEmail(db, email) : null;
      if (holder && holder.id !== existing.id)
        throw new CommandError(`${email} is already the e-mail of ${holder.username}.`);
      await db.transaction(async (tx) => {
        await setStaffEmail(tx, existing.id, email);
        await recordOperatorChange(tx, {
          ...trail,
          action: 'email_changed',
          changes: { email: { from: existing.email, to: email } },
        });
      });
      io.print(
        email
          ? `${existing.username} can now reset a forgotten password through ${email}.`
          : `${existing.username} has no e-mail now: no reset of a forgotten password.`,
      );
      return;
    }
    // Either way the user's tokens stop working on every service within seconds (decision 0021).
    if (command === 'reset-password') {
      await db.transaction(async (tx) => {
        await setStaffPassword(tx, existing.id, password);
        await recordOperatorChange(tx, { ...trail, action: 'password_reset', changes: {} });
      });
      io.print(`Password of ${existing.username} changed; their sessions have ended.`);
    } else {
      await db.transaction(async (tx) => {
        await tx.delete(staffUsers).where(eq(staffUsers.id, existing.id));
        await recordOperatorChange(tx, {
          ...trail,
          action: 'removed',
          changes: {
            username: { from: existing.username, to: null },
            role: { from: existing.role, to: null },
          },
        });
      });
      io.print(`Staff user ${existing.username} removed; their sessions have ended.`);
    }
  } finally {
    await database.close();
    release();
  }
}

/** One line from standard input; on a terminal it is not echoed. */
export function readPasswordFromStdin(): Promise<string> {
  const stdin = process.stdin;
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stderr.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: stdin, output, terminal: stdin.isTTY === true });
  return new Promise((resolve, reject) => {
    let answered = false;
    rl.question(stdin.isTTY ? 'Password: ' : '', (answer) => {
      answered = true;
      rl.close();
      if (stdin.isTTY) process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
    rl.on('close', () => {
      if (!answered)
        reject(new CommandError('No password given (set STAFF_PASSWORD or write it on standard input).'));
    });
  });
}

if (require.main === module) {
  usePrivateUmask();
  runStaffCommand(process.argv.slice(2), {
    env: process.env,
    print: (line) => process.stdout.write(`${line}\n`),
    readPassword: readPasswordFromStdin,
  }).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof CommandError ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
