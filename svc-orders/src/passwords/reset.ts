import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import {
  PASSWORD_RESET_EXPIRED_DETAIL,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_UNKNOWN_DETAIL,
  PASSWORD_RESET_USED_DETAIL,
  type Language,
  type PasswordResetDone,
} from '@edicola/contracts';
import { HttpError, type Db, type EventBus } from '@edicola/platform';
import { passwordResets } from '../db/schema';
import { findCustomerByEmail, setCustomerPassword } from '../customers/accounts';
import type { CustomerRow } from '../customers/mapping';
import { refuseCommonPassword } from './common';

// Password reset by e-mail (docs/product/account.md#password-reset). The link's token is 32 random bytes; only its
// SHA-256 is stored, which is enough for a secret that cannot be guessed (no slow hash needed).

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const nameOf = (row: CustomerRow): string | null =>
  row.datiPrivato?.nome ?? row.datiAzienda?.referente ?? row.datiAzienda?.ragione_sociale ?? null;

export interface ResetRequest {
  email: string;
  language: Language;
  now: Date;
  /** Reset e-mails per account per hour; a request over it is answered alike and sends nothing. */
  perAccountPerHour: number;
}

/**
 * A reset asked for `email`: for a known account a new link (the older ones stop working) and the event that
 * e-mails it, in `tx`. Nothing tells the caller whether the address is known. Answers whether a link was made.
 */
export async function requestPasswordReset(tx: Db, bus: EventBus, request: ResetRequest): Promise<boolean> {
  const customer = await findCustomerByEmail(tx, request.email);
  if (!customer) return false;
  const ofAccount = and(eq(passwordResets.account, 'customer'), eq(passwordResets.accountId, customer.id));
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
      account: 'customer',
      accountId: customer.id,
      tokenHash: hashToken(token),
      createdAt: request.now,
      expiresAt,
    })
    .returning({ id: passwordResets.id });
  await bus.emit(tx, 'account.password_reset_requested', {
    reset_id: row!.id,
    account: 'customer',
    email: customer.email,
    name: nameOf(customer),
    token,
    language: request.language,
    expires_at: expiresAt.toISOString(),
  });
  return true;
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
  await setCustomerPassword(tx, claimed.accountId, reset.password);
  return { account: claimed.account };
}
