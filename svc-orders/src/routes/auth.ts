import type { Router } from 'express';
import {
  endpoint,
  type StaffLoginAnswer,
  type StaffLoginResponse,
  type StaffMe,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
} from '@edicola/contracts';
import {
  auditBy,
  authOf,
  type EventBus,
  unauthorized,
  type Db,
  type TokenSigner,
  type TokenVerifier,
  routeServer,
} from '@edicola/platform';
import type { LoginLimiter } from '../login-limits/limiter';
import { refuseCommonPassword } from '../passwords/common';
import { checkOldPassword } from '../passwords/change';
import {
  authenticateStaff,
  endStaffSessions,
  findStaff,
  setStaffPassword,
  type StaffUser,
} from '../staff/users';
import { checkSecondFactor, confirmEnrolment, startEnrolment, WRONG_CODE } from '../staff/two-factor';
import { challengeExpired, type TwoFactorKeys } from '../staff/two-factor-keys';

export interface AuthRouteOptions {
  db: Db;
  signer: TokenSigner;
  verifier: TokenVerifier;
  limiter: LoginLimiter;
  staffTokenTtlSeconds: number;
  bus: EventBus;
  twoFactor: TwoFactorKeys;
  /** The name the authenticator app shows beside the account. */
  issuer: string;
}

/**
 * Staff sessions: sign-in (with its second step for an account with two factors), the current user, password
 * change and logout (POST /api/auth/login, POST /api/auth/login/two-factor, GET /api/auth/me, PUT
 * /api/auth/password, POST /api/auth/logout), an admin's enrolment in two factors, and the public key set other
 * services verify with.
 */
export function authRoutes(
  router: Router,
  { db, signer, verifier, limiter, staffTokenTtlSeconds, bus, twoFactor, issuer }: AuthRouteOptions,
) {
  const serve = routeServer(router, verifier);

  const sessionFor = async (user: StaffUser): Promise<StaffLoginResponse> => ({
    access_token: await signer.sign(
      {
        sub: user.id,
        kind: 'staff',
        role: user.role,
        name: user.username,
        sv: user.sessionVersion,
        mcp: user.mustChangePassword,
      },
      staffTokenTtlSeconds,
    ),
    token_type: 'bearer',
    user_id: user.id,
    username: user.username,
    role: user.role,
    must_change_password: user.mustChangePassword,
  });

  const currentUser = async (id: string) => {
    const user = await findStaff(db, id);
    if (!user) throw unauthorized('Utente non più esistente');
    return user;
  };

  serve(endpoint('GET /.well-known/jwks.json'), (_input, _req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    return signer.publicKeySet;
  });

  // A deactivated account is refused like a wrong password (it tells nobody which accounts exist).
  serve(endpoint('POST /api/auth/login'), async ({ body }, req): Promise<StaffLoginAnswer> => {
    const attempt = { scope: 'staff', address: req.ip ?? 'unknown', account: body.username } as const;
    const user = await limiter.login(
      attempt,
      async () => {
        const found = await authenticateStaff(db, body.username, body.password);
        return found?.active ? found : null;
      },
      'Username o password non corretti',
    );
    if (!user.totpEnabled) return sessionFor(user);
    return {
      two_factor_required: true,
      challenge_token: twoFactor.challengeFor({ sub: user.id, sv: user.sessionVersion }),
    };
  });

  // The second step. Wrong codes count as failed logins of their own (`#2fa`), which a right password does
  // not forget: knowing the password gives no more guesses at the code.
  serve(endpoint('POST /api/auth/login/two-factor'), async ({ body }, req): Promise<StaffLoginResponse> => {
    const claim = twoFactor.readChallenge(body.challenge_token);
    const user = await findStaff(db, claim.sub);
    if (!user?.active || !user.totpEnabled || user.sessionVersion !== claim.sv) throw challengeExpired();
    const attempt = {
      scope: 'staff',
      address: req.ip ?? 'unknown',
      account: `${user.username}#2fa`,
    } as const;
    const signedIn = await limiter.login(
      attempt,
      async () => ((await checkSecondFactor(db, twoFactor, user, body.code)) ? user : null),
      WRONG_CODE,
    );
    return sessionFor(signedIn);
  });

  serve(endpoint('GET /api/auth/me'), async (_input, _req, res): Promise<StaffMe> => {
    const user = await currentUser(authOf(res).sub);
    return { user_id: user.id, username: user.username, role: user.role };
  });

  // The old password again (counted as a failed login when wrong); every other session ends, and this
  // device gets a fresh token.
  serve(endpoint('PUT /api/auth/password'), async ({ body }, req, res): Promise<StaffLoginResponse> => {
    const user = await currentUser(authOf(res).sub);
    const attempt = { scope: 'staff', address: req.ip ?? 'unknown', account: user.username } as const;
    await checkOldPassword(limiter, attempt, body.old_password, user.passwordHash);
    refuseCommonPassword(body.new_password);
    await setStaffPassword(db, user.id, body.new_password);
    return sessionFor(await currentUser(user.id));
  });

  serve(endpoint('POST /api/auth/two-factor/setup'), async (_input, _req, res): Promise<TwoFactorSetup> =>
    startEnrolment(db, twoFactor, await currentUser(authOf(res).sub), issuer),
  );

  serve(
    endpoint('POST /api/auth/two-factor/confirm'),
    async ({ body }, _req, res): Promise<TwoFactorRecoveryCodes> => {
      const user = await currentUser(authOf(res).sub);
      const codes = await confirmEnrolment(db, twoFactor, user, body.code, auditBy(bus, res));
      return { recovery_codes: codes };
    },
  );

  serve(endpoint('POST /api/auth/logout'), async (_input, _req, res) => {
    await endStaffSessions(db, authOf(res).sub);
    res.status(204).end();
  });
}
