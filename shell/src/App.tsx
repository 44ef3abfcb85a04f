import { Route, Routes } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import { Layout } from './Layout';
import { RemoteSlot } from './RemoteSlot';
import type { RemoteComponents } from './remotes';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { HomePage } from './pages/HomePage';
import { TermsPage } from './pages/TermsPage';

interface AppProps {
  config: RuntimeConfig;
  remotes: RemoteComponents;
}

/** The customer pages of mf-account (SPEC §2). */
const ACCOUNT_PATHS = ['/registrati', '/accedi', '/profilo', '/ordini/storico'];

/** The routes of SPEC §2 the shell owns or delegates to a remote; anything unknown shows the home page. */
export function App({ config, remotes }: AppProps) {
  return (
    <Layout config={config} remotes={remotes}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="/chi-siamo" element={<AboutPage />} />
        <Route path="/contatto" element={<ContactPage />} />
        <Route path="/termini" element={<TermsPage />} />
        <Route
          path="/prodotti"
          element={<RemoteSlot name="mf_catalog" component={remotes.CatalogPage} config={config} />}
        />
        {ACCOUNT_PATHS.map((path) => (
          <Route
            key={path}
            path={path}
            element={<RemoteSlot name="mf_account" component={remotes.AccountPages} config={config} />}
          />
        ))}
        <Route
          path="/gestione/*"
          element={<RemoteSlot name="mf_admin" component={remotes.AdminApp} config={config} />}
        />
        <Route path="*" element={<HomePage />} />
      </Routes>
    </Layout>
  );
}
