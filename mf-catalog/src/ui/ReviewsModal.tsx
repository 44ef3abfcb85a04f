import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PublicReview as Review } from '@edicola/contracts';
import type { CatalogApi } from '../api';
import { formatNumericDay } from '@edicola/web-kit';
import { Modal } from './Modal';
import { ReviewForm } from './ReviewForm';
import { Stars } from './Stars';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; reviews: Review[] };

/** One review as text (never HTML): stars, verified badge, title, author, date, comment, helpful. */
export function ReviewItem({
  review,
  onHelpful,
  showArticle = false,
}: {
  review: Review;
  onHelpful?: () => void;
  showArticle?: boolean;
}) {
  const { t, i18n } = useTranslation('catalog');
  return (
    <li className="cat-review">
      <p className="cat-review-head">
        <Stars rating={review.rating} />
        {review.is_verified_purchase && <span className="cat-verified">{t('reviews.verified')}</span>}
      </p>
      <h3 className="cat-review-title">{review.title}</h3>
      {showArticle && review.article_title && (
        <p className="cat-review-article">
          <Link to={`/prodotti?article=${encodeURIComponent(review.article_id)}`}>
            {review.article_title}
          </Link>
        </p>
      )}
      <p className="cat-review-meta">
        {t('reviews.by', { name: review.customer_name })} ·{' '}
        <time dateTime={review.created_at}>{formatNumericDay(review.created_at, i18n.language)}</time>
      </p>
      <p className="cat-review-comment">{review.comment}</p>
      {review.admin_reply && (
        <p className="cat-review-response">
          <strong>{t('reviews.shopResponse')}</strong> {review.admin_reply.reply_text}
        </p>
      )}
      {onHelpful && (
        <button type="button" className="cat-button cat-link-button" onClick={onHelpful}>
          {t('reviews.helpful', { count: review.helpful_count })}
        </button>
      )}
    </li>
  );
}

interface ReviewsModalProps {
  api: CatalogApi;
  articleId: string;
  articleTitle: string;
  /** Opens straight on the writing form ('Lascia la prima recensione'). */
  startWriting?: boolean;
  onClose: () => void;
}

/** The reviews of one article and, on 'Lascia una recensione', the review-writing form. */
export function ReviewsModal({
  api,
  articleId,
  articleTitle,
  startWriting = false,
  onClose,
}: ReviewsModalProps) {
  const { t } = useTranslation('catalog');
  const [writing, setWriting] = useState(startWriting);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [voted, setVoted] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (writing) return;
    const controller = new AbortController();
    api.listReviews(articleId, controller.signal).then(
      (reviews) => setLoad({ status: 'ready', reviews }),
      () => {
        if (!controller.signal.aborted) setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [api, articleId, writing]);

  const helpful = async (review: Review) => {
    if (voted.has(review.id)) return;
    setVoted(new Set([...voted, review.id]));
    try {
      const { helpful_count: count } = await api.markHelpful(review.id);
      setLoad((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              reviews: current.reviews.map((r) => (r.id === review.id ? { ...r, helpful_count: count } : r)),
            }
          : current,
      );
    } catch {
      // Already voted or offline: the count stays as it was.
    }
  };

  if (writing) {
    return (
      <Modal title={t('reviewForm.title', { article: articleTitle })} onClose={onClose}>
        <ReviewForm api={api} articleId={articleId} reportMissing={false} />
      </Modal>
    );
  }
  return (
    <Modal title={t('reviews.title', { article: articleTitle })} onClose={onClose}>
      {load.status === 'loading' && <p role="status">{t('reviews.loading')}</p>}
      {load.status === 'error' && <p role="alert">{t('reviews.loadError')}</p>}
      {load.status === 'ready' && load.reviews.length === 0 && <p>{t('reviews.none')}</p>}
      {load.status === 'ready' && load.reviews.length > 0 && (
        <ul className="cat-review-list">
          {load.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} onHelpful={() => void helpful(review)} />
          ))}
        </ul>
      )}
      <button type="button" className="cat-button cat-primary" onClick={() => setWriting(true)}>
        {t('reviews.write')}
      </button>
    </Modal>
  );
}
