import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Review } from '@edicola/contracts';
import { ApiError, failureText, formatNumber, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SelectFilter } from '../../ui/filters';
import { useListParams } from '../../ui/useListParams';
import { ReviewCard } from './ReviewCard';

/**
 * Recensioni: all or pending (docs/product/http-routes.md#svc-catalog), statistics, approve, reply, hide,
 * delete; filters in the address.
 */
export default function ReviewsTab() {
  const { t, i18n } = useTranslation('admin');
  const { api, refreshCounts } = useAdmin();
  const { params, update } = useListParams();
  const pendingOnly = params.get('vista') === 'in-attesa';
  const rating = Number(params.get('voto')) || null;
  const article = params.get('articolo');
  const list = useLoad(
    (signal) => api.reviews.list(pendingOnly ? 'pending' : 'all', signal),
    String(pendingOnly),
  );
  const stats = useLoad((signal) => api.reviews.stats(signal), 'stats');
  const banner = useBanner();
  const [deleting, setDeleting] = useState<Review | null>(null);

  const changed = () => {
    list.reload();
    stats.reload();
    refreshCounts();
  };
  const act = async (
    action: () => Promise<unknown>,
    success: string,
    failure: string | ((error: unknown) => string),
  ) => {
    try {
      await action();
      banner.show('success', success);
      changed();
      return true;
    } catch (error) {
      banner.show('error', typeof failure === 'string' ? failureText(error, failure) : failure(error));
      return false;
    }
  };
  // docs/product/back-office.md#reviews-tab: 'Errore nell'approvazione della recensione (status)'.
  const approveFailure = (error: unknown) =>
    t('reviews.approveError', { status: error instanceof ApiError ? error.status : '—' });

  const reviews = list.data ?? [];
  const articles = [
    ...new Map(reviews.map((r) => [r.article_id, r.article_title ?? r.article_id])).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const shown = reviews.filter(
    (r) => (!rating || r.rating === rating) && (!article || r.article_id === article),
  );

  return (
    <section aria-labelledby="adm-tab-title">
      <h2 id="adm-tab-title">{t('reviews.heading')}</h2>
      <Banner message={banner.message} onClose={banner.clear} />
      {stats.error !== null && (
        <p className="adm-error" role="alert">
          {t('reviews.statsError')}
        </p>
      )}
      {stats.data && (
        <dl className="adm-figures">
          <div>
            <dt>{t('reviews.total')}</dt>
            <dd>{stats.data.total_reviews}</dd>
          </div>
          <div>
            <dt>{t('reviews.approvedCount')}</dt>
            <dd>{stats.data.approved_reviews}</dd>
          </div>
          <div>
            <dt>{t('reviews.pendingCount')}</dt>
            <dd>{stats.data.pending_reviews}</dd>
          </div>
          <div>
            <dt>{t('reviews.average')}</dt>
            <dd data-testid="average-rating">
              {formatNumber(stats.data.average_rating, i18n.language, {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              })}
            </dd>
          </div>
        </dl>
      )}
      <div className="adm-filters">
        <SelectFilter
          id="adm-reviews-view"
          label={t('reviews.view')}
          value={pendingOnly ? 'in-attesa' : null}
          allLabel={t('reviews.all')}
          options={[['in-attesa', t('reviews.pendingOnly')]]}
          onChange={(vista) => update({ vista })}
        />
        <SelectFilter
          id="adm-reviews-rating"
          label={t('reviews.ratingFilter')}
          value={rating}
          options={[5, 4, 3, 2, 1].map((n) => [n, '★'.repeat(n)] as const)}
          onChange={(voto) => update({ voto })}
        />
        <SelectFilter
          id="adm-reviews-article"
          label={t('reviews.article')}
          value={article}
          options={articles}
          onChange={(articolo) => update({ articolo })}
        />
      </div>
      {list.error !== null && (
        <p className="adm-error" role="alert">
          {pendingOnly ? t('reviews.pendingError') : t('reviews.loadError')}
        </p>
      )}
      {list.data && shown.length === 0 && (
        <p className="adm-empty">{pendingOnly ? t('reviews.emptyPending') : t('reviews.empty')}</p>
      )}
      <div className="adm-review-list">
        {shown.map((review) => (
          <ReviewCard
            key={review.id}
            review={review}
            onApprove={() =>
              void act(() => api.reviews.approve(review.id), t('reviews.approvedDone'), approveFailure)
            }
            onHide={() =>
              void act(() => api.reviews.hide(review.id), t('reviews.hidden'), t('reviews.hideError'))
            }
            onDelete={() => setDeleting(review)}
            onReply={(text) =>
              act(() => api.reviews.respond(review.id, text), t('reviews.replied'), t('reviews.replyError'))
            }
          />
        ))}
      </div>
      {deleting && (
        <ConfirmDialog
          title={t('reviews.deleteTitle')}
          message={t('reviews.deleteConfirm', { title: deleting.title })}
          confirmLabel={t('common.delete')}
          onConfirm={() => {
            const target = deleting;
            setDeleting(null);
            void act(() => api.reviews.remove(target.id), t('reviews.deleted'), t('reviews.deleteError'));
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
