import { createTokenSigner, generateSigningKey, type Db, type TokenSigner } from '@edicola/platform';
import type { JWK } from 'jose';
import { asc } from 'drizzle-orm';
import { signingKeys } from './db/schema';

/**
 * The token signer: from JWT_PRIVATE_JWK when given (production secret), else the key kept in the
 * database, created on first start; every replica then signs with the same key.
 */
export async function loadTokenSigner(db: Db, configuredJwk?: string): Promise<TokenSigner> {
  if (configuredJwk) return createTokenSigner(JSON.parse(configuredJwk) as JWK);
  const oldest = () => db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  let [stored] = await oldest();
  if (!stored) {
    const fresh = await generateSigningKey();
    await db.insert(signingKeys).values({ kid: fresh.kid!, privateJwk: fresh }).onConflictDoNothing();
    // Two replicas starting together may both insert; all of them use the oldest key.
    [stored] = await oldest();
  }
  return createTokenSigner(stored!.privateJwk as JWK);
}
