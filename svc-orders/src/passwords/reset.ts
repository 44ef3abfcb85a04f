import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import {
  PASSWORD_RESET_EXPIRED_DETAIL,
  PASSWORD_RESET_NO_ACCOUNT_DETAIL,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_UNKNOWN_DETAIL,
  PASSWORD_RESET_USED_DETAIL,
  type EventData,
  type Language,
  type PasswordResetDone,
} from '@edicola/contracts';
import { HttpError, type Db, type EventBus } from '@edicola/platform';
import { passwordResets } from '../db/schema';
import { findCustomer, findCustomerByEmail, setCustomerPassword } from '../customers/accounts';
import type { CustomerRow } from '../customers/mapping';
import { findStaff, findStaffByEmail, setStaffPassword } from '../staff/users';
import { refuseCommonPassword } from './common';

// Password reset by e-mail (docs/product/account.md#password-reset). The link's token is 32 random bytes; only its
// SHA-256 is stored, which is enough for a secret that cannot be guessed (no slow hash needed).

/** How long a reset request takes to be answered at least, whether the address has an account or not. */
export const RESET_ANSWER_MS = 250;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const nameOf = (row: CustomerRow): string | null =>
  row.datiPrivato?.nome ?? row.datiAzienda?.referente ?? row.datiAzienda?.ragione_sociale ?? null;

type Account = PasswordResetDone['account'];

export interface Holder {
  account: Account;
  id: string;
  email: string;
  name: string | null;
}

export interface ResetRequest {
  email: string;
  language: Language;
  now: Date;
  /** Reset e-mails per account per hour; a request over it is answered alike and sends nothing. */
  perAccountPerHour: number;
}

/** The accounts of an address: a customer's, and a staff user's who was given it (`npm run staff -- set-email`). */
async function holdersOf(tx: Db, email: string): Promise<Holder[]> {
  const customer = await findCustomerByEmail(tx, email);
  const staff = await findStaffByEmail(tx, email);
  return [
    ...(customer
      ? [{ account: 'customer' as const, id: customer.id, email: customer.email, name: nameOf(customer) }]
      : []),
    ...(staff?.email
      ? [{ account: 'staff' as const, id: staff.id, email: staff.email, name: staff.username }]
      : []),
  ];
}

/**
 * A reset asked for `email`: for each account of the address a new link (its older ones stop working) and the event
 * that e-mails it, in `tx`. Nothing tells the caller whether the address is known. Answers how many links were made.
 */
export async function requestPasswordReset(tx: Db, bus: EventBus, request: ResetRequest): Promise<number> {
  let made = 0;
  for (const holder of await holdersOf(tx, request.email)) {
    if (await issueLink(tx, bus, holder, request)) made += 1;
  }
  return made;
}

async function issueLink(tx: Db, bus: EventBus, holder: Holder, request: ResetRequest): Promise<boolean> {
  const ofAccount = and(eq(passwordResets.account, holder.account), eq(passwordResets.accountId, holder.id));
  const [recent] = await tx
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(ofAccount, gt(passwordResets.createdAt, new Date(request.now.getTime() - PASSWORD_RESET_TTL_MS))),
    );
  if ((recent?.n ?? 0) >= request.perAccountPerHour) return false;
  await tx
    .update(passwordResets)
    .set({ usedAt: request.now })
    .where(and(ofAccount, isNull(passwordResets.usedAt)));
  const token = newToken();
  const expiresAt = new Date(request.now.getTime() + PASSWORD_RESET_TTL_MS);
  const [row] = await tx
    .insert(passwordResets)
    .values({
      account: holder.account,
      accountId: holder.id,
      tokenHash: hashToken(token),
      createdAt: request.now,
      expiresAt,
    })
    .returning({ id: passwordResets.id });
  await bus.emit(
    tx,
    'account.password_reset_requested',
    passwordResetRequested({ resetId: row!.id, holder, token, language: request.language, expiresAt }),
  );
  return true;
}

/** The event that e-mails a reset link to the holder of the account. */
export function passwordResetRequested(link: {
  resetId: string;
  holder: Holder;
  token: string;
  language: Language;
  expiresAt: Date;
}): EventData<'account.password_reset_requested'> {
  return {
    reset_id: link.resetId,
    account: link.holder.account,
    email: link.holder.email,
    name: link.holder.name,
    token: link.token,
    language: link.language,
    expires_at: link.expiresAt.toISOString(),
  };
}

/**
 * The new password of a reset link: the link is used up, the password set, and every session of the account ends
 * (its session version grows). An unknown, used, replaced or expired link changes nothing.
 */
export async function confirmPasswordReset(
  tx: Db,
  reset: { token: string; password: string; now: Date },
): Promise<PasswordResetDone> {
  refuseCommonPassword(reset.password);
  const tokenHash = hashToken(reset.token);
  // Claimed in one statement, so two submissions of one link cannot both set a password.
  const [claimed] = await tx
    .update(passwordResets)
    .set({ usedAt: reset.now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, reset.now),
      ),
    )
    .returning({ account: passwordResets.account, accountId: passwordResets.accountId });
  if (!claimed) {
    const [row] = await tx
      .select({ usedAt: passwordResets.usedAt })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash))
      .limit(1);
    if (!row) throw new HttpError(400, PASSWORD_RESET_UNKNOWN_DETAIL);
    throw new HttpError(410, row.usedAt ? PASSWORD_RESET_USED_DETAIL : PASSWORD_RESET_EXPIRED_DETAIL);
  }
  // A staff user removed, or a customer account deleted, after the link was sent: nothing to set.
  const exists =
    claimed.account === 'staff'
      ? await findStaff(tx, claimed.accountId)
      : await findCustomer(tx, claimed.accountId);
  if (!exists) throw new HttpError(410, PASSWORD_RESET_NO_ACCOUNT_DETAIL);
  if (claimed.account === 'staff') await setStaffPassword(tx, claimed.accountId, reset.password);
  else await setCustomerPassword(tx, claimed.accountId, reset.password);
  return { account: claimed.account };
}
