import type { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
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
import { authenticateStaff, findStaff } from '../staff';

export interface AuthRouteOptions {
  db: Db;
  signer: TokenSigner;
  verifier: TokenVerifier;
  staffTokenTtlSeconds: number;
  loginAttemptsPer15Min: number;
}

/** Staff sign-in (POST /api/auth/login, GET /api/auth/me) and the public key set other services verify with. */
export function authRoutes(router: Router, options: AuthRouteOptions) {
  const { db, signer, verifier } = options;
  const loginLimiter = rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: options.loginAttemptsPer15Min,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) =>
      res.status(429).json({ detail: 'Troppi tentativi di accesso. Riprova tra qualche minuto.' }),
  });

  router.get('/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(signer.publicKeySet);
  });

  router.post(
    '/api/auth/login',
    loginLimiter,
    handle({ body: StaffLoginRequest }, async ({ body }): Promise<StaffLoginResponse> => {
      const user = await authenticateStaff(db, body.username, body.password);
      if (!user) throw unauthorized('Username o password non corretti');
      const access_token = await signer.sign(
        { sub: user.id, kind: 'staff', role: user.role, name: user.username },
        options.staffTokenTtlSeconds,
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
