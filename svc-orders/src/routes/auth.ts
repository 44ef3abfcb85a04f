import type { Router } from 'express';
import { endpoint, type StaffLoginResponse, type StaffMe } from '@edicola/contracts';
import {
  authOf,
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

export interface AuthRouteOptions {
  db: Db;
  signer: TokenSigner;
  verifier: TokenVerifier;
  limiter: LoginLimiter;
  staffTokenTtlSeconds: number;
}

/**
 * Staff sessions: sign-in, the current user, password change and logout (POST /api/auth/login, GET /api/auth/me,
 * PUT /api/auth/password, POST /api/auth/logout), and the public key set other services verify with.
 */
export function authRoutes(
  router: Router,
  { db, signer, verifier, limiter, staffTokenTtlSeconds }: AuthRouteOptions,
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

  serve(endpoint('POST /api/auth/login'), async ({ body }, req): Promise<StaffLoginResponse> => {
    const attempt = { scope: 'staff', address: req.ip ?? 'unknown', account: body.username } as const;
    const user = await limiter.login(
      attempt,
      () => authenticateStaff(db, body.username, body.password),
      'Username o password non corretti',
    );
    return sessionFor(user);
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

  serve(endpoint('POST /api/auth/logout'), async (_input, _req, res) => {
    await endStaffSessions(db, authOf(res).sub);
    res.status(204).end();
  });
}
