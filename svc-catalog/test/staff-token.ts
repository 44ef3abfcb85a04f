import {
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
  type TokenVerifier,
} from '@edicola/platform';

export interface Tokens {
  verifier: TokenVerifier;
  admin: string;
  staff: string;
  customer: string;
}

/** A real key pair: tokens signed as svc-orders signs them, checked by the service under test. */
export async function makeTokens(): Promise<Tokens> {
  const signer = await generateSigningKey().then(createTokenSigner);
  return {
    verifier: localKeySetVerifier(signer.publicKeySet),
    admin: await signer.sign({ sub: 'u-admin', kind: 'staff', role: 'admin', name: 'admin' }, 600),
    staff: await signer.sign({ sub: 'u-staff', kind: 'staff', role: 'staff', name: 'commesso' }, 600),
    customer: await signer.sign({ sub: 'c-1', kind: 'customer', role: 'customer', name: 'mario' }, 600),
  };
}
