import { use, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  articlePath,
  onSale,
  CATALOGUE_PATH,
  SEARCH_PATH,
  SHOP_INFO,
  type Article,
  type PublicReview,
  type RemoteProps,
  type ReviewSummary,
} from '@edicola/contracts';
import { ApiError, useDocumentTitle } from '@edicola/web-kit';
import { createCatalogApi, type CatalogApi } from '../api';
import { categoryLabel } from '../categories';
import { registerTranslations } from '../i18n';
import { pageMeta } from '../meta';
import { pathIn, slugOfPath } from '../paths';
import { AttributeList } from '../ui/AttributeList';
import { Gallery } from '../ui/Gallery';
import { ReviewItem, ReviewsModal } from '../ui/ReviewsModal';
import { ShareButtons } from '../ui/ShareButtons';
import { Stars } from '../ui/Stars';
import { ArticlePrices } from '../ui/ArticlePrices';
import { ReleaseCountdown } from '../ui/ReleaseCountdown';
import { StockAlertForm } from '../ui/StockAlertForm';
import { StockLine } from '../ui/StockLine';
import { useAddToCart } from '../ui/useAddToCart';
import '../catalog.css';

registerTranslations();

type Load =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error' }
  | { status: 'ready'; article: Article };

type Answer = { slug: string; attempt: number; load: Load };

function loadArticle(api: CatalogApi, slug: string, attempt: number, signal?: AbortSignal): Promise<Answer> {
  return api.articleBySlug(slug, signal).then(
    (article): Answer => ({ slug, attempt, load: { status: 'ready', article } }),
    (error: unknown): Answer => {
      const status = error instanceof ApiError && error.status === 404 ? 'notFound' : 'error';
      return { slug, attempt, load: { status } };
    },
  );
}

/**
 * The first article of a visit that arrived with the server's paint of its page: as the catalogue's first
 * list (CatalogPage.tsx), the first render waits for it in Suspense, so the shell's slot keeps the server's
 * picture until the real page replaces it instead of blinking through the loading outline.
 */
let firstArticle: { slug: string; answer: Promise<Answer> } | null | undefined;

function firstArticleWithPaint(api: CatalogApi, slug: string): Promise<Answer> | undefined {
  if (firstArticle === undefined) {
    const painted = typeof document !== 'undefined' && document.querySelector('.first-paint .cat-article');
    firstArticle = painted ? { slug, answer: loadArticle(api, slug, 0) } : null;
  }
  return firstArticle?.slug === slug ? firstArticle.answer : undefined;
}

interface ArticlePageProps extends RemoteProps {
  /** The article, its reviews and their summary as the storefront server renders them (server.tsx): no fetch. */
  article?: Article;
  reviews?: PublicReview[];
  summary?: ReviewSummary;
}

