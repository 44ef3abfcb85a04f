import { useEffect, useSyncExternalStore } from 'react';

// The counter as an installable app (docs/decisions/0045-counter-screen.md): the back office's pages link the
// counter's manifest and register its service worker, which keeps the counter's shell for the times the shop's
// connection drops. The files are served by the storefront server (launcher/src/web.ts).

export const COUNTER_MANIFEST = '/gestione/cassa.webmanifest';
export const COUNTER_WORKER = '/gestione/sw.js';

/** Links the manifest while the back office is open, and registers the worker once. */
export function useCounterApp() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = COUNTER_MANIFEST;
    document.head.append(link);
    // Not in tests (jsdom has none) nor on a plain-http address other than localhost (browsers refuse it there).
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker.register(COUNTER_WORKER, { scope: '/gestione/' }).catch(() => undefined);
    }
    return () => link.remove();
  }, []);
}

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser says it has a connection, kept current. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
