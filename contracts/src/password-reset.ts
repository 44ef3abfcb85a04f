import { z } from 'zod';
import { Password } from './customers';
import { CustomerLanguage } from './language';

// Password reset by e-mail (docs/product/account.md#password-reset).

/** How long the link of a reset e-mail works: one hour from the request. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** POST /api/customers/password-reset: answered 202 and the same body whatever the address. */
export const PasswordResetRequest = z.object({
  email: z
    .string("L'email è obbligatoria")
    .trim()
    .min(1, "L'email è obbligatoria")
    .max(254, "L'email è troppo lunga")
    .pipe(z.email('Inserisci un indirizzo email valido')),
  /** The visitor's language: the e-mail is written in it. */
  language: CustomerLanguage,
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

export const PasswordResetAccepted = z.object({ accepted: z.literal(true) });
export type PasswordResetAccepted = z.infer<typeof PasswordResetAccepted>;

/** POST /api/customers/password-reset/confirm: the token of the e-mail's link and the new password. */
export const PasswordResetConfirm = z.object({
  token: z
    .string('Il link per reimpostare la password non è valido')
    .trim()
    .min(1, 'Il link per reimpostare la password non è valido')
    .max(200, 'Il link per reimpostare la password non è valido'),
  password: Password,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirm>;

/** The account whose password was set: where the page sends the user to sign in. */
export const PasswordResetDone = z.object({ account: z.enum(['customer', 'staff']) });
export type PasswordResetDone = z.infer<typeof PasswordResetDone>;

export const PASSWORD_RESET_UNKNOWN_DETAIL =
  'Il link per reimpostare la password non è valido: chiedine uno nuovo';
export const PASSWORD_RESET_USED_DETAIL =
  'Questo link è già stato usato o sostituito da uno più recente: chiedine uno nuovo';
export const PASSWORD_RESET_EXPIRED_DETAIL = "Questo link è scaduto (vale un'ora): chiedine uno nuovo";
export const PASSWORD_RESET_NO_ACCOUNT_DETAIL = "L'account di questo link non è più attivo";
