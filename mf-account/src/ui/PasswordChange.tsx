import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@edicola/web-kit';
import type { AccountApi } from '../api';
import {
  emptyPasswordForm,
  validatePasswordForm,
  type PasswordField,
  type PasswordFormValues,
} from '../passwordForm';
import type { FieldError } from '../accountForm';
import type { CustomerSession } from '../session';
import { RequiredField } from './RequiredField';

const FIELDS: { name: PasswordField; label: string; autoComplete: string }[] = [
  { name: 'old_password', label: 'password.old', autoComplete: 'current-password' },
  { name: 'new_password', label: 'password.new', autoComplete: 'new-password' },
  { name: 'confirm', label: 'password.confirm', autoComplete: 'new-password' },
];

/**
 * /profilo's password change: the current password and the new one twice. The server ends every other session
 * of the account and answers a fresh token for this one, which replaces the stored token.
 */
export function PasswordChange({
  api,
  session,
  token,
}: {
  api: AccountApi;
  session: CustomerSession;
  token: string;
}) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<PasswordFormValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, FieldError>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const found = validatePasswordForm(values);
    setErrors(found);
    setServerError(null);
    const first = FIELDS.find(({ name }) => found[name]);
    if (first) {
      document.getElementById(`acct-password-${first.name}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.changePassword(token, {
        old_password: values.old_password,
        new_password: values.new_password,
      });
      setValues(null);
      setChanged(true);
      session.renewed(answer.access_token);
    } catch (failure) {
      setServerError(failure instanceof ApiError && failure.detail ? failure.detail : t('password.error'));
      if (failure instanceof ApiError && failure.status === 401) session.refused(failure);
    } finally {
      setBusy(false);
    }
  };

  if (!values) {
    return (
      <section className="acct-card acct-card-wide acct-details" aria-labelledby="acct-password-title">
        <h2 id="acct-password-title">{t('password.title')}</h2>
        {changed && (
          <p className="acct-success" role="status">
            {t('password.changed')}
          </p>
        )}
        <button
          type="button"
          className="acct-button acct-button-light"
          onClick={() => {
            setValues(emptyPasswordForm);
            setErrors({});
            setServerError(null);
            setChanged(false);
          }}
        >
          {t('password.open')}
        </button>
      </section>
    );
  }

  return (
    <section className="acct-card acct-card-wide acct-details" aria-labelledby="acct-password-title">
      <form onSubmit={submit} noValidate>
        <h2 id="acct-password-title">{t('password.title')}</h2>
        <p className="acct-muted acct-small">{t('password.hint')}</p>
        {FIELDS.map(({ name, label, autoComplete }) => (
          <RequiredField
            key={name}
            id={`acct-password-${name}`}
            name={name}
            label={t(label)}
            type="password"
            autoComplete={autoComplete}
            value={values[name]}
            error={errors[name] ? t(`errors.${errors[name]}`) : null}
            onChange={(value) => {
              setValues((current) => current && { ...current, [name]: value });
              setErrors(({ [name]: _fixed, ...rest }) => rest);
            }}
          />
        ))}
        {serverError && (
          <p className="acct-error" role="alert">
            {serverError}
          </p>
        )}
        <div className="acct-actions">
          <button type="submit" className="acct-button" disabled={busy}>
            {busy ? t('password.saving') : t('password.submit')}
          </button>
          <button type="button" className="acct-button acct-button-light" onClick={() => setValues(null)}>
            {t('password.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
