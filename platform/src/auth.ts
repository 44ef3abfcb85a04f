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
import {
  ADMIN_ONLY_DETAIL,
  MUST_CHANGE_PASSWORD_DETAIL,
  pathTo,
  ROUTES,
  SessionState,
  TokenClaims,
} from '@edicola/contracts';
import { forbidden, HttpError, unauthorized } from './http/errors';
import type { InternalClient } from './internal/client';

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
      return new SignJWT({
        kind: claims.kind,
        role: claims.role,
        name: claims.name,
        ...(claims.sv !== undefined && { sv: claims.sv }),
        ...(claims.mcp && { mcp: true }),
      })
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

/** The token's session has ended (logout, password change or reset, user removed): 401 like any invalid token. */
export class SessionEndedError extends Error {}

/**
 * The current session version of an account, or null when there is no such account. svc-orders answers from
 * its database; the other services ask svc-orders (remoteSessionLookup).
 */
export type SessionLookup = (kind: TokenClaims['kind'], id: string) => Promise<number | null>;

/**
 * A verifier that also refuses a token whose session is over: no session version in it, an account that no
 * longer exists, or a version that is no longer the account's (docs/decisions/0021-sessions-and-roles.md).
 */
export function sessionCheckedVerifier(verifier: TokenVerifier, lookup: SessionLookup): TokenVerifier {
  return {
    async verify(token) {
      const claims = await verifier.verify(token);
      if (claims.sv === undefined) throw new SessionEndedError('token without a session version');
      const current = await lookup(claims.kind, claims.sub);
      if (current === null || current !== claims.sv) throw new SessionEndedError('session ended');
      return claims;
    },
  };
}

/**
 * Asks svc-orders for an account's session version, remembering each answer (a missing account too) for
 * `cacheMs`: a session ended on svc-orders is refused everywhere within that time. When svc-orders cannot
 * answer, every token is refused with 503 (never let through unchecked).
 */
export function remoteSessionLookup(
  internal: InternalClient,
  options: { cacheMs: number; maxEntries?: number },
): SessionLookup {
  const cache = new Map<string, { version: number | null; until: number }>();
  const maxEntries = options.maxEntries ?? 10_000;
  return async (kind, id) => {
    const key = `${kind}:${id}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.version;
    let version: number | null;
    try {
      const answer = await internal.get(
        'svc-orders',
        pathTo(ROUTES['GET /internal/sessions/:kind/:id'], { kind, id }),
      );
      version = SessionState.parse(answer).session_version;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) version = null;
      else throw keySetUnavailable();
    }
    if (options.cacheMs > 0) {
      cache.delete(key);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { version, until: now + options.cacheMs });
    }
    return version;
  };
}

export interface AuthRequirement {
  kind: TokenClaims['kind'];
  /** Staff roles allowed; any role of the kind when omitted. */
  roles?: readonly TokenClaims['role'][];
  /**
   * Open to a staff user who must still change a generated password (only /api/auth/me, /password, /logout);
   * every other staff route answers 403 to such a token.
   */
  duringPasswordChange?: boolean;
}

/** Where requireAuth() leaves its requirement on the handler it returns, for the access-matrix test. */
export const AUTH_REQUIREMENT = Symbol.for('edicola.authRequirement');

/** The requirement of a handler made by requireAuth(), else undefined. */
export function authRequirementOf(handler: unknown): AuthRequirement | undefined {
  return (handler as { [AUTH_REQUIREMENT]?: AuthRequirement } | null)?.[AUTH_REQUIREMENT];
}

/** The bearer token of a request, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Bearer-token check for a route: 401 without a valid token or with a session that has ended, 403 for the
 * wrong kind or role (or a generated password still to change), 503 when the token cannot be checked.
 */
export function requireAuth(verifier: TokenVerifier, requirement: AuthRequirement): RequestHandler {
  const handler: RequestHandler = async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw unauthorized();
    const claims = await verifier.verify(token).catch((error: unknown) => {
      if (error instanceof HttpError) throw error;
      throw unauthorized('Sessione non valida o scaduta');
    });
    if (claims.kind !== requirement.kind) throw forbidden();
    if (requirement.roles && !requirement.roles.includes(claims.role)) {
      throw forbidden(requirement.roles.includes('staff') ? undefined : ADMIN_ONLY_DETAIL);
    }
    if (claims.mcp && !requirement.duringPasswordChange) throw forbidden(MUST_CHANGE_PASSWORD_DETAIL);
    res.locals.auth = claims;
    next();
  };
  return Object.assign(handler, { [AUTH_REQUIREMENT]: requirement });
}

/** The verified claims of the current request (after requireAuth). */
export function authOf(res: Response): TokenClaims {
  return TokenClaims.parse(res.locals.auth);
}
