import { useTranslation } from 'react-i18next';

/** Five stars, the first `rating` (rounded) filled, read out as "4,5 su 5". */
export function Stars({ rating }: { rating: number }) {
  const { t, i18n } = useTranslation('catalog');
  const filled = Math.round(rating);
  const label = t('reviews.starsLabel', {
    rating: rating.toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
  });
  return (
    <span className="cat-stars" role="img" aria-label={label}>
      {'★'.repeat(filled)}
      <span className="cat-stars-empty">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}
