import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { JWK } from 'jose';
import { ERROR_CODES } from '@edicola/contracts';
import { unauthorized } from '@edicola/platform';

/** How long the second step of a login may wait after the password. */
export const CHALLENGE_TTL_SECONDS = 300;

export const CHALLENGE_EXPIRED = 'Accesso scaduto: inserisci di nuovo username e password';

export const challengeExpired = () => unauthorized(CHALLENGE_EXPIRED, ERROR_CODES.challengeExpired);

/** Whose password was right, and the session version it was right for. */
export interface ChallengeClaim {
  sub: string;
  sv: number;
}

/**
 * The keys of the admins' second factor (docs/decisions/0062-staff-accounts-and-two-factor.md), derived (HKDF)
 * from svc-orders' signing key like the order tokens (orders/cancel-token.ts): the TOTP secrets are kept
 * encrypted with AES-256-GCM, and the challenge between the password and the code is HMAC-signed. A new signing
 * key leaves the secrets unreadable: those admins sign in with a recovery code, or another admin resets them.
 */
export function twoFactorKeys(signingKey: JWK) {
  if (typeof signingKey.d !== 'string') throw new Error('the signing key has no private part');
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(signingKey.d!, 'base64url'), 'edicola', info, 32));
  const secretKey = derive('staff totp secret');
  const challengeKey = derive('staff two-factor challenge');
  const mac = (payload: string) => createHmac('sha256', challengeKey).update(payload).digest();

  return {
    /** `v1.iv.tag.ciphertext`, base64url. */
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
    },

    /** The secret, or null when it was sealed under another key (or altered). */
    open(sealed: string): string | null {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },

    challengeFor(claim: ChallengeClaim, now = Date.now()): string {
      const payload = Buffer.from(
        JSON.stringify({ ...claim, exp: Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS }),
      ).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },

    /** The claim of a challenge this key signed and that has not expired; else 401. */
    readChallenge(token: string, now = Date.now()): ChallengeClaim {
      const [payload, signature] = token.split('.');
      const given = Buffer.from(signature ?? '', 'base64url');
      const expected = mac(payload ?? '');
      if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw challengeExpired();
      const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ChallengeClaim & {
        exp: number;
      };
      if (claim.exp * 1000 <= now) throw challengeExpired();
      return { sub: claim.sub, sv: claim.sv };
    },
  };
}

export type TwoFactorKeys = ReturnType<typeof twoFactorKeys>;
