import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, usePageTitle } from '@edicola/web-kit';
import { AccountFields, focusFirstError } from '../ui/AccountFields';
import {
  formFromCustomer,
  profileUpdate,
  validateAccountForm,
  type AccountField,
  type AccountFormValues,
  type FieldError,
} from '../accountForm';
import type { AccountApi } from '../api';
import { displayName, type Customer } from '../customer';
import { MyData } from '../ui/MyData';
import { MyGiftCards } from '../ui/MyGiftCards';
import { OrdersList } from '../ui/OrdersList';
import { PasswordChange } from '../ui/PasswordChange';
import { useSession, type CustomerSession } from '../session';

interface PageProps {
  api: AccountApi;
  session: CustomerSession;
}

/**
 * Renders its content only for a logged-in customer: while the stored token is checked it says so;
 * without one it sends the visitor to /accedi, or home right after 'Esci'.
 */
function CustomerOnly({
  session,
  children,
}: {
  session: CustomerSession;
  children: (token: string, customer: Customer) => React.ReactNode;
}) {
  const { t } = useTranslation('account');
  const state = useSession(session);
  if (state.status === 'anonymous') return <Navigate to={state.loggedOut ? '/' : '/accedi'} replace />;
  if (state.status === 'checking') {
    return (
      <p className="acct-status acct-page" role="status">
        {t('session.checking')}
      </p>
    );
  }
  return <>{children(state.token, state.customer)}</>;
}

/** /profilo: who the customer is, their data (editable), 'I Miei Ordini' and 'I miei dati'. */
export function ProfilePage({ api, session }: PageProps) {
  const { t } = useTranslation('account');
  usePageTitle(t('profile.title'));
  return (
    <CustomerOnly session={session}>
      {(token, customer) => (
        <div className="acct-page acct-profile">
          <div className="acct-profile-head">
            <div>
              <p className="acct-muted">{t('profile.greeting')}</p>
              <h1 data-testid="profile-name">{displayName(customer)}</h1>
            </div>
            <button
              type="button"
              className="acct-button acct-button-light"
              onClick={() => void session.logout()}
            >
              {t('profile.logout')}
            </button>
          </div>
          <ProfileDetails api={api} session={session} token={token} customer={customer} />
          <PasswordChange api={api} session={session} token={token} />
          <OrdersList api={api} session={session} token={token} level={2} />
          <MyGiftCards api={api} session={session} token={token} />
          <MyData api={api} session={session} token={token} />
        </div>
      )}
    </CustomerOnly>
  );
}

/** /ordini/storico: the same orders list, on its own page. */
export function OrderHistoryPage({ api, session }: PageProps) {
  const { t } = useTranslation('account');
  usePageTitle(t('orders.title'));
  return (
    <CustomerOnly session={session}>
      {(token) => (
        <div className="acct-page acct-profile">
          <OrdersList api={api} session={session} token={token} level={1} />
          <p className="acct-alt">
            <Link to="/profilo">{t('orders.backToProfile')}</Link>
          </p>
        </div>
      )}
    </CustomerOnly>
  );
}

function ProfileDetails({
  api,
  session,
  token,
  customer,
}: PageProps & { token: string; customer: Customer }) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState<AccountFormValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<AccountField, FieldError>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const startEditing = () => {
    setEditing(formFromCustomer(customer));
    setErrors({});
    setServerError(null);
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const found = validateAccountForm(editing, false);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(editing, found, false);
      return;
    }
    setBusy(true);
    try {
      const updated = await api.updateProfile(token, profileUpdate(editing));
      session.updated(updated);
      setEditing(null);
      setSaved(true);
    } catch (failure) {
      setServerError(
        failure instanceof ApiError && failure.detail ? failure.detail : t('profile.updateError'),
      );
      session.refused(failure);
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <section className="acct-card acct-card-wide acct-details" aria-labelledby="acct-edit-title">
        <form onSubmit={submit} noValidate>
          <h2 id="acct-edit-title">{t('profile.editTitle')}</h2>
          <p className="acct-muted acct-small">{t('form.requiredNote')}</p>
          <AccountFields
            values={editing}
            errors={errors}
            withCredentials={false}
            onChange={(field, value) => {
              setEditing((current) => current && { ...current, [field]: value });
              setErrors(({ [field]: _fixed, ...rest }) => rest);
            }}
          />
          {serverError && (
            <p className="acct-error" role="alert">
              {serverError}
            </p>
          )}
          <div className="acct-actions">
            <button type="submit" className="acct-button" disabled={busy}>
              {busy ? t('profile.saving') : t('profile.save')}
            </button>
            <button type="button" className="acct-button acct-button-light" onClick={() => setEditing(null)}>
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      </section>
    );
  }

  const address = customer.indirizzo;
  const company = customer.tipo_cliente === 'azienda' ? customer.dati_azienda : null;
  const rows: [string, string | null | undefined][] = [
    [t('profile.type'), t(`type.${customer.tipo_cliente}`)],
    [t('fields.email'), customer.email],
    [t('fields.telefono'), customer.telefono],
    ...(company
      ? ([
          [t('fields.piva'), company.piva],
          [t('fields.pec'), company.pec],
        ] as [string, string | null | undefined][])
      : []),
    [
      t('profile.address'),
      address &&
        [
          address.street,
          [address.cap, address.city, address.province && `(${address.province})`].filter(Boolean).join(' '),
        ]
          .filter(Boolean)
          .join(', '),
    ],
  ];
  return (
    <section className="acct-card acct-card-wide acct-details" aria-labelledby="acct-info-title">
      <h2 id="acct-info-title">{t('profile.info')}</h2>
      {saved && (
        <p className="acct-success" role="status">
          {t('profile.updated')}
        </p>
      )}
      <dl className="acct-info">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            // The e-mail has the row to itself: an address is not broken in the middle on a wide screen.
            <div key={label} className={label === t('fields.email') ? 'acct-info-wide' : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <button type="button" className="acct-button acct-button-light" onClick={startEditing}>
        {t('profile.edit')}
      </button>
    </section>
  );
}
