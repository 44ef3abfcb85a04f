import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { failureText, pageLanguage, usePageTitle } from '@edicola/web-kit';
import type { AccountApi } from '../api';
import { isEmailAddress } from '../accountForm';
import { RequiredField } from '../ui/RequiredField';

/**
 * /password-dimenticata: the e-mail address to send the reset link to (docs/product/account.md#password-reset). The
 * answer is the same whether the address has an account or not, and so is what the page says.
 */
export function ForgotPasswordPage({ api }: { api: AccountApi }) {
  const { t } = useTranslation('account');
  usePageTitle(t('forgot.title'));
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<'required' | 'email' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = 'acct-forgot-email';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !email.trim() ? 'required' : isEmailAddress(email.trim()) ? null : 'email';
    setInvalid(problem);
    setError(null);
    if (problem) {
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.requestPasswordReset({ email: email.trim(), language: pageLanguage() });
      setSent(true);
    } catch (failure) {
      setError(failureText(failure, t('forgot.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acct-page" aria-labelledby="acct-forgot-title">
      <form className="acct-card" onSubmit={submit} noValidate>
        <h1 id="acct-forgot-title">{t('forgot.title')}</h1>
        {sent ? (
          <p className="acct-success" role="status">
            {t('forgot.sent')}
          </p>
        ) : (
          <>
            <p className="acct-muted">{t('forgot.intro')}</p>
            <RequiredField
              id={id}
              name="email"
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              value={email}
              error={invalid ? t(`errors.${invalid}`) : null}
              onChange={(value) => {
                setEmail(value);
                setInvalid(null);
              }}
            />
            {error && (
              <p className="acct-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="acct-button" disabled={busy}>
              {busy ? t('forgot.busy') : t('forgot.submit')}
            </button>
          </>
        )}
        <p className="acct-alt">
          <Link to="/accedi">{t('forgot.back')}</Link>
        </p>
      </form>
    </section>
  );
}
