import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { ShellApi } from './api';

/** sessionStorage key of the visit-tracking session id (docs/product/storefront.md#visits). */
export const VISIT_SESSION_KEY = 'visit_session_id';

export function visitSessionId(storage: Storage = window.sessionStorage): string {
  try {
    const saved = storage.getItem(VISIT_SESSION_KEY);
    if (saved) return saved;
    const created = crypto.randomUUID();
    storage.setItem(VISIT_SESSION_KEY, created);
    return created;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * POST /analytics/visit on every route change, after the page rendered and its title was set; it never
 * blocks rendering and its failures are ignored.
 */
export function useVisitTracking(api: ShellApi) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      api
        .trackVisit({
          page_url: `${pathname}${search}`,
          page_title: document.title,
          referrer: document.referrer,
          session_id: visitSessionId(),
        })
        .catch(() => undefined);
    }, 0);
    return () => clearTimeout(timer);
  }, [api, pathname, search]);
}
