import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffAccountCreate, StaffRole, type StaffTemporaryPassword } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';

/** A new staff account: username and role; the server answers its temporary password. */
export function NewAccountDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: StaffTemporaryPassword) => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { username: useId(), role: useId(), help: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = StaffAccountCreate.safeParse({ username, role });
    if (!input.success) {
      setError(t('staff.usernameRule'));
      document.getElementById(ids.username)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onCreated(await api.staff.create(input.data));
    } catch (failure) {
      setError(failureText(failure, t('staff.saveError')));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('staff.new')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={ids.username}>{t('staff.username')}</label>
        <input
          id={ids.username}
          autoComplete="off"
          required
          aria-describedby={ids.help}
          aria-invalid={error ? true : undefined}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <p id={ids.help} className="adm-muted">
          {t('staff.usernameRule')}
        </p>
        <label htmlFor={ids.role}>{t('staff.role')}</label>
        <select id={ids.role} value={role} onChange={(event) => setRole(StaffRole.parse(event.target.value))}>
          {StaffRole.options.map((option) => (
            <option key={option} value={option}>
              {t(`roles.${option}`)}
            </option>
          ))}
        </select>
        <p className="adm-muted">{t(`staff.roleHelp.${role}`)}</p>
        <DialogActions error={error} onCancel={onClose} submitLabel={t('staff.create')} disabled={busy} />
      </form>
    </Dialog>
  );
}
