import { z } from 'zod';
import {
  ROUTES,
  StaffLoginResponse,
  StaffMe,
  TwoFactorChallenge,
  type StaffLoginRequest,
} from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

/** The login answer; `must_change_password` comes with the forced change of a generated password. */
export const StaffSession = StaffLoginResponse.extend({
  must_change_password: z.boolean().optional().default(false),
});
export type StaffSession = z.infer<typeof StaffSession>;

/** The login answer: a session, or (an account with two factors) the challenge of the second step. */
const LoginAnswer = z.union([StaffSession, TwoFactorChallenge]);

const PasswordChanged = z.object({ access_token: z.string().optional() }).nullable();

export const authApi = (client: ApiClient) => ({
  /** POST /api/auth/login {username, password} → a session, or the two-factor challenge. */
  login: (credentials: StaffLoginRequest) =>
    client.call(ROUTES['POST /api/auth/login'], {
      body: credentials,
      schema: LoginAnswer,
      token: '',
    }),
  /** POST /api/auth/login/two-factor {challenge_token, code}: the code from the app or a recovery code. */
  loginSecondStep: (challenge_token: string, code: string) =>
    client.call(ROUTES['POST /api/auth/login/two-factor'], {
      body: { challenge_token, code },
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
