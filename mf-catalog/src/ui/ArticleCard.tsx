import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { articlePath, SHOP_INFO, type Article, type ReviewSummary } from '@edicola/contracts';
import { ArticlePhoto } from './ArticlePhoto';
import { ArticlePrices } from './ArticlePrices';
import { photoAddress } from '../format';
import { Stars } from './Stars';
import { StockLine } from './StockLine';
import { useAddToCart } from './useAddToCart';
import { categoryLabel } from '../categories';
import { pathIn } from '../paths';

export { CART_WAIT_MS } from './useAddToCart';

interface ArticleCardProps {
  article: Article;
  mediaBaseUrl: string;
  /** Undefined while the stats load (the line keeps its height). */
  stats?: ReviewSummary;
  /** First row of the grid: the photo loads eagerly with a high priority (LCP). */
  priority?: boolean;
  highlighted?: boolean;
  onReadReviews: () => void;
  onWriteReview: () => void;
  /** Called once when the card comes near the viewport (right away where IntersectionObserver is missing). */
  onNearViewport?: (articleId: string) => void;
}

/**
 * One catalogue card (docs/product/storefront.md#article-card): photo, texts, net and final price, SKU,
 * stock, rating and the cart button. Three Tab stops: the title's link to the article page, one reviews
 * control and 'Aggiungi' (sharing is on the article page).
 */
export function ArticleCard({
  article,
  mediaBaseUrl,
  stats,
  priority = false,
  highlighted = false,
  onReadReviews,
  onWriteReview,
  onNearViewport,
}: ArticleCardProps) {
  const { t, i18n } = useTranslation('catalog');
  const { addToCart, cartDown } = useAddToCart(article);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = card.current;
    if (!onNearViewport || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNearViewport(article.id);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        onNearViewport(article.id);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [article.id, onNearViewport]);
  const inStock = article.quantity_stock > 0;
  const titleId = `article-${article.id}-title`;
  const page = pathIn(i18n.language, articlePath(article.slug));
  return (
    <article
      ref={card}
      id={`article-${article.id}`}
      className={highlighted ? 'cat-card cat-highlight' : 'cat-card'}
      data-testid="article-card"
      aria-labelledby={titleId}
    >
      {/* The photo links to the page too, out of the Tab order: the title's link is the same one. */}
      <Link to={page} className="cat-photo-frame" tabIndex={-1} aria-hidden="true">
        <ArticlePhoto
          src={article.photo_url ? photoAddress(mediaBaseUrl, article.photo_url) : null}
          alt={article.photos[0]?.alt || article.title}
          priority={priority}
        />
      </Link>
      <div className="cat-body">
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
        <h2 id={titleId} className="cat-title">
          <Link to={page} className="cat-title-link">
            {article.title}
          </Link>
        </h2>
        <p className="cat-description">{article.description}</p>
        <Link to={page} className="cat-read-more" tabIndex={-1} aria-hidden="true">
          {t('card.readMore')}
        </Link>
        <ArticlePrices article={article} />
        <dl className="cat-facts">
          <div>
            <dt>{t('card.sku')}</dt>
            <dd>{article.sku}</dd>
          </div>
        </dl>
        <StockLine article={article} />
        <div className="cat-rating" data-testid="article-rating">
          {stats && stats.total_reviews > 0 && (
            <>
              <Stars rating={stats.average_rating} />{' '}
              <span>
                {t('card.ratingSummary', {
                  rating: stats.average_rating.toLocaleString(i18n.language, {
                    minimumFractionDigits: 1,
                    maximumFractionDigits: 1,
                  }),
                  count: stats.total_reviews,
                })}
              </span>{' '}
              <button type="button" className="cat-link-button" onClick={onReadReviews}>
                {t('card.readReviews')}
              </button>
            </>
          )}
          {stats && stats.total_reviews === 0 && (
            <>
              <span>{t('card.noReviews')}</span>{' '}
              <button type="button" className="cat-link-button" onClick={onWriteReview}>
                {t('card.firstReview')}
              </button>
            </>
          )}
        </div>
        {inStock ? (
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
      </div>
    </article>
  );
}
