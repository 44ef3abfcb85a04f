import { z } from 'zod';

export const StaffRole = z.enum(['admin', 'staff']);
export type StaffRole = z.infer<typeof StaffRole>;

/** A staff username as the staff command creates it: 3-64 letters, digits, dot, dash or underscore. */
export const StaffUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,64}$/, 'username: da 3 a 64 lettere, cifre, punto, trattino o trattino basso');

export const StaffLoginRequest = z.object({
  username: z.string('username è obbligatorio').trim().min(1, 'username è obbligatorio').max(64),
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
});
export type StaffLoginResponse = z.infer<typeof StaffLoginResponse>;

export const StaffMe = z.object({ user_id: z.string(), username: z.string(), role: StaffRole });
export type StaffMe = z.infer<typeof StaffMe>;

/** Claims inside every token svc-orders signs. `kind` tells a staff token from a customer one. */
export const TokenClaims = z.object({
  sub: z.string(),
  kind: z.enum(['staff', 'customer']),
  role: z.enum(['admin', 'staff', 'customer']),
  name: z.string(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;
