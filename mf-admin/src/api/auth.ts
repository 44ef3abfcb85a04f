import { z } from 'zod';
import { ROUTES, StaffLoginResponse, StaffMe, type StaffLoginRequest } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

/** The login answer; `must_change_password` comes with the forced change of a generated password. */
export const StaffSession = StaffLoginResponse.extend({
  must_change_password: z.boolean().optional().default(false),
});
export type StaffSession = z.infer<typeof StaffSession>;

const PasswordChanged = z.object({ access_token: z.string().optional() }).nullable();

export const authApi = (client: ApiClient) => ({
  /** POST /api/auth/login {username, password} → access_token, user_id, username, role. */
  login: (credentials: StaffLoginRequest) =>
    client.call(ROUTES['POST /api/auth/login'], {
      body: credentials,
      schema: StaffSession,
      token: '',
    }),
  /** GET /api/auth/me with the bearer token: validates the stored session. */
  me: (token?: string) => client.call(ROUTES['GET /api/auth/me'], { schema: StaffMe, token }),
  /** POST /api/auth/logout: the token stops working (204). */
  logout: () => client.call(ROUTES['POST /api/auth/logout']),
  /** PUT /api/auth/password: 204, or 200 with a new access_token (the other sessions end). */
  changePassword: async (change: { old_password: string; new_password: string }) => {
    const answer = await client.call(ROUTES['PUT /api/auth/password'], {
      body: change,
      schema: PasswordChanged,
    });
    return answer?.access_token ?? null;
  },
});
