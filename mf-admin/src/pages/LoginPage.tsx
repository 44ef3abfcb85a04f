import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, PASSWORD_FORGOTTEN_PATH, StaffLoginRequest } from '@edicola/contracts';
import { ApiError, usePageTitle } from '@edicola/web-kit';
import type { AdminApi } from '../api';
import type { StaffSession } from '../api/auth';
import { setMustChangePassword } from '../frame/mustChangePassword';
import { readStaffToken, storeStaffToken } from '../staffToken';

/**
 * /gestione/login: staff login by username and password, then, for an account with two factors, the 6-digit
 * code of the authenticator app (or a recovery code); already logged in → /gestione.
 */
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
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  if (readStaffToken()) return <Navigate to="/gestione" replace />;

  const signIn = (session: StaffSession) => {
    storeStaffToken(session.access_token);
    setMustChangePassword(session.must_change_password);
    navigate('/gestione', { replace: true });
  };
  const failed = (failure: unknown) => {
    setError(failure instanceof ApiError && failure.detail ? failure.detail : t('login.error'));
    setBusy(false);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    if (!code.trim()) {
      setError(t('login.codeRequired'));
      document.getElementById('adm-code')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      signIn(await api.auth.loginSecondStep(challenge, code));
    } catch (failure) {
      // An expired challenge starts over from the password.
      if (failure instanceof ApiError && failure.code === ERROR_CODES.challengeExpired) setChallenge(null);
      failed(failure);
    }
  };

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
      const answer = await api.auth.login(credentials.data);
      if ('two_factor_required' in answer) {
        setChallenge(answer.challenge_token);
        setPassword('');
        setBusy(false);
        return;
      }
      signIn(answer);
    } catch (failure) {
      failed(failure);
    }
  };

  if (challenge) {
    return (
      <section className="adm-login" aria-labelledby="adm-login-title">
        <form className="adm-card" onSubmit={submitCode} noValidate>
          <h1 id="adm-login-title">{t('login.codeTitle')}</h1>
          <p className="adm-muted" id="adm-code-help">
            {t('login.codeIntro')}
          </p>
          <label htmlFor="adm-code">{t('login.code')}</label>
          <input
            id="adm-code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            required
            aria-describedby={error ? 'adm-code-help adm-login-error' : 'adm-code-help'}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          {error && (
            <p id="adm-login-error" className="adm-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="adm-button" disabled={busy}>
            {busy ? t('login.busy') : t('login.codeSubmit')}
          </button>
          <p className="adm-muted">
            <button
              type="button"
              className="adm-link-button"
              onClick={() => {
                setChallenge(null);
                setCode('');
                setError(null);
              }}
            >
              {t('login.codeBack')}
            </button>
          </p>
        </form>
      </section>
    );
  }

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
