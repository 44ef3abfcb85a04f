import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_FORGOTTEN_PATH, StaffLoginRequest } from '@edicola/contracts';
import { ApiError, usePageTitle } from '@edicola/web-kit';
import type { AdminApi } from '../api';
import { setMustChangePassword } from '../frame/mustChangePassword';
import { readStaffToken, storeStaffToken } from '../staffToken';

/** /gestione/login: staff login by username and password; already logged in → /gestione. */
export function LoginPage({ api }: { api: AdminApi }) {
  const { t } = useTranslation('admin');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ username: boolean; password: boolean }>({
    username: false,
    password: false,
  });
  const [busy, setBusy] = useState(false);

  if (readStaffToken()) return <Navigate to="/gestione" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const credentials = StaffLoginRequest.safeParse({ username, password });
    if (!credentials.success) {
      const empty = { username: !username.trim(), password: !password };
      setMissing(empty);
      setError(t('login.required'));
      document.getElementById(empty.username ? 'adm-username' : 'adm-password')?.focus();
      return;
    }
    setMissing({ username: false, password: false });
    setBusy(true);
    setError(null);
    try {
      const session = await api.auth.login(credentials.data);
      storeStaffToken(session.access_token);
      setMustChangePassword(session.must_change_password);
      navigate('/gestione', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.detail ? failure.detail : t('login.error'));
      setBusy(false);
    }
  };

  return (
    <section className="adm-login" aria-labelledby="adm-login-title">
      <form className="adm-card" onSubmit={submit} noValidate>
        <h1 id="adm-login-title">{t('login.title')}</h1>
        <p className="adm-muted">{t('login.intro')}</p>
        <label htmlFor="adm-username">{t('login.username')}</label>
        <input
          id="adm-username"
          name="username"
          autoComplete="username"
          required
          aria-invalid={missing.username || undefined}
          aria-describedby={error ? 'adm-login-error' : undefined}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <label htmlFor="adm-password">{t('login.password')}</label>
        <input
          id="adm-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={missing.password || undefined}
          aria-describedby={error ? 'adm-login-error' : undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <p id="adm-login-error" className="adm-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="adm-button" disabled={busy}>
          {busy ? t('login.busy') : t('login.submit')}
        </button>
        {/* The storefront's page: the link goes to the address a staff user was given (docs/product/account.md#password-reset). */}
        <p className="adm-muted">
          <Link to={PASSWORD_FORGOTTEN_PATH}>{t('login.forgot')}</Link>
        </p>
      </form>
    </section>
  );
}
