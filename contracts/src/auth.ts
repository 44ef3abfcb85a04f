import { z } from 'zod';
import { singleLine } from './text';

export const StaffRole = z.enum(['admin', 'staff', 'cashier']);
export type StaffRole = z.infer<typeof StaffRole>;

/** A staff username as the staff command creates it: 3-64 letters, digits, dot, dash or underscore. */
export const StaffUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,64}$/, 'username: da 3 a 64 lettere, cifre, punto, trattino o trattino basso');

export const StaffLoginRequest = z.object({
  username: singleLine('username è obbligatorio').trim().min(1, 'username è obbligatorio').max(64),
  // Bounded so a huge password cannot make hashing expensive.
  password: z.string('password è obbligatoria').min(1, 'password è obbligatoria').max(1024),
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;

export const StaffLoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user_id: z.string(),
  username: z.string(),
  role: StaffRole,
  /** True for a generated first password: every staff route but me, password and logout answers 403 until changed. */
  must_change_password: z.boolean().default(false),
});
export type StaffLoginResponse = z.infer<typeof StaffLoginResponse>;

export const StaffMe = z.object({ user_id: z.string(), username: z.string(), role: StaffRole });
export type StaffMe = z.infer<typeof StaffMe>;

/** Claims inside every token svc-orders signs. `kind` tells a staff token from a customer one. */
export const TokenClaims = z.object({
  sub: z.string(),
  kind: z.enum(['staff', 'customer']),
  role: z.enum(['admin', 'staff', 'cashier', 'customer']),
  name: z.string(),
  /** The user's session version when the token was signed; a token whose version is no longer current is refused. */
  sv: z.number().int().optional(),
  /** Set while a generated password must be changed (staff only). */
  mcp: z.boolean().optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

/**
 * PUT /api/auth/password and PUT /api/customers/password. A successful change ends every other session of
 * the account and answers 200 with a fresh token for the device that asked (its login answer's shape).
 */
export const PasswordChangeRequest = z.object({
  old_password: z
    .string('La password attuale è obbligatoria')
    .min(1, 'La password attuale è obbligatoria')
    .max(1024, 'La password può avere al massimo 1024 caratteri'),
  new_password: z
    .string('La nuova password è obbligatoria')
    .min(6, 'La password deve essere di almeno 6 caratteri')
    .max(1024, 'La password può avere al massimo 1024 caratteri'),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

/** The 422 detail for a password among the 10,000 most common ones (registration, changes, staff add/reset). */
export const COMMON_PASSWORD_DETAIL = "Password troppo comune: scegline un'altra";

/** Internal: GET /internal/sessions/{kind}/{id} on svc-orders (404 when no such account). */
export const SessionState = z.object({ session_version: z.number().int() });

/** Whose session an internal session check asks about. */
export const SessionStateParams = z.object({
  kind: z.enum(['staff', 'customer']),
  id: z.string().min(1).max(100),
});
export type SessionState = z.infer<typeof SessionState>;