/** /prodotti/<slug>: one article, its photos, attributes and reviews (exposed as mf_catalog/ArticlePage). */
export default function ArticlePage({ config, article: given, reviews, summary }: ArticlePageProps) {
  const { t, i18n } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const location = useLocation();
  const navigate = useNavigate();
  const slug = slugOfPath(location.pathname);
  /** The last answer, with the address and attempt it answers: any other address is still loading. */
  const first = given ? undefined : firstArticleWithPaint(api, slug);
  const initial = first ? use(first) : undefined;
  const [answer, setAnswer] = useState<Answer | null>(
    () =>
      initial ?? (given ? { slug: given.slug, attempt: 0, load: { status: 'ready', article: given } } : null),
  );
  const [attempt, setAttempt] = useState(0);
  const current =
    answer !== null &&
    answer.attempt === attempt &&
    (answer.slug === slug || (answer.load.status === 'ready' && answer.load.article.slug === slug));
  const load: Load = current ? answer.load : { status: 'loading' };

  useEffect(() => {
    firstArticle = null; // shown: a later article page loads as usual
  }, []);

  useEffect(() => {
    if (current) return;
    const controller = new AbortController();
    void loadArticle(api, slug, attempt, controller.signal).then((next) => {
      if (!controller.signal.aborted) setAnswer(next);
    });
    return () => controller.abort();
  }, [api, slug, attempt, current]);

  const article = load.status === 'ready' ? load.article : null;
  // A former address answers the article under its current one: the page moves there (Back skips the old).
  useEffect(() => {
    if (article && slug && article.slug !== slug) {
      void navigate(`${pathIn(i18n.language, articlePath(article.slug))}${location.search}`, {
        replace: true,
      });
    }
  }, [article, slug, i18n.language, location.search, navigate]);

  const meta = pageMeta(t, article ? { article } : { notFound: load.status === 'notFound' });
  useDocumentTitle(load.status === 'loading' ? pageMeta(t, {}).title : meta.title);

  if (load.status === 'loading') {
    return (
      <section className="cat-page cat-article cat-article-skeleton" aria-busy="true">
        <p className="cat-visually-hidden" role="status">
          {t('article.loading')}
        </p>
        <div className="cat-article-layout" aria-hidden="true">
          <div className="cat-gallery">
            <div className="cat-skeleton cat-skeleton-photo" />
          </div>
          <div className="cat-article-info">
            <div className="cat-skeleton cat-skeleton-title" />
            <div className="cat-skeleton cat-skeleton-line" />
            <div className="cat-skeleton cat-skeleton-line" />
            <div className="cat-skeleton cat-skeleton-button" />
          </div>
        </div>
      </section>
    );
  }
  if (load.status === 'notFound') {
    return (
      <section className="cat-page cat-article" aria-labelledby="article-missing">
        <h1 id="article-missing">{t('article.notFound')}</h1>
        <p>{t('article.notFoundHint')}</p>
        <p className="cat-actions">
          <Link className="cat-button cat-primary" to={pathIn(i18n.language, SEARCH_PATH)}>
            {t('search.searchLink')}
          </Link>
          <Link className="cat-button" to={pathIn(i18n.language, CATALOGUE_PATH)}>
            {t('reviewPage.backToCatalogue')}
          </Link>
        </p>
      </section>
    );
  }
  if (load.status === 'error') {
    return (
      <section className="cat-page cat-article">
        <div className="cat-status cat-notice" role="alert">
          <p>{t('article.loadError')}</p>
          <p className="cat-actions">
            <button type="button" className="cat-button cat-primary" onClick={() => setAttempt(attempt + 1)}>
              {t('retry')}
            </button>
            <a className="cat-button" href={SHOP_INFO.phoneHref}>
              {t('samples.call', { phone: SHOP_INFO.phone })}
            </a>
          </p>
        </div>
      </section>
    );
  }
  return (
    <ArticleView
      key={load.article.id}
      article={load.article}
      api={api}
      mediaBaseUrl={config.mediaBaseUrl}
      breadcrumbs={meta.breadcrumbs}
      reviews={given?.id === load.article.id ? reviews : undefined}
      summary={given?.id === load.article.id ? summary : undefined}
    />
  );
}

