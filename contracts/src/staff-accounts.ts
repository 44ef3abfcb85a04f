import { z } from 'zod';
import { StaffLoginResponse, StaffRole, StaffUsername } from './auth';

// Staff accounts managed from the back office while the shop runs (docs/product/back-office.md#staff-accounts),
// and the admins' second factor (docs/decisions/0062-staff-accounts-and-two-factor.md).

/** One staff account as the Personale screen lists it. */
export const StaffAccount = z.object({
  id: z.string(),
  username: z.string(),
  role: StaffRole,
  email: z.string().nullable(),
  /** A deactivated account cannot sign in, and its tokens are refused. */
  active: z.boolean(),
  /** The account signs in with a TOTP code after the password. */
  two_factor: z.boolean(),
  /** A temporary password not yet changed. */
  must_change_password: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;
export const StaffAccountList = z.array(StaffAccount);

export const StaffAccountParams = z.object({ id: z.uuid('Account del personale non trovato') });

/** POST /api/admin/staff: a new account; its temporary password is answered once. */
export const StaffAccountCreate = z.object({
  username: StaffUsername,
  role: StaffRole,
});
export type StaffAccountCreate = z.infer<typeof StaffAccountCreate>;

/** PUT /api/admin/staff/:id/role. */
export const StaffRoleChange = z.object({ role: StaffRole });
export type StaffRoleChange = z.infer<typeof StaffRoleChange>;

/** A new account or a reset password: the temporary password, shown once, to be changed at the next login. */
export const StaffTemporaryPassword = z.object({
  account: StaffAccount,
  temporary_password: z.string(),
});
export type StaffTemporaryPassword = z.infer<typeof StaffTemporaryPassword>;

/** The 409 detail when the change would leave the shop without an active admin. */
export const LAST_ADMIN_DETAIL = "Non si può: è l'ultimo amministratore attivo del negozio";

/** A TOTP code: 6 digits (spaces typed between them are ignored). */
export const TotpCode = z
  .string('Il codice è obbligatorio')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Il codice deve avere 6 cifre'));

/** POST /api/auth/login for an account with two factors: no session yet, a short-lived challenge. */
export const TwoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  /** Signed, valid a few minutes, for POST /api/auth/login/two-factor only. */
  challenge_token: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** What POST /api/auth/login answers: a session, or the second step's challenge. */
export const StaffLoginAnswer = z.union([StaffLoginResponse, TwoFactorChallenge]);
export type StaffLoginAnswer = z.infer<typeof StaffLoginAnswer>;

/** POST /api/auth/login/two-factor: the challenge and a 6-digit code or one of the recovery codes. */
export const TwoFactorLoginRequest = z.object({
  challenge_token: z.string('Accesso scaduto: inserisci di nuovo la password').min(1).max(2000),
  code: z
    .string('Il codice è obbligatorio')
    .trim()
    .min(1, 'Il codice è obbligatorio')
    .max(64, 'Codice non valido'),
});
export type TwoFactorLoginRequest = z.infer<typeof TwoFactorLoginRequest>;

/** POST /api/auth/two-factor/setup: a new secret to scan (not active until confirmed with a code). */
export const TwoFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** POST /api/auth/two-factor/confirm. */
export const TwoFactorConfirmRequest = z.object({ code: TotpCode });
export type TwoFactorConfirmRequest = z.infer<typeof TwoFactorConfirmRequest>;

/** The recovery codes, shown once: each signs in once in place of a TOTP code. */
export const TwoFactorRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof TwoFactorRecoveryCodes>;
