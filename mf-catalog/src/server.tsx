// The catalogue's first paint, rendered by the storefront server (launcher/src/storefront-first-paint.ts)
// from the catalogue's own components: built for Node into dist-server/server.js (rspack.config.mjs).
import { createInstance, type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_LANGUAGE, type Article, type Language, type RuntimeConfig } from '@edicola/contracts';
import CatalogPage, { FIRST_ROW } from './pages/CatalogPage';
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

/**
 * The unfiltered catalogue as its page renders it, with the first row of cards (the rest is below the fold
 * and arrives with the catalogue's code). Without a list, its top and the loading line.
 */
export function renderCatalogue({ language, config, articles, origin }: CatalogueRequest): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={textsIn(language)}>
      <ShopOrigin.Provider value={origin}>
        <MemoryRouter initialEntries={['/prodotti']}>
          <CatalogPage config={config} articles={articles} cardLimit={FIRST_ROW} eagerPhotos={1} />
        </MemoryRouter>
      </ShopOrigin.Provider>
    </I18nextProvider>,
  );
}
