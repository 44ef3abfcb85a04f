import { z } from 'zod';

export const StaffRole = z.enum(['admin', 'staff']);
export type StaffRole = z.infer<typeof StaffRole>;

export const StaffLoginRequest = z.object({
  username: z.string().trim().min(1, 'username è obbligatorio'),
  password: z.string().min(1, 'password è obbligatoria'),
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
