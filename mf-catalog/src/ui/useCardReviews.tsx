import { useCallback, useRef, useState } from 'react';
import type { Article, ReviewSummary } from '@edicola/contracts';
import type { CatalogApi } from '../api';
import { ReviewsModal } from './ReviewsModal';

type OpenReviews = { article: Article; writing: boolean } | null;

/**
 * The cards' ratings and their reviews dialog, for a grid of cards (the catalogue, the search results): a
 * card's rating is asked for when it comes near the viewport (few requests competing with the photos).
 */
export function useCardReviews(api: CatalogApi) {
  const [stats, setStats] = useState<Record<string, ReviewSummary>>({});
  const [open, setOpen] = useState<OpenReviews>(null);

  const loadStats = useCallback(
    (articleId: string, signal?: AbortSignal) =>
      api.reviewStats(articleId, signal).then(
        (answer) => setStats((current) => ({ ...current, [articleId]: answer })),
        () => undefined, // no rating line is better than an error on every card
      ),
    [api],
  );

  const requested = useRef(new Set<string>());
  const requestStats = useCallback(
    (articleId: string) => {
      if (requested.current.has(articleId)) return;
      requested.current.add(articleId);
      void loadStats(articleId);
    },
    [loadStats],
  );

  /** The props a card takes for its rating line. */
  const cardProps = (article: Article) => ({
    stats: stats[article.id],
    onNearViewport: requestStats,
    onReadReviews: () => setOpen({ article, writing: false }),
    onWriteReview: () => setOpen({ article, writing: true }),
  });

  const dialog = open && (
    <ReviewsModal
      api={api}
      articleId={open.article.id}
      articleTitle={open.article.title}
      startWriting={open.writing}
      onClose={() => {
        setOpen(null);
        void loadStats(open.article.id);
      }}
    />
  );

  return { cardProps, requestStats, dialog };
}
