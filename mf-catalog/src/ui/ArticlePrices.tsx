import { useTranslation } from 'react-i18next';
import { grossPrice, type Article } from '@edicola/contracts';
import { formatDay, formatEuro } from '@edicola/web-kit';

/**
 * An article's pre-sale date (when it has one), its net price with the VAT and its final price: the same on the
 * card and on the article's page (docs/product/storefront.md#article-card).
 */
export function ArticlePrices({ article }: { article: Article }) {
  const { t, i18n } = useTranslation('catalog');
  return (
    <>
      {article.availability_date && (
        <p className="cat-availability">
          {t('card.availableFrom', { date: formatDay(article.availability_date, i18n.language) })}
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
    </>
  );
}
