import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_FORGOTTEN_PATH } from '@edicola/contracts';
import { failureText, usePageTitle } from '@edicola/web-kit';
import type { AccountApi } from '../api';
import type { FieldError } from '../accountForm';
import {
  emptyNewPassword,
  validateNewPassword,
  type NewPasswordField,
  type NewPasswordValues,
} from '../passwordForm';
import { RequiredField } from '../ui/RequiredField';

const FIELDS: { name: NewPasswordField; label: string }[] = [
  { name: 'new_password', label: 'reset.new' },
  { name: 'confirm', label: 'reset.confirm' },
];

/** Where a staff user signs in again after a reset. */
const BACK_OFFICE_LOGIN = '/gestione';

/**
 * /reimposta-password?token=…: the page of the reset e-mail's link (docs/product/account.md#password-reset): the new
 * password twice, shown or hidden. A customer goes on to /accedi, a staff user to the back office's sign-in.
 */
export function ResetPasswordPage({ api }: { api: AccountApi }) {
  const { t } = useTranslation('account');
  usePageTitle(t('reset.title'));
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [values, setValues] = useState<NewPasswordValues>(emptyNewPassword);
  const [errors, setErrors] = useState<Partial<Record<NewPasswordField, FieldError>>>({});
  const [visible, setVisible] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [staffDone, setStaffDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword(values);
    setErrors(found);
    setServerError(null);
    const first = FIELDS.find(({ name }) => found[name]);
    if (first) {
      document.getElementById(`acct-reset-${first.name}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const done = await api.confirmPasswordReset({ token, password: values.new_password });
      if (done.account === 'customer') {
        void navigate('/accedi', { replace: true, state: { passwordReset: true } });
        return;
      }
      setStaffDone(true);
    } catch (failure) {
      setServerError(failureText(failure, t('reset.error')));
    }
    setBusy(false);
  };

  const askAgain = (
    <p className="acct-alt">
      <Link to={PASSWORD_FORGOTTEN_PATH}>{t('reset.askAgain')}</Link>
    </p>
  );

  if (!token || staffDone) {
    return (
      <section className="acct-page" aria-labelledby="acct-reset-title">
        <div className="acct-card">
          <h1 id="acct-reset-title">{t('reset.title')}</h1>
          {staffDone ? (
            <>
              <p className="acct-success" role="status">
                {t('reset.done')}
              </p>
              <p className="acct-alt">
                <a href={BACK_OFFICE_LOGIN}>{t('reset.staffSignIn')}</a>
              </p>
            </>
          ) : (
            <>
              <p className="acct-error" role="alert">
                {t('reset.noToken')}
              </p>
              {askAgain}
            </>
          )}
        </div>
      </section>
    );
  }

  return (
    <section className="acct-page" aria-labelledby="acct-reset-title">
      <form className="acct-card" onSubmit={submit} noValidate>
        <h1 id="acct-reset-title">{t('reset.title')}</h1>
        <p className="acct-muted">{t('reset.intro')}</p>
        {FIELDS.map(({ name, label }) => (
          <RequiredField
            key={name}
            id={`acct-reset-${name}`}
            name={name}
            label={t(label)}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            value={values[name]}
            error={errors[name] ? t(`errors.${errors[name]}`) : null}
            onChange={(value) => {
              setValues((current) => ({ ...current, [name]: value }));
              setErrors(({ [name]: _fixed, ...rest }) => rest);
            }}
          />
        ))}
        <button
          type="button"
          className="acct-button acct-button-light"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t('reset.hide') : t('reset.show')}
        </button>
        {serverError && (
          <p className="acct-error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="acct-button" disabled={busy}>
          {busy ? t('reset.busy') : t('reset.submit')}
        </button>
        {serverError && askAgain}
      </form>
    </section>
  );
}
