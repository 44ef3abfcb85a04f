import { useCallback, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE, registerDialogTranslations } from './dialogI18n';
import {
  ApiError,
  CUSTOMER_TOKEN_KEY,
  eurosToCents,
  SHOP_INFO,
  TOTAL_MISMATCH_DETAIL,
  type Article,
  type KlarnaIntentResponse,
  type PaymentsConfig,
  type RuntimeConfig,
} from '@edicola/contracts';
import { createCheckoutApi, type OnlineCheckout, type OrderConfirmation } from './api';
import {
  cartSnapshot,
  clearCart,
  countItems,
  removeLine,
  repairCart,
  saveCart,
  setQuantity,
  subscribeCart,
} from './cart';
import { CartStep } from './CartStep';
import { customerInfo, EMPTY_FORM, invoiceData, type DetailsForm } from './checkoutForm';
import { Confirmation } from './Confirmation';
import { DetailsStep } from './DetailsStep';
import { KlarnaStep } from './KlarnaStep';
import { Modal } from './Modal';
import { PAYMENT_NAMESPACE, registerPaymentTranslations } from './paymentI18n';
import { browser, clearKlarnaRecord, createAttemptKeys, isDemo, saveKlarnaRecord } from './payments';
import { PaymentStep, type CheckoutPaymentMethod } from './PaymentStep';
import { subtotalCents } from './pricing';
import { fallbackShippingCents, ZONE_COUNTRY, type Zone } from './shipping';
import './checkout.css';

registerDialogTranslations();
registerPaymentTranslations();

type Step = 'cart' | 'payment' | 'details' | 'klarna' | 'redirect' | 'done';

export interface Shipping {
  cents: number;
  /** The shipping service did not answer: the local estimate of SPEC §9. */
  estimate: boolean;
}

// What the shopper chose survives closing and reopening the cart on the page, until an order is placed.
let draft: { zone: Zone; form: DetailsForm; method: CheckoutPaymentMethod } = {
  zone: 'national',
  form: EMPTY_FORM,
  method: 'transfer',
};
// The Idempotency-Key of the current checkout attempt (kept across closing and reopening, like the draft).
const attempts = createAttemptKeys();

/** Forget the chosen zone, method and typed details, and start a new checkout attempt. */
export function resetDraft(): void {
  draft = { zone: 'national', form: EMPTY_FORM, method: 'transfer' };
  attempts.reset();
}

interface CheckoutDialogProps {
  config: RuntimeConfig;
  onClose: () => void;
}

/**
 * The cart modal and the checkout (SPEC §2, §4): cart → payment method → details → confirmation. The cart
 * is repaired against the catalogue when it opens; shipping is quoted by the API or estimated locally.
 */
