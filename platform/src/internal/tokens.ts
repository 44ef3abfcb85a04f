import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_AUDIENCES } from '../auth';

/**
 * Service-to-service tokens: HS256 JWTs signed with the secret every service of one shop shares
 * (INTERNAL_TOKEN_SECRET), audience `edicola-internal`, issuer the calling service, subject the service
 * called, valid for a minute. Only HS256 is accepted here and HS256 is never accepted for user tokens,
 * so neither kind can pass for the other.
 */
const ALGORITHM = 'HS256';
export const INTERNAL_TOKEN_TTL_SECONDS = 60;
export const MIN_INTERNAL_SECRET_LENGTH = 32;
/** Verified tokens remembered (a few per calling service and minute in practice). */
const VERIFIED_KEPT = 256;

export interface InternalClaims {
  /** The calling service (iss). */
  from: string;
  /** The service called (sub). */
  to: string;
}

export interface InternalTokens {
  sign(from: string, to: string): Promise<string>;
  verify(token: string): Promise<InternalClaims>;
}

export function createInternalTokens(
  secret: string,
  ttlSeconds = INTERNAL_TOKEN_TTL_SECONDS,
): InternalTokens {
  if (secret.length < MIN_INTERNAL_SECRET_LENGTH) {
    throw new Error(`INTERNAL_TOKEN_SECRET must be at least ${MIN_INTERNAL_SECRET_LENGTH} characters`);
  }
  const key = new TextEncoder().encode(secret);
  // A token is good for its whole minute: a caller reuses its token for half of it, and a service remembers the
  // tokens it verified until they expire, so an internal call costs no signature either side (a busy checkout
  // makes one per order).
  const signed = new Map<string, { token: string; renewAt: number }>();
  const verified = new Map<string, { claims: InternalClaims; until: number }>();
  return {
    async sign(from, to) {
      const cacheKey = `${from}\n${to}`;
      const cached = signed.get(cacheKey);
      if (cached && Date.now() < cached.renewAt) return cached.token;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(from)
        .setSubject(to)
        .setAudience(TOKEN_AUDIENCES.internal)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
      if (ttlSeconds > 2) signed.set(cacheKey, { token, renewAt: Date.now() + (ttlSeconds * 1000) / 2 });
      return token;
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && Date.now() < known.until) return known.claims;
      const { payload } = await jwtVerify(token, key, {
        audience: TOKEN_AUDIENCES.internal,
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat', 'iss', 'sub'],
        maxTokenAge: ttlSeconds + 5,
        clockTolerance: 5,
      });
      const claims = { from: payload.iss!, to: payload.sub! };
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, until: Math.min(payload.exp!, payload.iat! + ttlSeconds) * 1000 });
      return claims;
    },
  };
}
