import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CheckoutApi } from '../api';
import { cancelOpenOrder, forgetOpenOrder } from '../openOrder';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { PageLinks, PaymentPage } from './common';
import { usePageTitle } from '@edicola/web-kit';

/**
 * /checkout/cancelled (docs/product/cart-and-checkout.md#cancelled-page): 'Pagamento annullato', no charge,
 * the cart is still there. The attempt is cancelled
 * on the server at once (its order cancelled, the stock released): the card session by its id, PayPal's order by the
 * `token` PayPal's cancel_url brings back; and the checkout's own open order with the token it kept (openOrder.ts).
 */
export function CancelledPage({ api, search }: { api: CheckoutApi; search: URLSearchParams }) {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  usePageTitle(t('pages.titles.cancelled'));
  const navigate = useNavigate();
  const paypal = search.get('provider') === 'paypal';
  const sessionId = paypal ? '' : (search.get('session_id') ?? '');
  const paypalOrder = paypal ? (search.get('token') ?? '') : '';
  const cancelled = useRef(false);

  useEffect(() => {
    if (cancelled.current) return;
    cancelled.current = true;
    // Nothing to tell when a call fails: the order is cancelled at its payment deadline then.
    const giveUpOrder = () => cancelOpenOrder(api).catch(() => false);
    if (!sessionId) {
      // PayPal (or no session): PayPal's order by its token, then the checkout's own open order.
      const paypalCancelled = paypalOrder
        ? api.cancelPaypalOrder(paypalOrder).catch(() => undefined)
        : undefined;
      void Promise.resolve(paypalCancelled).then(giveUpOrder);
      return;
    }
    api.cancelCheckoutSession(sessionId).then(
      (status) => {
        // Paid after all (the provider completed it meanwhile): the success page says so.
        if (status.status === 'paid') {
          forgetOpenOrder();
          navigate(`/checkout/success?session_id=${encodeURIComponent(sessionId)}`, { replace: true });
        } else {
          void giveUpOrder();
        }
      },
      () => void giveUpOrder(),
    );
  }, [api, navigate, sessionId, paypalOrder]);

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
