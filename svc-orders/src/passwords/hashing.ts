import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * OWASP's current minimum for argon2id: 19 MiB of memory, 2 iterations, parallelism 1 (about 30 ms here).
 * The PHC string it produces (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) carries its own parameters.
 */
const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** True when the hash was made with other (older) parameters: rehash after the next successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) return verify(stored, password).catch(() => false);
  if (stored.startsWith('scrypt$')) return verifyLegacyScrypt(password, stored);
  return false;
}

// Hashes made before argon2id: `scrypt$N$r$p$salt$hash` (N=2^15), verified until their owner logs in again.
async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, expectedBase64] = stored.split('$');
  const N = Number(n);
  if (!salt || !expectedBase64 || !Number.isInteger(N) || N > 2 ** 17) return false;
  const expected = Buffer.from(expectedBase64, 'base64');
  const key = await new Promise<Buffer>((resolve, reject) =>
    scryptCallback(
      password,
      Buffer.from(salt, 'base64'),
      expected.length,
      { N, r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 },
      (err, derived) => (err ? reject(err) : resolve(derived)),
    ),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Verifying against a throwaway hash when the account is unknown makes that answer as slow as a wrong
// password for a real account.
let dummyHash: Promise<string> | undefined;

export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(generatePassword());
  await verifyPassword(password, await dummyHash);
}

/** A password for a generated account: 18 characters, unambiguous. */
export function generatePassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}
