import { useCallback, useEffect, useId, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE, registerDialogTranslations } from '../dialogI18n';
import { CUSTOMER_TOKEN_KEY, SHOP_INFO, type PaymentsConfig, type RuntimeConfig } from '@edicola/contracts';
import { ApiError, useLoad } from '@edicola/web-kit';
import { createCheckoutApi } from '../api';
import { cartSnapshot, clearCart, removeLine, saveCart, setQuantity } from '../cart';
import { CartStep } from './CartStep';
import { checkoutAttempts, checkoutDraft, resetDraft } from '../checkoutDraft';
import type { DetailsForm } from '../checkoutForm';
import { checkoutReducer, initialCheckoutState } from '../checkoutReducer';
import { isTotalMismatch, recheckCart, submitCheckout, type CheckoutFailure } from '../checkoutSubmit';
import { Confirmation } from './Confirmation';
import { DetailsStep } from './DetailsStep';
import { KlarnaStep } from './KlarnaStep';
import { Modal } from './Modal';
import { cancelOpenOrder } from '../openOrder';
import { PAYMENT_NAMESPACE, registerPaymentTranslations } from '../paymentI18n';
import { browser, clearKlarnaRecord, isDemo } from '../payments';
import { PaymentStep } from './PaymentStep';
import { usePricedCart } from './usePricedCart';
import { useDiscount } from './useDiscount';
import { useGiftCard } from './useGiftCard';
import '../checkout.css';

registerDialogTranslations();
registerPaymentTranslations();

interface CheckoutDialogProps {
  config: RuntimeConfig;
  onClose: () => void;
  /** Where it opens: the cart (the cart button) or the choice of payment method ('Vai al Checkout'). */
  initialStep?: 'cart' | 'payment';
  /** 'Vai al Checkout': the catalogue, then the checkout a moment later. */
  onGoToCheckout?: () => void;
}

/**
 * The cart modal and the checkout (docs/product/cart-and-checkout.md#steps): cart → payment method → details
 * → confirmation. The cart
 * is repaired against the catalogue when it opens; shipping is quoted by the API or estimated locally.
 */
