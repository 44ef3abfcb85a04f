import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminApi } from '../api';
import { storeStaffToken } from '../staffToken';
import { failureText } from '@edicola/web-kit';

/** The minimum length of a password (docs/product/constants.md#field-limits). */
const MIN_LENGTH = 6;

/** Old, new and confirmation; PUT /api/auth/password; a new token in the answer replaces the stored one. */
export function PasswordForm({
  api,
  onDone,
  onCancel,
}: {
  api: AdminApi;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next || !confirm) return setError(t('password.required'));
    if (next !== confirm) return setError(t('password.mismatch'));
    if (next.length < MIN_LENGTH) return setError(t('password.tooShort'));
    setBusy(true);
    setError(null);
    try {
      const token = await api.auth.changePassword({ old_password: current, new_password: next });
      if (token) storeStaffToken(token);
      onDone();
    } catch (failure) {
      setError(failureText(failure, t('password.error')));
      setBusy(false);
    }
  };

  const field = (name: string, label: string, value: string, set: (v: string) => void, auto: string) => (
    <>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={auto}
        value={value}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </>
  );

  return (
    <form className="adm-form" onSubmit={submit} noValidate>
      {field('old', t('password.old'), current, setCurrent, 'current-password')}
      {field('new', t('password.new'), next, setNext, 'new-password')}
      {field('confirm', t('password.confirm'), confirm, setConfirm, 'new-password')}
      {error && (
        <p id={`${id}-error`} className="adm-error" role="alert">
          {error}
        </p>
      )}
      <div className="adm-actions">
        {onCancel && (
          <button type="button" className="adm-button adm-button-light" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
        <button type="submit" className="adm-button" disabled={busy}>
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}
