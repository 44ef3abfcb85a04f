import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import { createShellApi } from './api';
import { Layout } from './ui/Layout';
import { RemoteSlot } from './ui/RemoteSlot';
import type { RemoteComponents } from './remotes';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { HomePage } from './pages/HomePage';
import { RemotePage } from './pages/RemotePage';
import { TermsPage } from './pages/TermsPage';
import { UnsubscribePage } from './pages/UnsubscribePage';
import { NewsletterConfirmPage } from './pages/NewsletterConfirmPage';
import { useVisitTracking } from './visits';

interface AppProps {
  config: RuntimeConfig;
  remotes: RemoteComponents;
}

/** The customer pages of mf-account (docs/product/account.md#routes). */
const ACCOUNT_PATHS = ['/registrati', '/accedi', '/profilo', '/ordini/storico'];
/**
 * The payment pages of mf-checkout (docs/product/storefront.md#routes): card/PayPal success, cancelled,
 * Klarna's return, demo page.
 */
const PAYMENT_PATHS = ['/checkout/success', '/checkout/cancelled', '/payment-success', '/pagamento-demo'];

/**
 * The routes of docs/product/storefront.md#routes the shell owns or delegates to a remote; anything unknown
 * shows the home page.
 */
export function App({ config, remotes }: AppProps) {
  const api = useMemo(() => createShellApi(config.apiBaseUrl), [config.apiBaseUrl]);
  useVisitTracking(api);
  const home = <HomePage config={config} remotes={remotes} api={api} />;
  return (
    <Layout config={config} remotes={remotes}>
      <Routes>
        <Route path="/" element={home} />
        <Route path="/home" element={home} />
        <Route path="/chi-siamo" element={<AboutPage />} />
        <Route path="/contatto" element={<ContactPage api={api} />} />
        <Route path="/termini" element={<TermsPage />} />
        <Route path="/newsletter/unsubscribe" element={<UnsubscribePage api={api} />} />
        <Route path="/newsletter/confirm" element={<NewsletterConfirmPage api={api} />} />
        <Route
          path="/prodotti"
          element={
            <RemotePage name="mf_catalog" component={remotes.CatalogPage} config={config} page="catalogue" />
          }
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
        <Route
          path="/gestione/*"
          element={<RemoteSlot name="mf_admin" component={remotes.AdminApp} config={config} />}
        />
        <Route path="*" element={home} />
      </Routes>
    </Layout>
  );
}
