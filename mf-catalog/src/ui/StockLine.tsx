import { useTranslation } from 'react-i18next';
import type { Article } from '@edicola/contracts';

/**
 * The stock of an article (docs/product/storefront.md#article-card): "Disponibili: N" while there are units;
 * "Esaurito" at 0, or "Non disponibile" for an article of no sale yet (pre-sale, reservation).
 */
export function StockLine({ article }: { article: Article }) {
  const { t } = useTranslation('catalog');
  if (article.quantity_stock > 0) {
    return <p className="cat-stock">{t('card.stock', { count: article.quantity_stock })}</p>;
  }
  return (
    <p className="cat-stock cat-stock-out">
      {article.product_type === 'normale' ? t('card.soldOut') : t('card.notAvailable')}
    </p>
  );
}
