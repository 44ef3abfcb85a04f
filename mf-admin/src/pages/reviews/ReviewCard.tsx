import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '@edicola/contracts';
import { formatShortDate } from '@edicola/web-kit';

interface Props {
  review: Review;
  onApprove: () => void;
  onHide: () => void;
  onDelete: () => void;
  onReply: (text: string) => Promise<boolean>;
}

/** One review with its moderation: approve, hide, delete, and the shop's reply. */
export function ReviewCard({ review, onApprove, onHide, onDelete, onReply }: Props) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [reply, setReply] = useState(review.admin_reply?.reply_text ?? '');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    setSending(true);
    await onReply(reply.trim());
    setSending(false);
  };
  return (
    <article className="adm-review" aria-labelledby={`${id}-title`} data-testid="review">
      <header>
        <span className="adm-stars" aria-label={t('reviews.rating', { count: review.rating })}>
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>{' '}
        <strong id={`${id}-title`}>{review.title}</strong>{' '}
        <span className={review.approved ? 'adm-badge adm-badge-ok' : 'adm-badge adm-badge-warn'}>
          {review.approved ? t('reviews.approved') : t('reviews.pending')}
        </span>
        {review.is_verified_purchase && <span className="adm-badge">{t('reviews.verified')}</span>}
      </header>
      <p className="adm-muted">
        {review.article_title} · {review.customer_name} ({review.customer_email}) ·{' '}
        {formatShortDate(review.created_at)}
      </p>
      <p className="adm-review-text">{review.comment}</p>
      <div className="adm-row-actions">
        {!review.approved && (
          <button type="button" className="adm-button adm-button-small" onClick={onApprove}>
            {t('reviews.approve')}
          </button>
        )}
        {review.approved && (
          <button type="button" className="adm-button adm-button-small adm-button-light" onClick={onHide}>
            {t('reviews.hide')}
          </button>
        )}
        <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={onDelete}>
          {t('common.delete')}
        </button>
      </div>
      <form className="adm-reply" onSubmit={submit}>
        <label htmlFor={`${id}-reply`}>
          {review.admin_reply ? t('reviews.editReply') : t('reviews.reply')}
        </label>
        <textarea
          id={`${id}-reply`}
          rows={2}
          maxLength={2000}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
        />
        <button type="submit" className="adm-button adm-button-small" disabled={!reply.trim() || sending}>
          {t('reviews.sendReply')}
        </button>
      </form>
    </article>
  );
}
