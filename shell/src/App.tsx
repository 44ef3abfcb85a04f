import { useMemo, type ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PASSWORD_FORGOTTEN_PATH,
  PASSWORD_RESET_PATH,
  PRIVACY_PATH,
  STOCK_ALERT_CONFIRM_PATH,
  STOCK_ALERT_UNSUBSCRIBE_PATH,
  type RuntimeConfig,
} from '@edicola/contracts';
import { createShellApi } from './api';
import { Layout } from './ui/Layout';
import { RemoteSlot } from './ui/RemoteSlot';
import type { RemoteComponents } from './remotes';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { HomePage } from './pages/HomePage';
import { RemotePage } from './pages/RemotePage';
import { PrivacyPage } from './pages/PrivacyPage';
import { TermsPage } from './pages/TermsPage';
import { UnsubscribePage } from './pages/UnsubscribePage';
import { NewsletterConfirmPage } from './pages/NewsletterConfirmPage';
import { StockAlertPage } from './pages/StockAlertPage';
import { useVisitTracking } from './visits';
import { useLanguageOfPath } from './pageLanguage';

interface AppProps {
  config: RuntimeConfig;
  remotes: RemoteComponents;
}

/** The customer pages of mf-account (docs/product/account.md#routes). */
const ACCOUNT_PATHS = [
  '/registrati',
  '/accedi',
  '/profilo',
  '/ordini/storico',
  '/ordini/:id',
  PASSWORD_FORGOTTEN_PATH,
  PASSWORD_RESET_PATH,
];
/**
 * The payment pages of mf-checkout (docs/product/storefront.md#routes): card/PayPal success, cancelled,
 * Klarna's return, demo page.
 */
const PAYMENT_PATHS = ['/checkout/success', '/checkout/cancelled', '/payment-success', '/pagamento-demo'];

/** The back office's addresses (docs/product/back-office.md#frame). */
const isBackOffice = (path: string) => path === '/gestione' || path.startsWith('/gestione/');

/** The prefix of each language's addresses: none for Italian, `/en` for English… */
const PREFIXES = LANGUAGES.map((language) => (language === DEFAULT_LANGUAGE ? '' : `/${language}`));

/**
 * An indexable page's route at its Italian address and under every other language's prefix
 * (docs/product/article-pages.md#addresses); the page's language follows the prefix (useLanguageOfPath).
 */
function localizedRoutes(path: string, element: ReactElement) {
  return PREFIXES.map((prefix) => (
    <Route key={`${prefix}${path}`} path={`${prefix}${path}` || '/'} element={element} />
  ));
}

/**
 * The routes of docs/product/storefront.md#routes the shell owns or delegates to a remote; anything unknown
 * shows the home page.
 */
export function App({ config, remotes }: AppProps) {
  const api = useMemo(() => createShellApi(config.apiBaseUrl), [config.apiBaseUrl]);
  useVisitTracking(api);
  useLanguageOfPath();
  const home = <HomePage config={config} remotes={remotes} api={api} />;
  const catalogue = (
    <RemotePage name="mf_catalog" component={remotes.CatalogPage} config={config} page="catalogue" />
  );
  const { pathname } = useLocation();
  if (isBackOffice(pathname)) {
    // The back office is the staff's own workspace: mf-admin draws its whole frame, without the shop's header,
    // cookie notice, cart or footer (docs/decisions/0060-back-office-frame.md).
    return (
      <main id="main" className="back-office-main" tabIndex={-1}>
        <Routes>
          <Route
            path="/gestione/*"
            element={<RemoteSlot name="mf_admin" component={remotes.AdminApp} config={config} />}
          />
        </Routes>
      </main>
    );
  }
  return (
    <Layout config={config} remotes={remotes}>
      <Routes>
        {localizedRoutes('', home)}
        {localizedRoutes('/home', home)}
        {localizedRoutes('/chi-siamo', <AboutPage />)}
        {localizedRoutes('/contatto', <ContactPage api={api} />)}
        {localizedRoutes('/termini', <TermsPage seller={config.seller} presaleTerms={config.presaleTerms} />)}
        {localizedRoutes(PRIVACY_PATH, <PrivacyPage seller={config.seller} />)}
        {localizedRoutes('/prodotti', catalogue)}
        {localizedRoutes('/prodotti/categoria/:category', catalogue)}
        {localizedRoutes(
          '/prodotti/:slug',
          <RemotePage name="mf_catalog" component={remotes.ArticlePage} config={config} />,
        )}
        {localizedRoutes(
          '/cerca',
          <RemotePage name="mf_catalog" component={remotes.SearchPage} config={config} />,
        )}
        <Route path="/newsletter/unsubscribe" element={<UnsubscribePage api={api} />} />
        <Route path="/newsletter/confirm" element={<NewsletterConfirmPage api={api} />} />
        <Route path={STOCK_ALERT_CONFIRM_PATH} element={<StockAlertPage api={api} action="confirm" />} />
        <Route
          path={STOCK_ALERT_UNSUBSCRIBE_PATH}
          element={<StockAlertPage api={api} action="unsubscribe" />}
        />
        <Route
          path="/review"
          element={
            <RemotePage name="mf_catalog" component={remotes.ReviewPage} config={config} page="review" />
          }
        />
        {ACCOUNT_PATHS.map((path) => (
          <Route
            key={path}
            path={path}
            element={<RemoteSlot name="mf_account" component={remotes.AccountPages} config={config} />}
          />
        ))}
        {PAYMENT_PATHS.map((path) => (
          <Route
            key={path}
            path={path}
            element={<RemoteSlot name="mf_checkout" component={remotes.PaymentPages} config={config} />}
          />
        ))}
        <Route path="*" element={home} />
      </Routes>
    </Layout>
  );
}
