import type { RequestHandler, Response } from 'express';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  type JWK,
} from 'jose';
import { ZodError } from 'zod';
import { TokenClaims } from '@edicola/contracts';
import { forbidden, HttpError, unauthorized } from './http/errors';

const ISSUER = 'edicola';
/** The only algorithm a user token may carry; `none`, HS256 and the rest are refused before any key is used. */
const ALGORITHM = 'EdDSA';

/**
 * One audience per kind of token, derived here from the claims' kind, never chosen by a caller: a customer
 * token never passes a staff check, and neither passes an internal one (internal tokens: ./internal).
 */
export const TOKEN_AUDIENCES = {
  staff: 'edicola-staff',
  customer: 'edicola-customer',
  internal: 'edicola-internal',
} as const;

export const audienceFor = (kind: keyof typeof TOKEN_AUDIENCES): string => TOKEN_AUDIENCES[kind];

export interface TokenVerifier {
  verify(token: string): Promise<TokenClaims>;
}

export interface TokenSigner {
  sign(claims: TokenClaims, ttlSeconds: number): Promise<string>;
  /** The public half, as served at /.well-known/jwks.json for the other services. */
  readonly publicKeySet: JSONWebKeySet;
}

/** The token could not be checked at all (key set unreachable): the client is not to blame, 503. */
export const keySetUnavailable = () =>
  new HttpError(503, 'Verifica della sessione momentaneamente non disponibile, riprova tra poco');

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
        .setAudience(audienceFor(claims.kind))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
  };
}

/** Errors that say nothing about the token but that its keys could not be had (network, timeout, bad answer). */
function isKeySetFailure(error: unknown): boolean {
  if (error instanceof ZodError) return false;
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error instanceof errors.JWKInvalid ||
    error.code === errors.JOSEError.code
  );
}

class InvalidTokenError extends Error {}

function verifierFor(keys: JWTVerifyGetKey): TokenVerifier {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: ISSUER,
          audience: [TOKEN_AUDIENCES.staff, TOKEN_AUDIENCES.customer],
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const claims = TokenClaims.parse(payload);
        // The audience must be the one of the kind the token claims to be.
        if (payload.aud !== audienceFor(claims.kind))
          throw new InvalidTokenError('audience does not match kind');
        return claims;
      } catch (error) {
        if (isKeySetFailure(error) && !(error instanceof InvalidTokenError)) throw keySetUnavailable();
        throw error;
      }
    },
  };
}

export const localKeySetVerifier = (keySet: JSONWebKeySet): TokenVerifier =>
  verifierFor(createLocalJWKSet(keySet));

/**
 * Verifies with svc-orders' published key set, fetched on first use and cached by jose. When the key set
 * cannot be fetched (down, slow, bad answer) verify() throws a 503 HttpError, not an invalid-token error.
 */
export const remoteKeySetVerifier = (url: string, options: { timeoutMs?: number } = {}): TokenVerifier =>
  verifierFor(
    createRemoteJWKSet(new URL(url), {
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
      timeoutDuration: options.timeoutMs ?? 3000,
    }),
  );

export interface AuthRequirement {
  kind: TokenClaims['kind'];
  /** Staff roles allowed; any role of the kind when omitted. */
  roles?: TokenClaims['role'][];
}

/** The bearer token of a request, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Bearer-token check for a route: 401 without a valid token, 403 for the wrong kind or role, 503 when the
 * key set to check it with cannot be had.
 */
export function requireAuth(verifier: TokenVerifier, requirement: AuthRequirement): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw unauthorized();
    const claims = await verifier.verify(token).catch((error: unknown) => {
      if (error instanceof HttpError) throw error;
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
