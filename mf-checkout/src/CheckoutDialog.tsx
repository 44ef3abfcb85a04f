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
  type RuntimeConfig,
} from '@edicola/contracts';
import { createCheckoutApi, type OrderConfirmation } from './api';
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
import { Modal } from './Modal';
import { PaymentStep } from './PaymentStep';
import { subtotalCents } from './pricing';
import { fallbackShippingCents, ZONE_COUNTRY, type Zone } from './shipping';
import './checkout.css';

registerDialogTranslations();

type Step = 'cart' | 'payment' | 'details' | 'done';

export interface Shipping {
  cents: number;
  /** The shipping service did not answer: the local estimate of SPEC §9. */
  estimate: boolean;
}

// What the shopper chose survives closing and reopening the cart on the page, until an order is placed.
let draft: { zone: Zone; form: DetailsForm } = { zone: 'national', form: EMPTY_FORM };

/** Tests only: forget the chosen zone and the typed details. */
export function resetDraft(): void {
  draft = { zone: 'national', form: EMPTY_FORM };
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

  const submitOrder = async (): Promise<string | null> => {
    if (lines.length === 0) return t('cart.corrupted');
    if (!currentShipping) return null;
    const token = window.localStorage.getItem(CUSTOMER_TOKEN_KEY);
    try {
      const placed = await api.createOrder(
        {
          items: lines.map((line) => ({ article_id: line.article_id, quantity: line.quantity })),
          customer_info: customerInfo(form),
          payment_method: 'transfer',
          total_amount: (subtotal + currentShipping.cents) / 100,
          order_date: new Date().toISOString(),
          status: 'pending',
          invoice_data: invoiceData(form),
          shipping_zone: zone,
        },
        token,
      );
      setConfirmation(placed);
      setStep('done');
      return null;
    } catch (error) {
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
          onTransfer={() => setStep('details')}
          onBack={() => setStep('cart')}
          onClose={onClose}
        />
      )}
      {step === 'details' && (
        <DetailsStep
          titleId={titleId}
          api={api}
          form={form}
          onChange={setForm}
          total={currentShipping ? subtotal + currentShipping.cents : null}
          onChangePayment={() => setStep('payment')}
          onSubmit={submitOrder}
          onClose={onClose}
        />
      )}
      {step === 'done' && confirmation && (
        <Confirmation titleId={titleId} confirmation={confirmation} onDone={finish} />
      )}
    </Modal>
  );
}
