import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@edicola/contracts';
import { clearStaffToken } from './staffToken';

/** /gestione: the back-office frame (the tabs come in a later issue). */
export function Dashboard({ staff }: { staff: StaffMe }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const logout = () => {
    clearStaffToken();
    navigate('/gestione/login', { replace: true });
  };
  return (
    <section className="adm-dashboard" aria-labelledby="adm-title">
      <div className="adm-bar">
        <p className="adm-user">
          {t('dashboard.loggedInAs')} <strong data-testid="staff-username">{staff.username}</strong>
        </p>
        <button type="button" className="adm-button adm-button-light" onClick={logout}>
          {t('dashboard.logout')}
        </button>
      </div>
      <h1 id="adm-title">{t('dashboard.title')}</h1>
      <p>{t('dashboard.welcome', { username: staff.username })}</p>
    </section>
  );
}