export default function CheckoutDialog({
  config,
  onClose,
  initialStep = 'cart',
  onGoToCheckout,
}: CheckoutDialogProps) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const { t: tp } = useTranslation(PAYMENT_NAMESPACE);
  const api = useMemo(() => createCheckoutApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const titleId = useId();
  const [state, dispatch] = useReducer(
    checkoutReducer,
    initialStep === 'payment' && cartSnapshot().length > 0,
    (startAtPayment) => initialCheckoutState(checkoutDraft.get(), startAtPayment),
  );
  const { step, draft, klarna, confirmation } = state;
  const { zone, form, method } = draft;
  const cart = usePricedCart(api, zone, form.country, step);
  const { lines, subtotal, shipping } = cart;
  const discount = useDiscount(api, lines);
  // What the server will charge: the lines less the code's discount, plus the shipping unless the code waives it.
  const total = shipping ? subtotal - discount.cents + (discount.freeShipping ? 0 : shipping.cents) : null;
  // A gift card pays part or all of it (docs/product/cart-and-checkout.md#gift-cards): the payment asks for the rest.
  const giftCard = useGiftCard(api);
  const due = total === null ? null : total - Math.min(giftCard.balanceCents, total);
  const [stockNotice, setStockNotice] = useState('');

  // What the shopper chose survives closing and reopening the cart on the page, until an order is placed.
  useEffect(() => checkoutDraft.set(draft), [draft]);

  // Which providers run in demo mode (said on screen) and Stripe's publishable key: read once per opening.
  const payments = useLoad((signal) => api.paymentsConfig(signal), 'payments-config');
  // undefined while it loads, null when it failed.
  const paymentsConfig: PaymentsConfig | null | undefined = payments.error ? null : payments.data;

  const setForm = useCallback((next: DetailsForm) => dispatch({ type: 'formChanged', form: next }), []);

  const changeQuantity = (articleId: string, next: number) => {
    const change = setQuantity(lines, articleId, next);
    saveCart(change.lines);
    setStockNotice(
      change.stockLimit
        ? t('checkout:cart.stockLimit', {
            count: change.stockLimit.available,
            title: change.stockLimit.title,
          })
        : '',
    );
  };

  /**
   * The buyer is back in the checkout without having paid (Back from a payment page, 'Cambia Pagamento', a
   * restored page): the open order of that attempt is cancelled at once, and the next one is a new attempt.
   */
  const giveUpOpenOrder = useCallback(() => {
    cancelOpenOrder(api).then(
      (hadOne) => {
        if (hadOne) checkoutAttempts.reset();
      },
      () => {
        // Tried again before the next order is created; else it ends at its payment deadline.
      },
    );
  }, [api]);

  // Back from the payment page through the browser's history (the page restored as it was left): the
  // shopper is on the details form again instead of a 'leaving' notice that never ends.
  useEffect(() => {
    giveUpOpenOrder();
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      giveUpOpenOrder();
      dispatch({ type: 'pageRestored' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [giveUpOpenOrder]);

  const finish = useCallback(() => {
    clearCart();
    resetDraft();
    onClose();
  }, [onClose]);

  const failureMessage = (failure: CheckoutFailure): string => {
    switch (failure.reason) {
      case 'order': {
        if (isTotalMismatch(failure.error)) return t('details.totalError');
        const detail = failure.error instanceof ApiError ? failure.error.detail : undefined;
        return detail
          ? t('details.sendError', { detail, phone: SHOP_INFO.phone })
          : t('details.sendErrorNoDetail', { phone: SHOP_INFO.phone });
      }
      case 'cardPage':
        return tp('card.missingUrl');
      case 'paypalRefused':
        return tp('withDetail', { message: tp('paypal.createError'), detail: failure.error.detail });
      case 'paypalUnavailable':
        return tp('paypal.providerError');
      case 'klarnaIntent': {
        const message = tp(failure.method === 'klarna-now' ? 'klarna.intentErrorNow' : 'klarna.intentError');
        return failure.detail ? tp('withDetail', { message, detail: failure.detail }) : message;
      }
    }
  };

  /** Sends the order with the chosen method; answers the message to show when it failed. */
  const submitOrder = async (): Promise<string | null> => {
    if (lines.length === 0) return t('cart.corrupted');
    if (!shipping || total === null) return null;
    // Still asking the server about the code: its answer decides the total.
    if (discount.busy || giftCard.busy) return null;
    const result = await submitCheckout(
      method,
      {
        api,
        lines,
        zone,
        form,
        total: total / 100,
        discountCode: discount.applied?.code ?? null,
        giftCardCode: giftCard.checked?.code ?? null,
        giftCardCovers: due === 0,
        token: window.localStorage.getItem(CUSTOMER_TOKEN_KEY),
      },
      checkoutAttempts,
    );
    switch (result.next) {
      case 'done':
        dispatch({ type: 'orderPlaced', confirmation: result.confirmation });
        return null;
      case 'klarna':
        dispatch({ type: 'klarnaStarted', intent: result.intent });
        return null;
      case 'redirect':
        dispatch({ type: 'leaving' });
        browser.assign(result.url);
        return null;
      case 'failed':
        if (recheckCart(result.failure)) cart.recheck();
        return failureMessage(result.failure);
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={step === 'done' ? finish : onClose} focusKey={step}>
      {step === 'cart' && (
        <CartStep
          titleId={titleId}
          lines={lines}
          loading={cart.loading}
          notices={cart.notices}
          stockNotice={stockNotice}
          zone={zone}
          onZone={(next) => dispatch({ type: 'zoneChanged', zone: next })}
          subtotal={subtotal}
          shipping={shipping}
          discount={discount}
          giftCard={giftCard}
          onQuantity={changeQuantity}
          onRemove={(articleId) => saveCart(removeLine(lines, articleId))}
          onContinueShopping={onClose}
          onGoToCheckout={onGoToCheckout}
          onProceed={() => dispatch({ type: 'choosePayment' })}
          onClose={onClose}
        />
      )}
      {step === 'payment' && (
        <PaymentStep
          titleId={titleId}
          paymentsConfig={paymentsConfig}
          onChoose={(next) => dispatch({ type: 'methodChosen', method: next })}
          onBack={() => dispatch({ type: 'backToCart' })}
          onClose={onClose}
        />
      )}
      {step === 'details' && (
        <DetailsStep
          titleId={titleId}
          api={api}
          method={method}
          demo={isDemo(method, paymentsConfig)}
          form={form}
          onChange={setForm}
          total={due}
          onChangePayment={() => {
            giveUpOpenOrder();
            dispatch({ type: 'choosePayment' });
          }}
          onSubmit={submitOrder}
          onClose={onClose}
        />
      )}
      {step === 'klarna' && klarna && (method === 'klarna' || method === 'klarna-now') && (
        <KlarnaStep
          titleId={titleId}
          method={method}
          intent={klarna}
          publishableKey={paymentsConfig?.stripe.publishable_key ?? null}
          buyer={{
            email: form.email.trim(),
            name: form.name.trim(),
            line1: form.address.trim(),
            city: form.city.trim(),
            postal_code: form.zipCode.trim(),
          }}
          onCancel={() => {
            // 'Annulla' ends this attempt at once (its order cancelled, the stock back); the next try is a new
            // order with a new key. Should the call fail, the payment's time limit ends it all the same.
            void api
              .cancelKlarna({
                payment_intent_id: klarna.payment_intent_id,
                client_secret: klarna.client_secret,
              })
              .catch(() => undefined);
            checkoutAttempts.reset();
            clearKlarnaRecord();
            // And the order of this attempt, with the checkout's own token (openOrder.ts).
            giveUpOpenOrder();
            dispatch({ type: 'klarnaCancelled' });
          }}
          onClose={onClose}
        />
      )}
      {step === 'redirect' && (
        <div className="cko-body cko-redirect" role="status" aria-labelledby={titleId}>
          <h2 id={titleId}>{tp('redirecting')}</h2>
          <span className="cko-spinner" aria-hidden="true" />
        </div>
      )}
      {step === 'done' && confirmation && (
        <Confirmation titleId={titleId} confirmation={confirmation} onDone={finish} />
      )}
    </Modal>
  );
}
