import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { ConfigError, generateSigningKey } from '@edicola/platform';

export interface SigningKeySource {
  /** JWT_PRIVATE_JWK: a private Ed25519 JWK as JSON. */
  configuredJwk?: string;
  /** Embedded mode only: where a generated key is kept (DATA_DIR/keys). */
  dataDir?: string;
}

export const keyFileOf = (dataDir: string) => path.join(dataDir, 'keys', 'token-signing-key.jwk');

/**
 * The private key (JWK) svc-orders signs every token with (platform's createTokenSigner); the order cancel tokens'
 * key is derived from it too (orders/cancel-token.ts). Configured (JWT_PRIVATE_JWK, a secret of the deployment), or,
 * in the embedded mode, generated on the first start and kept in a file under DATA_DIR that only its
 * owner may read. Distributed mode passes no dataDir: there the key must be configured, so that all
 * replicas sign with the same key and the secret never sits in the database or its backups.
 */
export async function loadSigningKey(source: SigningKeySource): Promise<JWK> {
  if (source.configuredJwk) return withKid(JSON.parse(source.configuredJwk) as JWK);
  if (!source.dataDir) {
    throw new ConfigError([
      'JWT_PRIVATE_JWK is required when svc-orders runs on its own: a private Ed25519 JWK as JSON, the same for ' +
        'every replica (generate one with `npm run staff -- generate-key`)',
    ]);
  }
  return keptKey(keyFileOf(source.dataDir));
}

async function withKid(jwk: JWK): Promise<JWK> {
  return jwk.kid ? jwk : { ...jwk, kid: await calculateJwkThumbprint(jwk) };
}

async function keptKey(file: string): Promise<JWK> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const fresh = await generateSigningKey();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, JSON.stringify(fresh), { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    // Another process wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return JSON.parse(readFileSync(file, 'utf8')) as JWK;
    throw error;
  }
}
