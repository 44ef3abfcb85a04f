import { use, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_PATH,
  categoryPath,
  SEARCH_PATH,
  SHOP_INFO,
  type Article,
  type CategorySlug,
  type RemoteProps,
} from '@edicola/contracts';
import { useDocumentTitle } from '@edicola/web-kit';
import { createCatalogApi, type CatalogApi } from '../api';
import { ArticleCard } from '../ui/ArticleCard';
import { categoryCounts, inCategory, isCategorySlug } from '../categories';
import { registerTranslations } from '../i18n';
import { pageMeta } from '../meta';
import { categoryOfPath, pathIn } from '../paths';
import { SampleProducts } from '../ui/SampleProducts';
import { useCardReviews } from '../ui/useCardReviews';
import '../catalog.css';

registerTranslations();

/** How long a deep-linked article stays highlighted (docs/product/constants.md#timers). */
export const HIGHLIGHT_MS = 3000;
/** Cards in the first row on a wide screen: their photos load eagerly with a high priority. */
export const FIRST_ROW = 4;

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; articles: Article[] };

/** The active articles, those in stock first, each group in the API's order (sort is stable). */
const ready = (articles: Article[]): LoadState => ({
  status: 'ready',
  articles: articles
    .filter((article) => article.is_active)
    .sort((a, b) => Number(a.quantity_stock === 0) - Number(b.quantity_stock === 0)),
});

const loadList = (api: CatalogApi, signal?: AbortSignal): Promise<LoadState> =>
  api.listArticles(signal).then(ready, () => ({ status: 'error' }));

interface CatalogPageProps extends RemoteProps {
  /** The list to show at once, without fetching it: the storefront server's render (server.tsx). */
  articles?: Article[];
  /** Show at most this many cards (the server paints the first row only). */
  cardLimit?: number;
  /**
   * How many photos load at once with a high priority: the first row in the app; only the first in the
   * server's paint, where a phone shows one card above the fold and three photos at once would delay it.
   */
  eagerPhotos?: number;
}

/**
 * The first list of a visit that arrived with the server's first paint of the catalogue (an inert picture
 * the shell's slot shows while this remote loads: shell/src/firstPaint.ts). That first render waits for
 * its list in Suspense, so the slot keeps the picture until the real cards replace it, instead of
 * blinking through the loading state. Every other render shows the loading state as before.
 */
let firstList: { apiBaseUrl: string; state: Promise<LoadState> } | null | undefined;

function firstListWithPaint(api: CatalogApi, apiBaseUrl: string): Promise<LoadState> | undefined {
  if (firstList === undefined) {
    const painted = typeof document !== 'undefined' && document.querySelector('.first-paint .cat-page');
    firstList = painted ? { apiBaseUrl, state: loadList(api) } : null;
  }
  return firstList?.apiBaseUrl === apiBaseUrl ? firstList.state : undefined;
}

/**
 * /prodotti and the category pages /prodotti/categoria/<slug>: filters, the catalogue grid and the reviews
 * modals (exposed as mf_catalog/CatalogPage; docs/product/storefront.md#catalogue).
 */
