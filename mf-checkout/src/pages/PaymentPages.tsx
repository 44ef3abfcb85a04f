import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { RemoteProps } from '@edicola/contracts';
import { createCheckoutApi } from '../api';
import { CancelledPage } from './CancelledPage';
import { DemoPaymentPage } from './DemoPaymentPage';
import { KlarnaReturnPage } from './KlarnaReturnPage';
import { SuccessPage } from './SuccessPage';
import { registerPaymentTranslations } from '../paymentI18n';
import '../checkout.css';
import '../payment.css';

registerPaymentTranslations();

/** The routes the shell sends here (shell/src/App.tsx PAYMENT_PATHS). */
export const PAYMENT_PATHS = [
  '/checkout/success',
  '/checkout/cancelled',
  '/payment-success',
  '/pagamento-demo',
];

/**
 * The payment pages (exposed as mf_checkout/PaymentPages): the card and PayPal success page, the cancelled
 * page, Klarna's return page and the demo payment page; this picks the page by path.
 */
export default function PaymentPages({ config }: RemoteProps) {
  const api = useMemo(() => createCheckoutApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // A new address (another payment) starts the page afresh.
  const key = `${pathname}?${search}`;
  switch (pathname.replace(/\/+$/, '')) {
    case '/checkout/success':
      return <SuccessPage key={key} api={api} search={params} />;
    case '/checkout/cancelled':
      return <CancelledPage key={key} api={api} search={params} />;
    case '/payment-success':
      return <KlarnaReturnPage key={key} api={api} search={params} />;
    case '/pagamento-demo':
      return <DemoPaymentPage key={key} api={api} search={params} />;
    default:
      return <Navigate to="/" replace />;
  }
}
