import { useSyncExternalStore } from 'react';
import { CUSTOMER_TOKEN_KEY } from '@edicola/contracts';
import { onDomEvent } from '@edicola/web-kit';

const signedIn = () => window.localStorage.getItem(CUSTOMER_TOKEN_KEY) !== null;

function subscribe(changed: () => void): () => void {
  const stopSession = onDomEvent('edicola:customer-session', changed);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CUSTOMER_TOKEN_KEY) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopSession();
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether a customer is signed in, as far as the shell can tell: a token is kept (mf-account checks it on load
 * and drops a refused one, announcing it with edicola:customer-session, in this tab or another).
 */
export function useCustomerSignedIn(): boolean {
  return useSyncExternalStore(subscribe, signedIn, () => false);
}
