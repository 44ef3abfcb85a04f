import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, usePageTitle } from '@edicola/web-kit';
import type { CheckoutApi } from '../api';
import { clearCart } from '../cart';
import { forgetOpenOrder } from '../openOrder';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { ContactLine, ordersLinkAfterPayment, PageLinks, PaidSummary, PaymentPage, Waiting } from './common';

/** How often /checkout/success asks whether the payment is confirmed, and for how long at most. */
export const POLL_MS = 1500;
export const POLL_LIMIT_MS = 60_000;

type View =
  | { kind: 'waiting' }
  | { kind: 'paid'; orderId: string; total: number; ordersLink: string | null }
  | { kind: 'failed' | 'expired' | 'refunded' | 'pending' }
  | { kind: 'error'; messages: string[] };

/**
 * /checkout/success (docs/product/cart-and-checkout.md#success-page): the card payment confirmed by the
 * server (polled while the webhook or the
 * provider says so), or PayPal's return, which captures. Paid: order reference (ORD-…), total, 'Pagato',
 * and the cart is removed (docs/product/cart-and-checkout.md#success-page).
 */
export function SuccessPage({ api, search }: { api: CheckoutApi; search: URLSearchParams }) {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  usePageTitle(t('pages.titles.success'));
  const paypal = search.get('provider') === 'paypal';
  const sessionId = search.get('session_id') ?? '';
  const paypalToken = search.get('token') ?? '';
  const [view, setView] = useState<View>(() =>
    (paypal ? paypalToken : sessionId)
      ? { kind: 'waiting' }
      : {
          kind: 'error',
          messages: [paypal ? t('pages.success.paypalError') : t('pages.success.missingSession')],
        },
  );
  const captured = useRef(false);

  // PayPal brought the buyer back with its order (token): capture it once; only a completed capture is paid.
  useEffect(() => {
    if (!paypal || !paypalToken || captured.current) return;
    captured.current = true;
    api.capturePaypalOrder(paypalToken).then(
      (capture) => {
        if (capture.payment_status === 'paid') {
          // PayPal success empties the cart at once (docs/product/cart-and-checkout.md#success-page)
          clearCart();
          const ordersLink = ordersLinkAfterPayment(capture.shop_order_id);
          forgetOpenOrder();
          setView({ kind: 'paid', orderId: capture.shop_order_id, total: capture.total_amount, ordersLink });
        } else {
          // 'Pagamento PayPal non completato'
          setView({ kind: 'error', messages: [t('pages.success.paypalError')] });
        }
      },
      (error: unknown) => {
        const detail = error instanceof ApiError ? error.detail : '';
        setView({
          kind: 'error',
          messages: [t('pages.success.paypalError'), ...(detail ? [detail] : [])],
        });
      },
    );
  }, [api, paypal, paypalToken, t]);

  // The card: the server says paid once the provider confirmed it (webhook, or its own check).
  useEffect(() => {
    if (paypal || !sessionId) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const status = await api.checkoutSessionStatus(sessionId, controller.signal);
        if (controller.signal.aborted) return;
        if (status.status === 'paid') {
          clearCart();
          const ordersLink = ordersLinkAfterPayment(status.order_id);
          forgetOpenOrder();
          setView({ kind: 'paid', orderId: status.order_id, total: status.total_amount, ordersLink });
          return;
        }
        if (status.status !== 'pending') {
          setView({ kind: status.status });
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setView({ kind: 'error', messages: [t('pages.success.lookupError')] });
          return;
        }
        // The API did not answer: ask again until the time is up.
      }
      if (Date.now() - started >= POLL_LIMIT_MS) {
        setView({ kind: 'pending' });
        return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, paypal, sessionId, t]);

  if (view.kind === 'waiting') {
    return (
      <PaymentPage title={t('pages.titles.success')}>
        <Waiting text={paypal ? t('pages.success.capturing') : t('pages.success.confirming')} />
      </PaymentPage>
    );
  }
  if (view.kind === 'paid') {
    return (
      <PaymentPage title={t('pages.success.title')} tone="success" focusKey="paid">
        <div role="status">
          <p>{t('pages.success.text')}</p>
          <PaidSummary orderId={view.orderId} total={view.total} />
        </div>
        <PageLinks
          links={[
            { to: '/', label: t('pages.home'), primary: true },
            ...(view.ordersLink ? [{ to: view.ordersLink, label: t('pages.orders') }] : []),
          ]}
        />
      </PaymentPage>
    );
  }
  const problem =
    view.kind === 'error'
      ? { title: t('pages.success.errorTitle'), messages: view.messages }
      : {
          title: t(`pages.success.${view.kind}Title`),
          messages: [t(`pages.success.${view.kind}Text`)],
        };
  return (
    <PaymentPage
      title={problem.title}
      tone={view.kind === 'pending' || view.kind === 'refunded' ? 'info' : 'problem'}
      focusKey={view.kind}
    >
      <div role="alert" data-testid="payment-problem">
        {problem.messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <ContactLine />
      <PageLinks
        links={[
          { to: '/prodotti', label: t('pages.products'), primary: true },
          { to: '/', label: t('pages.home') },
        ]}
      />
    </PaymentPage>
  );
}
