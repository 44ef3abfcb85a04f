import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetup } from '@edicola/contracts';
import { badRequest, conflict, type Audit, type Db } from '@edicola/platform';
import { staffRecoveryCodes, staffUsers } from '../db/schema';
import type { TwoFactorKeys } from './two-factor-keys';
import type { StaffUser } from './users';

// TOTP as RFC 6238 and every authenticator app take it: SHA-1, 6 digits, 30 seconds.
const PERIOD = 30;
const RECOVERY_CODES = 10;

export const WRONG_CODE = 'Codice non valido o già usato';

const totpOf = (secret: string, username: string, issuer: string) =>
  new TOTP({
    issuer,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/**
 * The time step a code belongs to, within one step either side of now (a phone's clock a little off, a code
 * typed as it changed), or null.
 */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of the current step (for tests, which compute it like the admin's phone does). */
export const currentCode = (secret: string, now = Date.now()) =>
  totpOf(secret, 'x', 'x').generate({ timestamp: now });

/**
 * Takes the code once: the step is recorded only if it is later than the last one taken, in one statement, so
 * the same code (or an older one) sent twice, even at the same moment, signs in once.
 */
async function takeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(
      and(eq(staffUsers.id, userId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))),
    )
    .returning({ id: staffUsers.id });
  return taken.length === 1;
}

const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** xxxxx-xxxxx of lowercase letters and digits: 50 bits, which a SHA-256 keeps safe with no slow hash. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The start of an enrolment: a new secret kept (sealed) but not yet in force, answered with its QR code. An
 * admin who already has two factors must have them reset by another admin first.
 */
export async function startEnrolment(
  db: Db,
  keys: TwoFactorKeys,
  user: StaffUser,
  issuer: string,
): Promise<TwoFactorSetup> {
  if (user.totpEnabled) throw conflict("L'accesso a due fattori è già attivo per questo account");
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(staffUsers)
    .set({ totpSecret: keys.seal(secret), totpLastStep: null, updatedAt: new Date() })
    .where(eq(staffUsers.id, user.id));
  const uri = totpOf(secret, user.username, issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The first code from the app puts the secret in force; answers the recovery codes, shown this once. */
export async function confirmEnrolment(
  db: Db,
  keys: TwoFactorKeys,
  user: StaffUser,
  code: string,
  audit: Audit,
): Promise<string[]> {
  if (user.totpEnabled) throw conflict("L'accesso a due fattori è già attivo per questo account");
  const secret = user.totpSecret ? keys.open(user.totpSecret) : null;
  if (!secret) throw badRequest('Avvia di nuovo la configurazione: nessun codice segreto in attesa');
  const step = stepOfCode(secret, code);
  if (step === null || !(await takeStep(db, user.id, step))) throw badRequest(WRONG_CODE);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ totpEnabled: true, updatedAt: new Date() })
      .where(eq(staffUsers.id, user.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, user.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((c) => ({ staffId: user.id, codeHash: hashRecoveryCode(c) })));
    await audit(tx, {
      entity: 'staff_user',
      entity_id: user.id,
      action: 'two_factor_enabled',
      changes: { two_factor: { from: false, to: true } },
    });
  });
  return codes;
}

/**
 * The second step of a login: a TOTP code not taken before, or an unused recovery code (used up here). True
 * when it signs the user in.
 */
export async function checkSecondFactor(
  db: Db,
  keys: TwoFactorKeys,
  user: StaffUser,
  code: string,
): Promise<boolean> {
  const compact = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(compact)) {
    const secret = user.totpSecret ? keys.open(user.totpSecret) : null;
    const step = secret ? stepOfCode(secret, compact) : null;
    return step !== null && takeStep(db, user.id, step);
  }
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, user.id),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(compact)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

/** Another admin's reset (a lost phone): no second factor until the account enrols again. */
export async function resetTwoFactor(tx: Db, userId: string): Promise<void> {
  await tx
    .update(staffUsers)
    .set({ totpSecret: null, totpEnabled: false, totpLastStep: null, updatedAt: new Date() })
    .where(eq(staffUsers.id, userId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, userId));
}
