import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PASSWORD_FORGOTTEN_PATH, PASSWORD_RESET_PATH, type RemoteProps } from '@edicola/contracts';
import { registerTranslations } from '../i18n';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { OrderPage } from './OrderPage';
import { OrderHistoryPage, ProfilePage } from './ProfilePage';
import { RegisterPage } from './RegisterPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { createAccountApi } from '../api';
import { accountFor } from '../session';
import '../account.css';

registerTranslations();

/** An order's page: /ordini/{id} (docs/product/account.md#order-page). */
const ORDER_PATH = /^\/ordini\/([0-9a-f-]{36})$/i;

/**
 * The customer pages (exposed as mf_account/AccountPages): the shell routes /registrati, /accedi,
 * /profilo, /ordini/storico, /ordini/{id}, /password-dimenticata and /reimposta-password here and this picks the
 * page by path.
 */
export default function AccountPages({ config }: RemoteProps) {
  const { session } = accountFor(config.apiBaseUrl);
  // The pages' chunk carries the client anyway; the header menu loads it only to check a stored token.
  const api = useMemo(() => createAccountApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const { pathname, search } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const order = ORDER_PATH.exec(path)?.[1];
  if (order) {
    return (
      <OrderPage
        key={order}
        api={api}
        session={session}
        orderId={order}
        link={new URLSearchParams(search).get('t')}
      />
    );
  }
  switch (path) {
    case '/registrati':
      return <RegisterPage api={api} session={session} />;
    case '/accedi':
      return <LoginPage api={api} session={session} />;
    case '/profilo':
      return <ProfilePage api={api} session={session} />;
    case '/ordini/storico':
      return <OrderHistoryPage api={api} session={session} />;
    case PASSWORD_FORGOTTEN_PATH:
      return <ForgotPasswordPage api={api} />;
    case PASSWORD_RESET_PATH:
      return <ResetPasswordPage api={api} />;
    default:
      return <Navigate to="/" replace />;
  }
}
