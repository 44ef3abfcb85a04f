import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PHOTO_RETRY_DELAY_MS = 1000;

type Attempt = 'first' | 'retry' | 'failed';

function withCacheBuster(src: string): string {
  return `${src}${src.includes('?') ? '&' : '?'}retry=${Date.now()}`;
}

/**
 * An article photo (docs/product/storefront.md#article-photo): when it fails it is retried once after 1 s
 * with a cache-busting query;
 * if that fails too, its alt text becomes 'Immagine non disponibile' and it is dimmed.
 */
export function ArticlePhoto({
  src,
  alt,
  priority = false,
}: {
  src: string | null;
  alt: string;
  priority?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const [attempt, setAttempt] = useState<Attempt>(src ? 'first' : 'failed');
  const [currentSrc, setCurrentSrc] = useState(src ?? undefined);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  if (!currentSrc || attempt === 'failed') {
    return (
      <img
        className="cat-photo cat-photo-failed"
        src={currentSrc}
        alt={t('card.imageUnavailable')}
        width={480}
        height={360}
        data-testid="article-photo"
      />
    );
  }
  const handleError = () => {
    if (attempt !== 'first' || !src) {
      setAttempt('failed');
      return;
    }
    retryTimer.current = setTimeout(() => {
      setCurrentSrc(withCacheBuster(src));
      setAttempt('retry');
    }, PHOTO_RETRY_DELAY_MS);
  };
  return (
    <img
      className="cat-photo"
      src={currentSrc}
      alt={alt}
      width={480}
      height={360}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'low'}
      decoding="async"
      onError={handleError}
      data-testid="article-photo"
    />
  );
}
