import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CheckoutApi } from '../api';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { PageLinks, PaymentPage, usePageTitle } from './common';

/**
 * /checkout/cancelled (SPEC §2): 'Pagamento annullato', no charge, the cart is still there. A card session
 * is cancelled on the server at once (its order cancelled, the stock released); PayPal needs no call.
 */
export function CancelledPage({ api, search }: { api: CheckoutApi; search: URLSearchParams }) {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  usePageTitle(t('pages.titles.cancelled'));
  const navigate = useNavigate();
  const sessionId = search.get('provider') === 'paypal' ? '' : (search.get('session_id') ?? '');
  const cancelled = useRef(false);

  useEffect(() => {
    if (!sessionId || cancelled.current) return;
    cancelled.current = true;
    api.cancelCheckoutSession(sessionId).then(
      (status) => {
        // Paid after all (the provider completed it meanwhile): the success page says so.
        if (status.status === 'paid') {
          navigate(`/checkout/success?session_id=${encodeURIComponent(sessionId)}`, { replace: true });
        }
      },
      () => {
        // Nothing to tell: the payment expires on its own and the order is cancelled then.
      },
    );
  }, [api, navigate, sessionId]);

  return (
    <PaymentPage title={t('pages.cancelled.title')}>
      <div role="status" data-testid="payment-cancelled">
        <p>{t('pages.cancelled.text')}</p>
        <p>{t('pages.cancelled.cart')}</p>
      </div>
      <PageLinks
        links={[
          { to: '/prodotti', label: t('pages.products'), primary: true },
          { to: '/', label: t('pages.home') },
        ]}
      />
    </PaymentPage>
  );
}
