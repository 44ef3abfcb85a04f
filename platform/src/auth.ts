import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  type JWK,
} from 'jose';
import { TokenClaims } from '@edicola/contracts';
import { forbidden, unauthorized } from './http/errors';

const ISSUER = 'edicola';
const AUDIENCE = 'edicola-api';
const ALGORITHM = 'EdDSA';

export interface TokenVerifier {
  verify(token: string): Promise<TokenClaims>;
}

export interface TokenSigner {
  sign(claims: TokenClaims, ttlSeconds: number): Promise<string>;
  /** The public half, as served at /.well-known/jwks.json for the other services. */
  readonly publicKeySet: JSONWebKeySet;
}

/** A new Ed25519 private key as a JWK (kept by svc-orders; only it signs). */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg: ALGORITHM, kid: `k-${Date.now().toString(36)}` };
}

export async function createTokenSigner(privateJwk: JWK): Promise<TokenSigner> {
  const key = await importJWK(privateJwk, ALGORITHM);
  const { d: _private, ...publicJwk } = privateJwk;
  return {
    publicKeySet: { keys: [{ ...publicJwk, use: 'sig' }] },
    sign(claims, ttlSeconds) {
      return new SignJWT({ kind: claims.kind, role: claims.role, name: claims.name })
        .setProtectedHeader({ alg: ALGORITHM, kid: privateJwk.kid })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
  };
}

function verifierFor(keys: JWTVerifyGetKey): TokenVerifier {
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: [ALGORITHM],
      });
      return TokenClaims.parse(payload);
    },
  };
}

export const localKeySetVerifier = (keySet: JSONWebKeySet): TokenVerifier =>
  verifierFor(createLocalJWKSet(keySet));

/** Verifies with svc-orders' published key set, fetched on first use and cached by jose. */
export const remoteKeySetVerifier = (url: string): TokenVerifier =>
  verifierFor(createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 600_000 }));

export interface AuthRequirement {
  kind: TokenClaims['kind'];
  /** Staff roles allowed; any role of the kind when omitted. */
  roles?: TokenClaims['role'][];
}

/** Bearer-token check for a route: 401 without a valid token, 403 for the wrong kind or role. */
export function requireAuth(verifier: TokenVerifier, requirement: AuthRequirement): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const claims = await verifier.verify(match[1]).catch(() => {
      throw unauthorized('Sessione non valida o scaduta');
    });
    if (claims.kind !== requirement.kind) throw forbidden();
    if (requirement.roles && !requirement.roles.includes(claims.role)) throw forbidden();
    res.locals.auth = claims;
    next();
  };
}

/** The verified claims of the current request (after requireAuth). */
export function authOf(res: Response): TokenClaims {
  return TokenClaims.parse(res.locals.auth);
}

/** Guards internal service-to-service endpoints with a secret the services share. */
export function requireInternalToken(expected: string): RequestHandler {
  const want = Buffer.from(expected);
  return (req, _res, next) => {
    const got = Buffer.from(req.get('x-internal-token') ?? '');
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw forbidden();
    next();
  };
}
