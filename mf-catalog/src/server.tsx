// The catalogue's first paint, rendered by the storefront server (launcher/src/storefront-first-paint.ts)
// from the catalogue's own components: built for Node into dist-server/server.js (rspack.config.mjs).
import { createInstance, type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import {
  CATALOGUE_PATH,
  DEFAULT_LANGUAGE,
  type Article,
  type CategorySlug,
  type Language,
  type PublicReview,
  type ReviewSummary,
  type RuntimeConfig,
} from '@edicola/contracts';
import type { ReactNode } from 'react';
import ArticlePage from './pages/ArticlePage';
import CatalogPage, { FIRST_ROW } from './pages/CatalogPage';
import { pageMeta, type CataloguePage, type PageMeta } from './meta';
import { NAMESPACE } from './i18n';
import { catalogTranslations } from './locales';
import { ShopOrigin } from './shopOrigin';

export interface CatalogueRequest {
  language: Language;
  config: RuntimeConfig;
  /** The API's article list, in its order; none when the server has no usable list at hand. */
  articles?: Article[];
  /** The shop's address the page is served at (share links). */
  origin: string;
  /** The page's address as requested (`/en/prodotti/categoria/pokemon`); the catalogue's by default. */
  pathname?: string;
  /** The category of `?category=` (a category page's comes from its pathname). */
  category?: CategorySlug;
  /** The article of `?article=`, highlighted. */
  highlight?: string;
}

export interface ArticleRequest {
  language: Language;
  config: RuntimeConfig;
  origin: string;
  /** The article page's address as requested (`/en/prodotti/<slug>`). */
  pathname: string;
  article: Article;
  reviews: PublicReview[];
  summary?: ReviewSummary;
}

const instances = new Map<Language, i18n>();

/** An i18next instance with the catalogue's texts in `language` (and Italian, every language's fallback). */
function textsIn(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      resources: {
        [DEFAULT_LANGUAGE]: { [NAMESPACE]: catalogTranslations[DEFAULT_LANGUAGE] },
        [language]: { [NAMESPACE]: catalogTranslations[language] },
      },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

function renderAt(language: Language, origin: string, address: string, page: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={textsIn(language)}>
      <ShopOrigin.Provider value={origin}>
        <MemoryRouter initialEntries={[address]}>{page}</MemoryRouter>
      </ShopOrigin.Provider>
    </I18nextProvider>,
  );
}

/**
 * The catalogue (or a category's page) as its page renders it, with the first row of cards (the rest is below
 * the fold and arrives with the catalogue's code). Without a list, its top and the loading line.
 */
export function renderCatalogue({
  language,
  config,
  articles,
  origin,
  pathname = CATALOGUE_PATH,
  category,
  highlight,
}: CatalogueRequest): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (highlight) query.set('article', highlight);
  const address = query.size > 0 ? `${pathname}?${query.toString()}` : pathname;
  return renderAt(
    language,
    origin,
    address,
    <CatalogPage config={config} articles={articles} cardLimit={FIRST_ROW} eagerPhotos={1} />,
  );
}

/**
 * An article's page as the browser renders it, from the article and its reviews the server has at hand (no
 * fetch here); in the browser the page then loads them as usual.
 */
export function renderArticle({
  language,
  config,
  origin,
  pathname,
  article,
  reviews,
  summary,
}: ArticleRequest): string {
  return renderAt(
    language,
    origin,
    pathname,
    <ArticlePage config={config} article={article} reviews={reviews} summary={summary} />,
  );
}

/** A catalogue page's title, description (for search engines) and breadcrumbs (paths without language). */
export function catalogueMeta(language: Language, page: CataloguePage): PageMeta {
  const { t } = textsIn(language);
  return pageMeta((key, options) => t(key, options ?? {}), page);
}
