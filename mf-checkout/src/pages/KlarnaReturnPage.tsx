import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, usePageTitle } from '@edicola/web-kit';
import type { CheckoutApi } from '../api';
import { clearCart } from '../cart';
import { cancelOpenOrder, forgetOpenOrder } from '../openOrder';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { openCheckoutSoon } from '../goToCheckout';
import { clearKlarnaRecord } from '../payments';
import { ContactLine, ordersLinkAfterPayment, PageLinks, PaidSummary, PaymentPage, Waiting } from './common';

type View =
  | { kind: 'verifying' }
  | { kind: 'paid'; orderId: string; total: number; ordersLink: string | null }
  | { kind: 'problem'; message: string; retry: boolean }
  | { kind: 'error'; message: string };

/**
 * /payment-success (docs/product/cart-and-checkout.md#klarna-return-page): Klarna's return. The server
 * verifies the intent with the provider; paid:
 * the order, the cart emptied and the Klarna session record removed; otherwise the problem with the status
 * and the shop's contacts. Missing parameters and a failed verification say so.
 */
export function KlarnaReturnPage({ api, search }: { api: CheckoutApi; search: URLSearchParams }) {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  usePageTitle(t('pages.titles.klarna'));
  const intentId = search.get('payment_intent')?.trim() ?? '';
  const clientSecret = search.get('payment_intent_client_secret')?.trim() ?? '';
  const redirectStatus = search.get('redirect_status') ?? '';
  const [view, setView] = useState<View>(() =>
    intentId && clientSecret
      ? { kind: 'verifying' }
      : { kind: 'error', message: t('pages.klarna.missingParams') },
  );
  const verified = useRef(false);

  useEffect(() => {
    if (!intentId || !clientSecret || verified.current) return;
    verified.current = true;
    api.verifyKlarna({ payment_intent_id: intentId, client_secret: clientSecret }).then(
      (result) => {
        clearKlarnaRecord(); // kept until the return (docs/product/cart-and-checkout.md#klarna-return-page)
        if (result.status === 'paid') {
          clearCart();
          const ordersLink = ordersLinkAfterPayment(result.order_id);
          forgetOpenOrder();
          setView({ kind: 'paid', orderId: result.order_id, total: result.total_amount, ordersLink });
        } else {
          // Declined or cancelled on Klarna's page: that attempt's order is given up at once (stock released).
          if (result.status === 'failed') void cancelOpenOrder(api).catch(() => false);
          setView({
            kind: 'problem',
            message: t('pages.klarna.problemText', {
              status: t(`pages.klarna.statuses.${statusKey(result.intent_status)}`),
              reference: result.order_reference,
            }),
            // Declined or cancelled: the cart is still there, another try or another method is one click away.
            // Still processing: Klarna may yet take the money, so no second payment is offered.
            retry: result.status === 'failed',
          });
        }
      },
      (error: unknown) => {
        const detail = error instanceof ApiError ? error.detail : '';
        setView({
          kind: 'error',
          // Klarna said it went through: the money may be taken although we could not record it.
          message:
            redirectStatus === 'succeeded' && detail
              ? t('pages.klarna.paidNotSaved', { paymentId: intentId, detail })
              : t('pages.klarna.verifyError'),
        });
      },
    );
  }, [api, intentId, clientSecret, redirectStatus, t]);

  const home = [{ to: '/', label: t('pages.home'), primary: true }];
  if (view.kind === 'verifying') {
    return (
      <PaymentPage title={t('pages.titles.klarna')}>
        <Waiting text={t('pages.klarna.verifying')} />
      </PaymentPage>
    );
  }
  if (view.kind === 'paid') {
    return (
      <PaymentPage title={t('pages.klarna.successTitle')} tone="success" focusKey="paid">
        <div role="status">
          <p>{t('pages.success.text')}</p>
          <PaidSummary orderId={view.orderId} total={view.total} />
        </div>
        <PageLinks
          links={[...home, ...(view.ordersLink ? [{ to: view.ordersLink, label: t('pages.orders') }] : [])]}
        />
      </PaymentPage>
    );
  }
  return (
    <PaymentPage
      title={view.kind === 'problem' ? t('pages.klarna.problemTitle') : t('pages.klarna.errorTitle')}
      tone="problem"
      focusKey={view.kind}
    >
      <div role="alert" data-testid="payment-problem">
        <p>{view.message}</p>
      </div>
      <ContactLine />
      <PageLinks
        links={
          view.kind === 'problem' && view.retry
            ? [
                { to: '/prodotti', label: t('pages.klarna.retry'), primary: true, onClick: openCheckoutSoon },
                { to: '/', label: t('pages.home') },
              ]
            : home
        }
      />
    </PaymentPage>
  );
}

/** The intent's status as the page words it (pages.klarna.statuses); one it does not know reads 'other'. */
const KNOWN_STATUSES = ['requires_payment_method', 'canceled', 'processing', 'requires_action'];
const statusKey = (status: string) => (KNOWN_STATUSES.includes(status) ? status : 'other');