export default function CheckoutDialog({ config, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const { t: tp } = useTranslation(PAYMENT_NAMESPACE);
  const api = useMemo(() => createCheckoutApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const titleId = useId();
  const stored = useSyncExternalStore(subscribeCart, cartSnapshot, cartSnapshot);
  const [step, setStep] = useState<Step>('cart');
  const [zone, setZoneState] = useState<Zone>(draft.zone);
  const [form, setFormState] = useState<DetailsForm>(draft.form);
  const [catalogue, setCatalogue] = useState<readonly Article[] | null | undefined>(undefined);
  const [catalogueRound, setCatalogueRound] = useState(0);
  const [notices, setNotices] = useState<{ updated: boolean; dropped: boolean; corrupted: boolean }>({
    updated: false,
    dropped: false,
    corrupted: false,
  });
  const [stockNotice, setStockNotice] = useState('');
  const [shipping, setShipping] = useState<(Shipping & { key: string }) | null>(null);
  const [confirmation, setConfirmation] = useState<OrderConfirmation | null>(null);
  const [method, setMethodState] = useState<CheckoutPaymentMethod>(draft.method);
  const [klarna, setKlarna] = useState<KlarnaIntentResponse | null>(null);
  const [paymentsConfig, setPaymentsConfig] = useState<PaymentsConfig | null | undefined>(undefined);

  // Which providers run in demo mode (said on screen) and Stripe's publishable key: read once per opening.
  useEffect(() => {
    const controller = new AbortController();
    api.paymentsConfig(controller.signal).then(setPaymentsConfig, () => {
      if (!controller.signal.aborted) setPaymentsConfig(null);
    });
    return () => controller.abort();
  }, [api]);

  // Back from the payment page through the browser's history (the page restored as it was left): the
  // shopper is on the details form again instead of a 'leaving' notice that never ends.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setStep((current) => (current === 'redirect' ? 'details' : current));
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const chooseMethod = (next: CheckoutPaymentMethod) => {
    draft = { ...draft, method: next };
    setMethodState(next);
    setStep('details');
  };

  const setZone = (next: Zone) => {
    draft = { ...draft, zone: next };
    setZoneState(next);
  };
  const setForm = useCallback((next: DetailsForm) => {
    draft = { ...draft, form: next };
    setFormState(next);
  }, []);

  // The current catalogue, to drop vanished articles and refresh prices and stock. The repaired cart is
  // stored (SPEC §5) and the shopper told what changed; without the catalogue, unpriced lines still go.
  useEffect(() => {
    const controller = new AbortController();
    const repairWith = (current: readonly Article[] | null) => {
      const repair = repairCart(cartSnapshot(), current ?? undefined);
      if (repair.dropped > 0 || repair.updated > 0) {
        saveCart(repair.lines);
        setNotices((notices) => ({
          updated: notices.updated || repair.updated > 0,
          dropped: notices.dropped || (repair.dropped > 0 && repair.lines.length > 0),
          corrupted: repair.lines.length === 0,
        }));
      }
      setCatalogue(current);
    };
    api.listArticles(controller.signal).then(repairWith, () => {
      if (!controller.signal.aborted) repairWith(null);
    });
    return () => controller.abort();
  }, [api, catalogueRound]);

  const lines = useMemo(() => repairCart(stored, catalogue ?? undefined).lines, [stored, catalogue]);
  const quantity = countItems(lines);
  const subtotal = subtotalCents(lines);
  const shippingKey = `${zone}|${quantity}|${subtotal}`;
  useEffect(() => {
    if (quantity === 0 || step === 'done') return;
    const controller = new AbortController();
    const key = `${zone}|${quantity}|${subtotal}`;
    api
      .shippingCost(
        { total_amount: subtotal / 100, quantity, country: ZONE_COUNTRY[zone] },
        controller.signal,
      )
      .then(
        (euros) => setShipping({ cents: eurosToCents(euros), estimate: false, key }),
        () => {
          if (!controller.signal.aborted)
            setShipping({ cents: fallbackShippingCents(zone, quantity), estimate: true, key });
        },
      );
    return () => controller.abort();
  }, [api, zone, quantity, subtotal, step]);
  const currentShipping =
    quantity === 0 ? { cents: 0, estimate: false } : shipping?.key === shippingKey ? shipping : null;

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

  const finish = useCallback(() => {
    clearCart();
    resetDraft();
    onClose();
  }, [onClose]);

  /** The message for a failed call that placed (or would have placed) the order. */
  const orderFailure = (error: unknown): string => {
    // Prices or stock may have changed: the cart is checked against the catalogue again.
    if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
      setCatalogueRound((round) => round + 1);
    }
    if (error instanceof ApiError && error.status === 422 && error.detail === TOTAL_MISMATCH_DETAIL) {
      return t('details.totalError');
    }
    const detail = error instanceof ApiError ? error.detail : undefined;
    return detail
      ? t('details.sendError', { detail, phone: SHOP_INFO.phone })
      : t('details.sendErrorNoDetail', { phone: SHOP_INFO.phone });
  };

  const submitOrder = async (): Promise<string | null> => {
    if (lines.length === 0) return t('cart.corrupted');
    if (!currentShipping) return null;
    const token = window.localStorage.getItem(CUSTOMER_TOKEN_KEY);
    const items = lines.map((line) => ({ article_id: line.article_id, quantity: line.quantity }));
    const total = (subtotal + currentShipping.cents) / 100;
    // One key per attempt: the same cart, details and method again (a retry) reuse it.
    const key = attempts.keyFor({ items, zone, form, method, total });
    const order = {
      items,
      customer_info: customerInfo(form),
      total_amount: total,
      order_date: new Date().toISOString(),
      status: 'pending',
      invoice_data: invoiceData(form),
      shipping_zone: zone,
    };
    const info = customerInfo(form);
    const online = (withName: boolean): OnlineCheckout => ({
      items,
      customer_email: info.email,
      customer_name: info.name,
      shipping_address: {
        name: withName ? info.name : null,
        phone: info.phone,
        address: info.address,
        city: info.city,
        zipCode: info.zipCode,
        notes: info.notes,
      },
      invoice_data: invoiceData(form) ?? null,
      shipping_zone: zone,
      total_amount: total,
    });

    if (method === 'transfer') {
      try {
        setConfirmation(await api.createOrder({ ...order, payment_method: 'transfer' }, token, key));
        setStep('done');
        return null;
      } catch (error) {
        return orderFailure(error);
      }
    }

    if (method === 'card') {
      // The cart stays until the success page: it is removed there (SPEC §4).
      let url: string;
      try {
        url = (await api.createCheckoutSession(online(false), key, token)).url;
      } catch (error) {
        if (error instanceof ApiError) return orderFailure(error);
        // An answer without the card page's address (or no answer at all).
        return tp('card.missingUrl');
      }
      setStep('redirect');
      browser.assign(url);
      return null;
    }

    if (method === 'paypal') {
      let approveUrl: string;
      try {
        approveUrl = (await api.createPaypalOrder(online(true), key, token)).approve_url;
      } catch (error) {
        if (error instanceof ApiError && error.status === 422 && error.detail === TOTAL_MISMATCH_DETAIL) {
          return orderFailure(error);
        }
        if (error instanceof ApiError && error.status < 500) {
          if (error.status === 409) setCatalogueRound((round) => round + 1);
          return tp('withDetail', { message: tp('paypal.createError'), detail: error.detail });
        }
        return tp('paypal.providerError');
      }
      setStep('redirect');
      browser.assign(approveUrl);
      return null;
    }

    // Klarna (pay in 3 or pay now): the order first, then the payment intent for its own total.
    let placed: OrderConfirmation;
    try {
      placed = await api.createOrder({ ...order, payment_method: method }, token, key);
    } catch (error) {
      return orderFailure(error);
    }
    saveKlarnaRecord({
      cart: lines,
      customer: { ...info, order_id: placed.order_id, payment_method: method },
    });
    try {
      const intent = await api.createKlarnaIntent(
        {
          order_id: placed.order_id,
          amount: placed.total_amount,
          currency: 'EUR',
          customer_email: info.email,
          customer_name: info.name,
          billing_address: {
            line1: info.address,
            city: info.city,
            postal_code: info.zipCode,
            country: 'IT',
          },
          line_items: placed.items.map((item) => ({
            name: item.title,
            quantity: item.quantity,
            unit_amount: eurosToCents(item.unit_gross),
          })),
        },
        key,
      );
      setKlarna(intent);
      setStep('klarna');
      return null;
    } catch (error) {
      clearKlarnaRecord();
      const message = tp(method === 'klarna-now' ? 'klarna.intentErrorNow' : 'klarna.intentError');
      const detail = error instanceof ApiError ? error.detail : undefined;
      return detail ? tp('withDetail', { message, detail }) : message;
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={step === 'done' ? finish : onClose} focusKey={step}>
      {step === 'cart' && (
        <CartStep
          titleId={titleId}
          lines={lines}
          loading={catalogue === undefined && stored.length > 0}
          notices={notices}
          stockNotice={stockNotice}
          zone={zone}
          onZone={setZone}
          subtotal={subtotal}
          shipping={currentShipping}
          onQuantity={changeQuantity}
          onRemove={(articleId) => saveCart(removeLine(lines, articleId))}
          onContinueShopping={onClose}
          onProceed={() => setStep('payment')}
          onClose={onClose}
        />
      )}
      {step === 'payment' && (
        <PaymentStep
          titleId={titleId}
          paymentsConfig={paymentsConfig}
          onChoose={chooseMethod}
          onBack={() => setStep('cart')}
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
          total={currentShipping ? subtotal + currentShipping.cents : null}
          onChangePayment={() => setStep('payment')}
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
          onCancel={() => setStep('details')}
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
