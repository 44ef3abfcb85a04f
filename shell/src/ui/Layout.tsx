import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@edicola/contracts';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { RemoteSlot } from './RemoteSlot';
import type { RemoteComponents } from '../remotes';

interface LayoutProps {
  config: RuntimeConfig;
  remotes: RemoteComponents;
  children: ReactNode;
  /** Whether the visitor accepted the cookie notice, when known beforehand (the server's first paint). */
  cookiesAccepted?: boolean;
}

/** The cart's place: the skip link 'Vai al carrello' leads there. */
const CART_ID = 'carrello';

/**
 * 'Vai al carrello' focuses the cart button itself, so Enter then opens the cart; without JavaScript the link
 * moves to the cart's place and the next Tab reaches the button.
 */
function focusCart(event: MouseEvent<HTMLAnchorElement>) {
  const cart = document.getElementById(CART_ID);
  const button = cart?.querySelector<HTMLElement>('button, a[href]');
  if (!cart) return;
  event.preventDefault();
  (button ?? cart).focus();
}

/**
 * The cookie banner (first in the tab order), the skip links to the content and to the cart (a keyboard
 * shopper does not cross every card to reach it), header, main content, footer and the floating cart of
 * mf-checkout.
 */
export function Layout({ config, remotes, children, cookiesAccepted }: LayoutProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <CookieBanner accepted={cookiesAccepted} />
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      <a className="skip-link" href={`#${CART_ID}`} onClick={focusCart}>
        {t('skip.cart')}
      </a>
      <Header config={config} remotes={remotes} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer seller={config.seller} />
      <aside id={CART_ID} className="cart-slot" aria-label={t('remote.names.mf_checkout')} tabIndex={-1}>
        <RemoteSlot name="mf_checkout" component={remotes.CartButton} config={config} compact />
      </aside>
    </>
  );
}
