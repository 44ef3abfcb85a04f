import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@edicola/contracts';
import type { AdminApi } from './api';
import { clearStaffToken, readStaffToken } from './staffToken';

type Session = { status: 'checking' } | { status: 'denied' } | { status: 'ok'; staff: StaffMe };

/**
 * Lets through only a staff member whose stored token GET /api/auth/me accepts; otherwise the tokens
 * are removed and the browser goes to /gestione/login (docs/product/account.md#staff-sessions), also when
 * another tab logs out.
 */
export function StaffGuard({ api, children }: { api: AdminApi; children: (staff: StaffMe) => ReactNode }) {
  const { t } = useTranslation('admin');
  const [token] = useState(() => readStaffToken());
  const [session, setSession] = useState<Session>(() =>
    token ? { status: 'checking' } : { status: 'denied' },
  );

  useEffect(() => {
    if (!token) return;
    let active = true;
    api.auth.me(token).then(
      (staff) => {
        if (active) setSession({ status: 'ok', staff });
      },
      () => {
        clearStaffToken();
        if (active) setSession({ status: 'denied' });
      },
    );
    return () => {
      active = false;
    };
  }, [api, token]);

  // Logged out in another tab: this one follows.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === null || event.key === 'access_token') && !readStaffToken()) {
        setSession({ status: 'denied' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (session.status === 'denied') return <Navigate to="/gestione/login" replace />;
  if (session.status === 'checking') {
    return (
      <p className="adm-status" role="status">
        {t('guard.checking')}
      </p>
    );
  }
  return <>{children(session.staff)}</>;
}
