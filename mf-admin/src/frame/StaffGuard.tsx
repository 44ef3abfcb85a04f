import { useEffect, useState, type ReactNode } from 'react';
import { useLoad } from '@edicola/web-kit';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@edicola/contracts';
import type { AdminApi } from '../api';
import { clearStaffToken, readStaffToken } from '../staffToken';

/**
 * Lets through only a staff member whose stored token GET /api/auth/me accepts; otherwise the tokens
 * are removed and the browser goes to /gestione/login (docs/product/account.md#staff-sessions), also when
 * another tab logs out.
 */
export function StaffGuard({ api, children }: { api: AdminApi; children: (staff: StaffMe) => ReactNode }) {
  const { t } = useTranslation('admin');
  const [token] = useState(() => readStaffToken());
  const [loggedOut, setLoggedOut] = useState(false);
  const me = useLoad<StaffMe | null>(async () => {
    if (!token) return null;
    try {
      return await api.auth.me(token);
    } catch {
      clearStaffToken();
      return null;
    }
  }, token ?? '');

  // Logged out in another tab: this one follows.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === null || event.key === 'access_token') && !readStaffToken()) {
        setLoggedOut(true);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (!token || loggedOut || me.data === null) return <Navigate to="/gestione/login" replace />;
  if (!me.data) {
    return (
      <p className="adm-status" role="status">
        {t('guard.checking')}
      </p>
    );
  }
  return <>{children(me.data)}</>;
}
