// The storefront's first paint, rendered by the storefront server (launcher/src/storefront-first-paint.ts)
// from the shell's own components: built for Node into dist-server/server.js (rspack.config.mjs).
import { createElement, lazy, type ReactNode } from 'react';
import { createInstance, type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import {
  DEFAULT_LANGUAGE,
  SEARCH_PATH,
  localizedPath,
  type Language,
  type RemoteProps,
  type RuntimeConfig,
} from '@edicola/contracts';
import { Layout } from './ui/Layout';
import { shellTranslations } from './locales';
import { privacyTranslations } from './locales/privacy';
import { PRIVACY_NAMESPACE } from './i18n';
import { createShellApi } from './api';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { HomeHero } from './pages/HomePage';
import { RemotePage } from './pages/RemotePage';
import { PrivacyPage } from './pages/PrivacyPage';
import { TermsPage } from './pages/TermsPage';
import { SHOP } from './shopInfo';
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
      ns: ['shell', PRIVACY_NAMESPACE],
      defaultNS: 'shell',
      resources: {
        [DEFAULT_LANGUAGE]: {
          shell: shellTranslations[DEFAULT_LANGUAGE],
          [PRIVACY_NAMESPACE]: privacyTranslations[DEFAULT_LANGUAGE],
        },
        [language]: {
          shell: shellTranslations[language],
          [PRIVACY_NAMESPACE]: privacyTranslations[language],
        },
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

/**
 * The catalogue's first paint: the Layout around the catalogue's own server render (mf-catalog's server.tsx):
 * the catalogue, a category page, or an article page (its `catalogue` markup is then the article's).
 */
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

/** The shell's own pages the storefront server paints (docs/product/article-pages.md#languages). */
export type StaticPage = 'about' | 'contact' | 'terms' | 'privacy';

/** The first paint of /chi-siamo, /contatto, /termini or /privacy: the shell's page components in the Layout. */
export function renderStatic(request: PageRequest, page: StaticPage): string {
  const { seller } = request.config;
  const pages: Record<StaticPage, () => ReactNode> = {
    about: () => <AboutPage />,
    contact: () => <ContactPage api={createShellApi(request.config.apiBaseUrl)} />,
    terms: () => <TermsPage seller={seller} presaleTerms={request.config.presaleTerms} />,
    privacy: () => <PrivacyPage seller={seller} />,
  };
  return renderPage(request, pages[page]());
}

/** What an address of no page shows: it says so and leads to the search (docs/product/article-pages.md#addresses). */
function NotFound({ language }: { language: Language }) {
  const t = textsIn(language).getFixedT(language, 'shell');
  return (
    <article className="container page-section static-page not-found">
      <h1>{t('seo.notFound.title')}</h1>
      <p>{t('seo.notFound.text')}</p>
      <form role="search" method="get" action={localizedPath(language, SEARCH_PATH)}>
        <label htmlFor="not-found-search">{t('seo.notFound.searchLabel')}</label>{' '}
        <input id="not-found-search" type="search" name="q" />{' '}
        <button type="submit">{t('seo.notFound.searchButton')}</button>
      </form>
      <p>
        <a href={localizedPath(language, '/prodotti')}>{t('seo.notFound.catalogueLink')}</a>
      </p>
    </article>
  );
}

/** The first paint of a 404 page: the Layout around a notice that leads to the search. */
export function renderNotFound(request: PageRequest): string {
  return renderPage(request, <NotFound language={request.language} />);
}

/** A page of the shell's own whose head the storefront server writes. */
export type ShellMetaPage = 'home' | StaticPage | 'notFound';

/** The title and description of one of the shell's pages in `language` (the head's, from the `seo` texts). */
export function shellMeta(language: Language, page: ShellMetaPage): { title: string; description: string } {
  const t = textsIn(language).getFixedT(language, 'shell');
  if (page === 'notFound')
    return { title: `${t('seo.notFound.title')} – ${SHOP.name}`, description: t('seo.notFound.text') };
  const title = t(`seo.${page}.title`);
  return {
    title: page === 'home' ? `${SHOP.name} – ${title}` : `${title} – ${SHOP.name}`,
    description: t(`seo.${page}.description`),
  };
}

/**
 * The `<noscript>` text of a page in `language`: the pages that cannot work without JavaScript (sign-up,
 * sign-in, checkout) say so and give the phone; the others that the shop works best with it.
 */
export function noscriptText(language: Language, needsScript: boolean): string {
  const t = textsIn(language).getFixedT(language, 'shell');
  return needsScript ? t('seo.noscript.needsScript', { phone: SHOP.phone }) : t('seo.noscript.page');
}
