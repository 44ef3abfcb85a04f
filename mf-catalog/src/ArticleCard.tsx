import { useTranslation } from 'react-i18next';
import { emitDomEvent, grossPrice, type Article } from '@edicola/contracts';
import { ArticlePhoto } from './ArticlePhoto';
import { formatDate, formatEuro, photoAddress } from './format';

interface ArticleCardProps {
  article: Article;
  mediaBaseUrl: string;
}

/** One catalogue card (SPEC §2): photo, texts, net and final price, SKU, stock and the cart button. */
export function ArticleCard({ article, mediaBaseUrl }: ArticleCardProps) {
  const { t } = useTranslation('catalog');
  const inStock = article.quantity_stock > 0;
  const titleId = `article-${article.id}-title`;
  return (
    <article className="cat-card" data-testid="article-card" aria-labelledby={titleId}>
      <div className="cat-photo-frame">
        <ArticlePhoto
          src={article.photo_url ? photoAddress(mediaBaseUrl, article.photo_url) : null}
          alt={article.title}
        />
        {article.product_type !== 'normale' && (
          <span className={`cat-badge cat-badge-${article.product_type}`}>
            {t(`productType.${article.product_type}`)}
          </span>
        )}
      </div>
      <div className="cat-body">
        <p className="cat-category">
          <span className="cat-visually-hidden">{t('card.category')}: </span>
          {article.category}
        </p>
        <h2 id={titleId} className="cat-title">
          {article.title}
        </h2>
        <p className="cat-description">{article.description}</p>
        {article.availability_date && (
          <p className="cat-availability">
            {t('card.availableFrom', { date: formatDate(article.availability_date) })}
          </p>
        )}
        <div className="cat-prices">
          <p className="cat-net">
            <span className="cat-visually-hidden">{t('card.netPrice')}: </span>
            {formatEuro(article.price)}{' '}
            <span className="cat-vat">
              {article.iva_percentage === 0
                ? t('card.vatExempt')
                : `+ ${t('card.vat', { rate: article.iva_percentage })}`}
            </span>
          </p>
          <p className="cat-final">
            <span className="cat-final-label">{t('card.finalPrice')}</span>{' '}
            <strong data-testid="final-price">
              {formatEuro(grossPrice(article.price, article.iva_percentage))}
            </strong>
          </p>
        </div>
        <dl className="cat-facts">
          <div>
            <dt>{t('card.sku')}</dt>
            <dd>{article.sku}</dd>
          </div>
        </dl>
        <p className={inStock ? 'cat-stock' : 'cat-stock cat-stock-out'}>
          {t('card.stock', { count: article.quantity_stock })}
        </p>
        {inStock ? (
          <button
            type="button"
            className="cat-add"
            onClick={() => emitDomEvent('edicola:cart-add', { article_id: article.id, quantity: 1 })}
          >
            {t('card.addToCart')}
          </button>
        ) : (
          <button type="button" className="cat-add" disabled>
            {t('card.unavailable')}
          </button>
        )}
      </div>
    </article>
  );
}
