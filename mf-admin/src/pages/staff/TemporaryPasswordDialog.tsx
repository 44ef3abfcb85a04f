import { useTranslation } from 'react-i18next';
import type { StaffTemporaryPassword } from '@edicola/contracts';
import { Dialog } from '../../ui/Dialog';

/** The temporary password, shown this once: the user changes it at the next login. */
export function TemporaryPasswordDialog({
  shown,
  onClose,
}: {
  shown: StaffTemporaryPassword;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog title={t('staff.temporaryTitle', { username: shown.account.username })} onClose={onClose}>
      <p>{t('staff.temporaryIntro')}</p>
      <p>
        <code className="adm-secret" data-testid="temporary-password">
          {shown.temporary_password}
        </code>
      </p>
      <div className="adm-actions">
        <button type="button" className="adm-button" onClick={onClose}>
          {t('staff.temporaryDone')}
        </button>
      </div>
    </Dialog>
  );
}
