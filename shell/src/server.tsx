// The storefront's first paint, rendered by the storefront server (launcher/src/storefront-first-paint.ts)
// from the shell's own components: built for Node into dist-server/server.js (rspack.config.mjs).
import { createElement, lazy, type ReactNode } from 'react';
import { createInstance, type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_LANGUAGE, type Language, type RemoteProps, type RuntimeConfig } from '@edicola/contracts';
import { Layout } from './ui/Layout';
import { shellTranslations } from './locales';
import { HomeHero } from './pages/HomePage';
import { RemotePage } from './pages/RemotePage';
import { REMOTE_OF, type RemoteComponent, type RemoteComponents, type RemoteModule } from './remotes';

export interface PageRequest {
  language: Language;
  /** The page's path (the navigation marks its link). */
  pathname: string;
  /** The visitor accepted the cookie notice (its cookie came with the request): no notice then. */
  cookiesAccepted: boolean;
  config: RuntimeConfig;
}

const instances = new Map<Language, i18n>();

/** An i18next instance with the shell's texts in `language` (and Italian, every language's fallback). */
function textsIn(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ['shell'],
      defaultNS: 'shell',
      resources: {
        [DEFAULT_LANGUAGE]: { shell: shellTranslations[DEFAULT_LANGUAGE] },
        [language]: { shell: shellTranslations[language] },
      },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

/** A remote that has not arrived yet: its slot shows what it shows while the remote loads. */
function notYetLoaded(slot: string): RemoteComponent {
  const Waiting = lazy(() => new Promise<RemoteModule>(() => {}));
  const Remote = ((props: RemoteProps) => createElement(Waiting, props)) as RemoteComponent;
  Remote.displayName = slot;
  Remote.retry = () => {};
  return Remote;
}

const remotes = Object.fromEntries(
  Object.keys(REMOTE_OF).map((slot) => [slot, notYetLoaded(slot)]),
) as RemoteComponents;

/**
 * The page in the shell's Layout, wrapped in the element the browser recognises as the server's paint
 * (firstPaint.ts; the click replay of launcher/src/storefront-first-paint.ts).
 */
function renderPage(request: PageRequest, page: ReactNode): string {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={textsIn(request.language)}>
      <MemoryRouter initialEntries={[request.pathname]}>
        <Layout config={request.config} remotes={remotes} cookiesAccepted={request.cookiesAccepted}>
          {page}
        </Layout>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return `<div class="first-paint">${html}</div>`;
}

/** The home page's first paint: the Layout around the hero and banners. */
export function renderHome(request: PageRequest): string {
  return renderPage(request, <HomeHero />);
}

/** The catalogue's first paint: the Layout around the catalogue's own server render (mf-catalog's server.tsx). */
export function renderCatalogue(request: PageRequest, catalogue: string): string {
  return renderPage(
    request,
    <RemotePage
      name="mf_catalog"
      component={remotes.CatalogPage}
      config={request.config}
      page="catalogue"
      picture={catalogue}
    />,
  );
}
