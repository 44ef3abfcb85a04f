import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_FORGOTTEN_PATH } from '@edicola/contracts';
import { ApiError, usePageTitle } from '@edicola/web-kit';
import type { AccountApi } from '../api';
import { useSession, type CustomerSession } from '../session';
import { RequiredField } from '../ui/RequiredField';

type LoginField = 'email' | 'password';

/** /accedi: customer login by e-mail and password; already logged in → /profilo. */
export function LoginPage({ api, session }: { api: AccountApi; session: CustomerSession }) {
  const { t } = useTranslation('account');
  usePageTitle(t('login.title'));
  const state = useSession(session);
  const arrival = useLocation().state as { registered?: boolean; passwordReset?: boolean } | null;
  const [values, setValues] = useState({ email: '', password: '' });
  const [missing, setMissing] = useState<LoginField[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.status === 'customer') return <Navigate to="/profilo" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = (['email', 'password'] as const).filter((field) => !values[field].trim());
    setMissing(empty);
    setError(null);
    if (empty.length > 0) {
      document.getElementById(`acct-login-${empty[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.login({ email: values.email.trim(), password: values.password });
      await session.login(answer.access_token);
      if (session.getState().status !== 'customer') throw new Error('profile not loaded');
    } catch (failure) {
      setError(failure instanceof ApiError && failure.detail ? failure.detail : t('login.error'));
      setBusy(false);
    }
  };

  const field = (name: LoginField, type: string, autoComplete: string) => (
    <RequiredField
      id={`acct-login-${name}`}
      name={name}
      label={t(`fields.${name}`)}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      error={missing.includes(name) ? t('errors.required') : null}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setMissing((current) => current.filter((other) => other !== name));
      }}
    />
  );

  return (
    <section className="acct-page" aria-labelledby="acct-login-title">
      <form className="acct-card" onSubmit={submit} noValidate>
        <h1 id="acct-login-title">{t('login.title')}</h1>
        {arrival?.registered === true && (
          <p className="acct-success" role="status">
            {t('register.success')}
          </p>
        )}
        {arrival?.passwordReset === true && (
          <p className="acct-success" role="status">
            {t('login.passwordReset')}
          </p>
        )}
        <p className="acct-muted">{t('login.intro')}</p>
        {field('email', 'email', 'email')}
        {field('password', 'password', 'current-password')}
        <p className="acct-alt">
          <Link to={PASSWORD_FORGOTTEN_PATH}>{t('login.forgotLink')}</Link>
        </p>
        {error && (
          <p className="acct-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="acct-button" disabled={busy || state.status === 'checking'}>
          {busy ? t('login.busy') : t('login.submit')}
        </button>
        <p className="acct-alt">
          {t('login.noAccount')} <Link to="/registrati">{t('login.registerLink')}</Link>
        </p>
      </form>
    </section>
  );
}