export default function CatalogPage({
  config,
  articles: given,
  cardLimit,
  eagerPhotos = FIRST_ROW,
}: CatalogPageProps) {
  const { t, i18n } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const first = firstListWithPaint(api, config.apiBaseUrl);
  const initial = first ? use(first) : undefined;
  const [state, setState] = useState<LoadState>(
    () => initial ?? (given ? ready(given) : { status: 'loading' }),
  );
  const [attempt, setAttempt] = useState(0);
  /** The list is already at hand from the first paint's wait: the first fetch is skipped. */
  const fetched = useRef(initial !== undefined);
  /** The deep-linked article whose 3 s highlight is over. */
  const [highlightDone, setHighlightDone] = useState<string | null>(null);
  const reviews = useCardReviews(api);
  const { requestStats } = reviews;

  const categoryParam = params.get('category');
  const category =
    categoryOfPath(location.pathname) ?? (isCategorySlug(categoryParam) ? categoryParam : null);
  const articleParam = params.get('article');
  const meta = pageMeta(t, category ? { category } : {});
  useDocumentTitle(meta.title);

  useEffect(() => {
    firstList = null; // shown: a later visit to the catalogue loads as usual
    if (fetched.current) {
      fetched.current = false;
      return;
    }
    const controller = new AbortController();
    void loadList(api, controller.signal).then((next) => {
      if (!controller.signal.aborted) setState(next);
    });
    return () => controller.abort();
  }, [api, attempt]);

  const articles = state.status === 'ready' ? state.articles : null;
  // ?article={id}: scroll to it and highlight it for 3 s.
  useEffect(() => {
    if (!articles || !articleParam || !articles.some((article) => article.id === articleParam)) return;
    requestStats(articleParam);
    const card = document.getElementById(`article-${articleParam}`);
    card?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const timer = setTimeout(() => setHighlightDone(articleParam), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [articles, articleParam, requestStats]);

  /** A category is a page of its own: Back returns to the previous one. */
  const selectCategory = (slug: CategorySlug | null) =>
    navigate(pathIn(i18n.language, slug ? categoryPath(slug) : CATALOGUE_PATH));
  const missing =
    articles && articleParam && !articles.some((article) => article.id === articleParam)
      ? articleParam
      : null;

  const highlighted = articleParam !== highlightDone ? articleParam : null;
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt(attempt + 1);
  };

  const visible = articles
    ? articles
        .filter((article) => !category || inCategory(article, category) || article.id === articleParam)
        .slice(0, cardLimit)
    : [];

  return (
    <section className="cat-page" aria-labelledby="catalog-title">
      <header className="cat-hero">
        <h1 id="catalog-title">{category ? t(`categories.${category}`) : t('title')}</h1>
        <p>{category ? t('categoryPage.intro', { category: t(`categories.${category}`) }) : t('intro')}</p>
      </header>
      {missing && (
        <p className="cat-notice cat-message" role="status">
          {t('missingArticle')} <Link to={pathIn(i18n.language, SEARCH_PATH)}>{t('search.searchLink')}</Link>
        </p>
      )}
      <p className="cat-notice cat-message">
        {t('notice')}{' '}
        <a href={SHOP_INFO.phoneHref} className="cat-phone">
          {SHOP_INFO.phone}
        </a>
      </p>
      {state.status === 'loading' && (
        <p className="cat-status cat-reserved" role="status">
          {t('loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div className="cat-status cat-notice cat-reserved" role="alert">
          <p>{t('loadError')}</p>
          <p>{t('loadErrorDetail')}</p>
          <p className="cat-actions">
            <button type="button" className="cat-button cat-primary" onClick={retry}>
              {t('retry')}
            </button>
            <a className="cat-button" href={SHOP_INFO.phoneHref}>
              {t('samples.call', { phone: SHOP_INFO.phone })}
            </a>
          </p>
        </div>
      )}
      {articles && articles.length === 0 && <SampleProducts />}
      {articles && articles.length > 0 && (
        <>
          <div className="cat-filters" role="group" aria-label={t('filters.label')}>
            <button
              type="button"
              className="cat-filter"
              aria-pressed={category === null}
              onClick={() => selectCategory(null)}
              data-replay="filter:all"
            >
              {t('filters.all', { count: articles.length })}
            </button>
            {categoryCounts(articles).map(({ slug, count }) => (
              <button
                key={slug}
                type="button"
                className={slug === 'panini' ? 'cat-filter cat-filter-panini' : 'cat-filter'}
                aria-pressed={category === slug}
                onClick={() => selectCategory(slug)}
                data-replay={`filter:${slug}`}
              >
                {t(`categories.${slug}`)} ({count})
              </button>
            ))}
          </div>
          {visible.length === 0 ? (
            <p className="cat-status">{t('filters.empty')}</p>
          ) : (
            <ul className="cat-grid" aria-label={t('listLabel')}>
              {visible.map((article, index) => (
                <li key={article.id}>
                  <ArticleCard
                    article={article}
                    mediaBaseUrl={config.mediaBaseUrl}
                    {...reviews.cardProps(article)}
                    priority={index < eagerPhotos}
                    highlighted={highlighted === article.id}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {reviews.dialog}
    </section>
  );
}