function ArticleView({
  article,
  api,
  mediaBaseUrl,
  breadcrumbs,
  reviews: givenReviews,
  summary: givenSummary,
}: {
  article: Article;
  api: CatalogApi;
  mediaBaseUrl: string;
  breadcrumbs: { name: string; path: string }[];
  reviews?: PublicReview[];
  summary?: ReviewSummary;
}) {
  const { t, i18n } = useTranslation('catalog');
  const { addToCart, cartDown } = useAddToCart(article);
  // Before the release hour the countdown shows and the button waits (docs/product/release-hour.md#countdown).
  const [released, setReleased] = useState(() => onSale(article.sale_starts_at, Date.now()));
  const markReleased = useCallback(() => setReleased(true), []);
  const path = pathIn(i18n.language, articlePath(article.slug));
  const paragraphs = article.description.split(/\n\s*\n/).filter((text) => text.trim() !== '');
  return (
    <article className="cat-page cat-article" aria-labelledby="article-title">
      <nav aria-label={t('breadcrumbs.label')} className="cat-breadcrumbs">
        <ol>
          {breadcrumbs.map((crumb, index) => (
            <li key={crumb.path}>
              {index < breadcrumbs.length - 1 ? (
                <Link to={pathIn(i18n.language, crumb.path)}>{crumb.name}</Link>
              ) : (
                <span aria-current="page">{crumb.name}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="cat-article-layout">
        <Gallery photos={article.photos} title={article.title} mediaBaseUrl={mediaBaseUrl} />
        <div className="cat-article-info">
          <p className="cat-labels">
            <span className="cat-category">
              <span className="cat-visually-hidden">{t('card.category')}: </span>
              {categoryLabel(article.category, t)}
            </span>
            {article.product_type !== 'normale' && (
              <span className={`cat-badge cat-badge-${article.product_type}`}>
                {t(`productType.${article.product_type}`)}
              </span>
            )}
          </p>
          <h1 id="article-title" className="cat-article-title">
            {article.title}
          </h1>
          <ArticlePrices article={article} />
          <StockLine article={article} />
          {!released && article.sale_starts_at && (
            <ReleaseCountdown saleStartsAt={article.sale_starts_at} onReleased={markReleased} />
          )}
          {!released ? (
            <button type="button" className="cat-add" disabled>
              {t('release.notYet')}
            </button>
          ) : article.quantity_stock > 0 ? (
            <button
              type="button"
              className="cat-add"
              onClick={addToCart}
              data-replay={`add-to-cart:${article.id}`}
            >
              {t('card.addToCart')}
            </button>
          ) : (
            <button type="button" className="cat-add" disabled>
              {t('card.unavailable')}
            </button>
          )}
          {cartDown && (
            <p className="cat-error" role="alert">
              {t('card.cartUnavailable', { phone: SHOP_INFO.phone })}
            </p>
          )}
          {article.quantity_stock <= 0 && <StockAlertForm api={api} articleId={article.id} />}
          <AttributeList article={article} />
          <ShareButtons article={article} path={path} />
        </div>
      </div>
      <section className="cat-article-description" aria-labelledby="article-description">
        <h2 id="article-description">{t('article.description')}</h2>
        {paragraphs.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </section>
      <ArticleReviews article={article} api={api} reviews={givenReviews} summary={givenSummary} />
    </article>
  );
}

/** The reviews on the article page: summary, the approved reviews with helpful votes, and writing one. */
function ArticleReviews({
  article,
  api,
  reviews: givenReviews,
  summary: givenSummary,
}: {
  article: Article;
  api: CatalogApi;
  reviews?: PublicReview[];
  summary?: ReviewSummary;
}) {
  const { t, i18n } = useTranslation('catalog');
  const [reviews, setReviews] = useState<PublicReview[] | null>(givenReviews ?? null);
  const [summary, setSummary] = useState<ReviewSummary | null>(givenSummary ?? null);
  const [failed, setFailed] = useState(false);
  const [writing, setWriting] = useState(false);
  const [voted, setVoted] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (givenReviews && attempt === 0) return;
    const controller = new AbortController();
    Promise.all([
      api.listReviews(article.id, controller.signal),
      api.reviewStats(article.id, controller.signal),
    ]).then(
      ([list, stats]) => {
        setReviews(list);
        setSummary(stats);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, article.id, givenReviews, attempt]);

  const helpful = async (review: PublicReview) => {
    if (voted.has(review.id)) return;
    setVoted(new Set([...voted, review.id]));
    try {
      const { helpful_count: count } = await api.markHelpful(review.id);
      setReviews((current) =>
        current ? current.map((r) => (r.id === review.id ? { ...r, helpful_count: count } : r)) : current,
      );
    } catch {
      // Already voted or offline: the count stays as it was.
    }
  };

  return (
    <section className="cat-article-reviews" aria-labelledby="article-reviews">
      <h2 id="article-reviews">{t('article.reviews')}</h2>
      {summary && summary.total_reviews > 0 && (
        <p className="cat-rating">
          <Stars rating={summary.average_rating} />{' '}
          {t('card.ratingSummary', {
            rating: summary.average_rating.toLocaleString(i18n.language, {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }),
            count: summary.total_reviews,
          })}
        </p>
      )}
      {failed && <p role="alert">{t('reviews.loadError')}</p>}
      {reviews && reviews.length === 0 && <p>{t('reviews.none')}</p>}
      {reviews && reviews.length > 0 && (
        <ul className="cat-review-list">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} onHelpful={() => void helpful(review)} />
          ))}
        </ul>
      )}
      <button type="button" className="cat-button cat-primary" onClick={() => setWriting(true)}>
        {t('reviews.write')}
      </button>
      {writing && (
        <ReviewsModal
          api={api}
          articleId={article.id}
          articleTitle={article.title}
          startWriting
          onClose={() => {
            setWriting(false);
            setAttempt(attempt + 1);
          }}
        />
      )}
    </section>
  );
}
