import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, PrivacyNotice, usePageTitle } from '@edicola/web-kit';
import { AccountFields, focusFirstError } from '../ui/AccountFields';
import {
  emptyAccountForm,
  registrationPayload,
  validateAccountForm,
  type AccountField,
  type AccountFormValues,
  type FieldError,
} from '../accountForm';
import type { AccountApi } from '../api';
import type { TipoCliente } from '@edicola/contracts';
import { useSession, type CustomerSession } from '../session';

/**
 * /registrati: private or company registration (docs/product/account.md#registration), then /accedi with the
 * success message; already logged in → /profilo.
 */
export function RegisterPage({ api, session }: { api: AccountApi; session: CustomerSession }) {
  const { t } = useTranslation('account');
  usePageTitle(t('register.title'));
  const state = useSession(session);
  const navigate = useNavigate();
  const [values, setValues] = useState<AccountFormValues>(() => emptyAccountForm());
  const [errors, setErrors] = useState<Partial<Record<AccountField, FieldError>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.status === 'customer') return <Navigate to="/profilo" replace />;

  const change = (field: AccountField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const switchType = (tipo_cliente: TipoCliente) => {
    setValues((current) => ({ ...current, tipo_cliente }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccountForm(values, true);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(values, found, true);
      return;
    }
    setBusy(true);
    try {
      await api.register(registrationPayload(values));
      navigate('/accedi', { state: { registered: true } });
    } catch (failure) {
      setServerError(failure instanceof ApiError && failure.detail ? failure.detail : t('register.error'));
      setBusy(false);
    }
  };

  return (
    <section className="acct-page" aria-labelledby="acct-register-title">
      <form className="acct-card acct-card-wide" onSubmit={submit} noValidate>
        <h1 id="acct-register-title">{t('register.title')}</h1>
        <p className="acct-muted">{t('register.intro')}</p>
        <p className="acct-muted acct-small">{t('form.requiredNote')}</p>
        <fieldset className="acct-fieldset acct-type">
          <legend>{t('fields.tipo_cliente')}</legend>
          <div className="acct-switch">
            {(['privato', 'azienda'] as const).map((tipo) => (
              <label key={tipo} className={values.tipo_cliente === tipo ? 'acct-switch-on' : undefined}>
                <input
                  type="radio"
                  name="tipo_cliente"
                  value={tipo}
                  checked={values.tipo_cliente === tipo}
                  onChange={() => switchType(tipo)}
                />
                {t(`type.${tipo}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <AccountFields values={values} errors={errors} withCredentials onChange={change} />
        {serverError && (
          <p className="acct-error" role="alert">
            {serverError}
          </p>
        )}
        <PrivacyNotice
          className="acct-muted acct-small"
          notice={t('register.privacyNotice')}
          link={t('register.privacyLink')}
          newTab={t('register.newTab')}
        />
        <button type="submit" className="acct-button" disabled={busy}>
          {busy ? t('register.busy') : t('register.submit')}
        </button>
        <p className="acct-alt">
          {t('register.haveAccount')} <Link to="/accedi">{t('register.loginLink')}</Link>
        </p>
      </form>
    </section>
  );
}
