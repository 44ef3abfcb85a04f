import type { Router } from 'express';
import { StaffLoginRequest, type StaffLoginResponse, type StaffMe } from '@edicola/contracts';
import {
  authOf,
  handle,
  requireAuth,
  unauthorized,
  type Db,
  type TokenSigner,
  type TokenVerifier,
} from '@edicola/platform';
import type { LoginLimiter } from '../login-limits/limiter';
import { authenticateStaff, findStaff } from '../staff/users';

export interface AuthRouteOptions {
  db: Db;
  signer: TokenSigner;
  verifier: TokenVerifier;
  limiter: LoginLimiter;
  staffTokenTtlSeconds: number;
}

/** Staff sign-in (POST /api/auth/login, GET /api/auth/me) and the public key set other services verify with. */
export function authRoutes(
  router: Router,
  { db, signer, verifier, limiter, staffTokenTtlSeconds }: AuthRouteOptions,
) {
  router.get('/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(signer.publicKeySet);
  });

  router.post(
    '/api/auth/login',
    handle({ body: StaffLoginRequest }, async ({ body }, req): Promise<StaffLoginResponse> => {
      const attempt = { scope: 'staff', address: req.ip ?? 'unknown', account: body.username } as const;
      const user = await limiter.login(
        attempt,
        () => authenticateStaff(db, body.username, body.password),
        'Username o password non corretti',
      );
      const access_token = await signer.sign(
        { sub: user.id, kind: 'staff', role: user.role, name: user.username },
        staffTokenTtlSeconds,
      );
      return {
        access_token,
        token_type: 'bearer',
        user_id: user.id,
        username: user.username,
        role: user.role,
      };
    }),
  );

  router.get(
    '/api/auth/me',
    requireAuth(verifier, { kind: 'staff' }),
    handle({}, async (_input, _req, res): Promise<StaffMe> => {
      const user = await findStaff(db, authOf(res).sub);
      if (!user) throw unauthorized('Utente non più esistente');
      return { user_id: user.id, username: user.username, role: user.role };
    }),
  );
}
