import { useEffect, type ReactNode } from 'react';
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

/** The cookie banner (first in the tab order), header, main content, footer and the floating cart of mf-checkout. */
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
      <Header config={config} remotes={remotes} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <aside className="cart-slot" aria-label={t('remote.names.mf_checkout')}>
        <RemoteSlot name="mf_checkout" component={remotes.CartButton} config={config} compact />
      </aside>
    </>
  );
}
