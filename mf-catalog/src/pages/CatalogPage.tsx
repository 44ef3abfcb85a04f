import { use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SHOP_INFO, type Article, type RemoteProps, type ReviewSummary } from '@edicola/contracts';
import { createCatalogApi, type CatalogApi } from '../api';
import { ArticleCard } from '../ui/ArticleCard';
import { categoryCounts, inCategory, isCategorySlug } from '../categories';
import { registerTranslations } from '../i18n';
import { ReviewsModal } from '../ui/ReviewsModal';
import { SampleProducts } from '../ui/SampleProducts';
import '../catalog.css';

registerTranslations();

/** How long a deep-linked article stays highlighted (docs/product/constants.md#timers). */
export const HIGHLIGHT_MS = 3000;
/** Cards in the first row on a wide screen: their photos load eagerly with a high priority. */
export const FIRST_ROW = 4;

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; articles: Article[] };
type OpenReviews = { article: Article; writing: boolean } | null;

const ready = (articles: Article[]): LoadState => ({
  status: 'ready',
  articles: articles.filter((article) => article.is_active),
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

/** /prodotti: filters, the catalogue grid and the reviews modals (exposed as mf_catalog/CatalogPage). */
export default function CatalogPage({
  config,
  articles: given,
  cardLimit,
  eagerPhotos = FIRST_ROW,
}: CatalogPageProps) {
  const { t } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const [params, setParams] = useSearchParams();
  const first = firstListWithPaint(api, config.apiBaseUrl);
  const initial = first ? use(first) : undefined;
  const [state, setState] = useState<LoadState>(
    () => initial ?? (given ? ready(given) : { status: 'loading' }),
  );
  const [attempt, setAttempt] = useState(0);
  /** The list is already at hand from the first paint's wait: the first fetch is skipped. */
  const fetched = useRef(initial !== undefined);
  const [stats, setStats] = useState<Record<string, ReviewSummary>>({});
  /** The deep-linked article whose 3 s highlight is over. */
  const [highlightDone, setHighlightDone] = useState<string | null>(null);
  const [reviews, setReviews] = useState<OpenReviews>(null);

  const categoryParam = params.get('category');
  const category = isCategorySlug(categoryParam) ? categoryParam : null;
  const articleParam = params.get('article');

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

  const loadStats = useCallback(
    (articleId: string, signal?: AbortSignal) =>
      api.reviewStats(articleId, signal).then(
        (answer) => setStats((current) => ({ ...current, [articleId]: answer })),
        () => undefined, // no rating line is better than an error on every card
      ),
    [api],
  );

  // Ratings are asked for when a card comes near the viewport (few requests competing with the photos).
  const requested = useRef(new Set<string>());
  const requestStats = useCallback(
    (articleId: string) => {
      if (requested.current.has(articleId)) return;
      requested.current.add(articleId);
      void loadStats(articleId);
    },
    [loadStats],
  );

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

  const selectCategory = (slug: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('article');
    if (slug) next.set('category', slug);
    else next.delete('category');
    setParams(next, { replace: true });
  };

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
        <h1 id="catalog-title">{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
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
                    stats={stats[article.id]}
                    onNearViewport={requestStats}
                    priority={index < eagerPhotos}
                    highlighted={highlighted === article.id}
                    onReadReviews={() => setReviews({ article, writing: false })}
                    onWriteReview={() => setReviews({ article, writing: true })}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {reviews && (
        <ReviewsModal
          api={api}
          articleId={reviews.article.id}
          articleTitle={reviews.article.title}
          startWriting={reviews.writing}
          onClose={() => {
            setReviews(null);
            void loadStats(reviews.article.id);
          }}
        />
      )}
    </section>
  );
}
