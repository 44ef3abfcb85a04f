import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type RemoteProps } from '@edicola/contracts';
import { emitDomEvent, onDomEvent } from '@edicola/web-kit';
import { addToCart, cartSnapshot, countItems, readCart, saveCart, subscribeCart } from '../cart';
import {
  checkoutEntryStep,
  enterCheckout,
  followCheckoutHistory,
  leaveCheckout,
  type CheckoutEntryStep,
} from '../checkoutHistory';
import { goToCheckout } from '../goToCheckout';
import { registerTranslations } from '../i18n';
import '../cart.css';

registerTranslations();

// The cart modal and the checkout load only when asked for: the button stays small on every page.
const loadCheckout = () => import('./CheckoutDialog');
const CheckoutDialog = lazy(loadCheckout);

/** How long the stock-limit message stays next to the button. */
export const NOTICE_MS = 6000;
/** How long the confirmation of an added article stays (docs/product/constants.md#timers). */
export const ADDED_NOTICE_MS = 3000;

/**
 * The floating cart button on every page (exposed as mf_checkout/CartButton). It listens to the
 * catalogue's 'edicola:cart-add' events, keeps the cart in local storage under 'cart' (followed in every
 * tab) and opens the cart and checkout.
 */
export default function CartButton({ config }: RemoteProps) {
  const { t } = useTranslation('checkout');
  const count = countItems(useSyncExternalStore(subscribeCart, cartSnapshot, cartSnapshot));
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<false | CheckoutEntryStep>(false);
  const navigate = useNavigate();
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // docs/product/cart-and-checkout.md#back-button: the dialog has its own history entry.
  const openCheckout = (step: CheckoutEntryStep) => {
    enterCheckout(step);
    setOpen(step);
  };
  const closeCheckout = () => {
    setOpen(false);
    leaveCheckout();
  };
  useEffect(() => followCheckoutHistory((step) => setOpen(step ?? false)), []);

  useEffect(() => {
    const stopCartAdd = onDomEvent('edicola:cart-add', (detail) => {
      const change = addToCart(readCart(), detail);
      saveCart(change.lines);
      if (change.stockLimit) {
        const message = t('cart.stockLimit', {
          count: change.stockLimit.available,
          title: change.stockLimit.title,
        });
        setAnnouncement(message);
        setNotice(message);
        clearTimeout(noticeTimer.current);
        noticeTimer.current = setTimeout(() => setNotice(''), NOTICE_MS);
      } else {
        // Said to assistive technology by the status line, and shown next to the button for a moment.
        const message = t('cart.added', { count: countItems(change.lines) });
        setAnnouncement(message);
        setNotice(message);
        clearTimeout(noticeTimer.current);
        noticeTimer.current = setTimeout(() => setNotice(''), ADDED_NOTICE_MS);
      }
    });
    const stopOpen = onDomEvent('edicola:checkout-open', ({ step }) => {
      enterCheckout(step);
      setOpen(step);
    });
    // A shopper may have clicked 'Aggiungi al Carrello' while this slice was still loading.
    emitDomEvent('edicola:cart-ready', {});
    return () => {
      stopCartAdd();
      stopOpen();
      clearTimeout(noticeTimer.current);
    };
  }, [t]);

  return (
    <div className="cko-cart">
      {notice && (
        <p className="cko-cart-notice" data-testid="cart-notice">
          {notice}
        </p>
      )}
      <button
        type="button"
        className="cko-cart-button"
        aria-label={t('cart.buttonLabel', { count })}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadCheckout()}
        onFocus={() => void loadCheckout()}
        onClick={() => openCheckout('cart')}
      >
        <svg className="cko-cart-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="10" cy="20" r="1.6" fill="currentColor" />
          <circle cx="17" cy="20" r="1.6" fill="currentColor" />
        </svg>
        <span className="cko-cart-count" data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      </button>
      <p className="cko-visually-hidden" role="status">
        {announcement}
      </p>
      {open && (
        <Suspense fallback={null}>
          <CheckoutDialog
            config={config}
            initialStep={open}
            onClose={closeCheckout}
            onGoToCheckout={() => {
              setOpen(false);
              // The catalogue takes the place of the checkout's entry: Back from it is the page before.
              const replace = checkoutEntryStep() !== null;
              goToCheckout((to) => navigate(to, { replace }));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
