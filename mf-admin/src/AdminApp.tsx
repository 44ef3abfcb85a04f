import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@edicola/contracts';
import { createAdminApi } from './api';
import { BackOffice } from './frame/BackOffice';
import { registerTranslations } from './i18n';
import { LoginPage } from './pages/LoginPage';
import { StaffGuard } from './frame/StaffGuard';
import { clearStaffToken } from './staffToken';
import './admin.css';

registerTranslations();

/** The back office (exposed as mf_admin/AdminApp), mounted by the shell at /gestione/*. */
export default function AdminApp({ config }: RemoteProps) {
  const api = useMemo(
    () =>
      createAdminApi(config.apiBaseUrl, {
        // The API refused the stored token (expired, ended elsewhere): forget it and tell StaffGuard,
        // which sends the browser to the login page as it does for a logout in another tab.
        onUnauthorized: () => {
          clearStaffToken();
          window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: null }));
        },
      }),
    [config.apiBaseUrl],
  );
  return (
    <div className="adm-app">
      <Routes>
        <Route path="login" element={<LoginPage api={api} />} />
        <Route
          path="*"
          element={
            <StaffGuard api={api}>
              {(staff) => (
                <BackOffice
                  api={api}
                  staff={staff}
                  mediaBaseUrl={config.mediaBaseUrl}
                  demo={config.demoMode}
                />
              )}
            </StaffGuard>
          }
        />
      </Routes>
    </div>
  );
}
