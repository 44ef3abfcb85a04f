import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDomEvent, type RemoteProps } from '@edicola/contracts';
import { addToCart, CART_STORAGE_KEY, countItems, readCart, writeCart } from './cart';
import { registerTranslations } from './i18n';
import './cart.css';

registerTranslations();

/**
 * The floating cart button on every page (exposed as mf_checkout/CartButton). It listens to the
 * catalogue's 'edicola:cart-add' events and keeps the cart in local storage under 'cart'.
 */
export default function CartButton(_props: RemoteProps) {
  const { t } = useTranslation('checkout');
  const [count, setCount] = useState(() => countItems(readCart()));
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const stopCartAdd = onDomEvent('edicola:cart-add', (detail) => {
      const lines = addToCart(readCart(), detail);
      writeCart(lines);
      setCount(countItems(lines));
      setAnnouncement(t('cart.added', { count: countItems(lines) }));
    });
    // Another tab changed the cart.
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) setCount(countItems(readCart()));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopCartAdd();
      window.removeEventListener('storage', onStorage);
    };
  }, [t]);

  return (
    <div className="cko-cart">
      <button type="button" className="cko-cart-button" aria-label={t('cart.buttonLabel', { count })}>
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
    </div>
  );
}
