import { createTokenSigner, generateSigningKey, localKeySetVerifier, type TokenVerifier } from '../auth';

export interface TestTokens {
  verifier: TokenVerifier;
  admin: string;
  staff: string;
  customer: string;
}

/** A real key pair: staff and customer tokens signed as svc-orders signs them, checked by the service under test. */
export async function makeTokens(): Promise<TestTokens> {
  const signer = await generateSigningKey().then(createTokenSigner);
  return {
    verifier: localKeySetVerifier(signer.publicKeySet),
    admin: await signer.sign({ sub: 'u-admin', kind: 'staff', role: 'admin', name: 'admin' }, 600),
    staff: await signer.sign({ sub: 'u-staff', kind: 'staff', role: 'staff', name: 'commesso' }, 600),
    customer: await signer.sign({ sub: 'c-1', kind: 'customer', role: 'customer', name: 'mario' }, 600),
  };
}
