import { useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@edicola/contracts';
import { createAdminApi } from './api';
import { Dashboard } from './Dashboard';
import { registerTranslations } from './i18n';
import { LoginPage } from './LoginPage';
import { StaffGuard } from './StaffGuard';
import './admin.css';

registerTranslations();

/** The back office (exposed as mf_admin/AdminApp), mounted by the shell at /gestione/*. */
export default function AdminApp({ config }: RemoteProps) {
  const api = useMemo(() => createAdminApi(config.apiBaseUrl), [config.apiBaseUrl]);
  return (
    <div className="adm-app">
      <Routes>
        <Route path="login" element={<LoginPage api={api} />} />
        <Route index element={<StaffGuard api={api}>{(staff) => <Dashboard staff={staff} />}</StaffGuard>} />
        <Route path="*" element={<Navigate to="/gestione" replace />} />
      </Routes>
    </div>
  );
}
