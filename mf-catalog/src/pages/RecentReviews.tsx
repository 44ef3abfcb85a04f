import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteProps } from '@edicola/contracts';
import { useLoad } from '@edicola/web-kit';
import { createCatalogApi } from '../api';
import { registerTranslations } from '../i18n';
import { ReviewItem } from '../ui/ReviewsModal';
import '../catalog.css';

registerTranslations();

/** Home: the six latest customer reviews (GET /reviews/recent?limit=6; exposed as mf_catalog/RecentReviews). */
export default function RecentReviews({ config }: RemoteProps) {
  const { t } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const recent = useLoad((signal) => api.recentReviews(signal), config.apiBaseUrl);
  const reviews = recent.loading ? undefined : recent.data;
  const failed = !recent.loading && recent.error !== null;

  return (
    <section className="cat-home-section" aria-labelledby="home-reviews-title" data-testid="home-reviews">
      <h2 id="home-reviews-title">{t('home.reviews.title')}</h2>
      {!reviews && !failed && <p role="status">{t('reviews.loading')}</p>}
      {failed && <p>{t('home.unavailable')}</p>}
      {reviews && reviews.length === 0 && <p>{t('home.reviews.none')}</p>}
      {reviews && reviews.length > 0 && (
        <ul className="cat-review-list cat-review-grid">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} showArticle />
          ))}
        </ul>
      )}
    </section>
  );
}
