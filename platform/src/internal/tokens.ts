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
  return {
    sign(from, to) {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(from)
        .setSubject(to)
        .setAudience(TOKEN_AUDIENCES.internal)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        audience: TOKEN_AUDIENCES.internal,
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat', 'iss', 'sub'],
        maxTokenAge: ttlSeconds + 5,
        clockTolerance: 5,
      });
      return { from: payload.iss!, to: payload.sub! };
    },
  };
}
