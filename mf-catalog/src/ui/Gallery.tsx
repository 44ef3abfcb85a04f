import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ARTICLE_PHOTO_SIZES, photoSrcSet, type ArticlePhoto as Photo } from '@edicola/contracts';
import { photoAddress } from '../format';
import { ArticlePhoto } from './ArticlePhoto';
import { Modal } from './Modal';

/** The photo's box at every width: the page keeps its room before the photo arrives (no layout shift). */
const WIDTH = 800;
const HEIGHT = 600;

/** Whether the page runs in a browser (true) or is the server's paint (false), with no render in between. */
const noChanges = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * An article page's photos (docs/product/article-pages.md#article-page): the cover first, a strip that
 * swipes on phones (CSS scroll-snap), previous/next, thumbnails, and a zoom dialog with the large photo.
 */
export function Gallery({
  photos,
  title,
  mediaBaseUrl,
}: {
  photos: Photo[];
  title: string;
  mediaBaseUrl: string;
}) {
  const { t } = useTranslation('catalog');
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const track = useRef<HTMLUListElement>(null);
  const total = photos.length;
  // The server's paint asks only for the cover: the other slides' photos (beside it in the swipe track, so the
  // browser's lazy loading would fetch them at once) load when the app runs, after the cover is painted; without
  // JavaScript they are in <noscript>.
  const running = useSyncExternalStore(noChanges, inBrowser, onServer);

  const show = (index: number) => {
    const next = (index + total) % total;
    setCurrent(next);
    const element = track.current;
    element?.scrollTo?.({ left: next * element.clientWidth, behavior: 'smooth' });
  };

  useEffect(() => {
    if (zoomed === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setZoomed((index) => ((index ?? 0) + 1) % total);
      if (event.key === 'ArrowLeft') setZoomed((index) => ((index ?? 0) - 1 + total) % total);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [zoomed, total]);

  if (total === 0) {
    return (
      <div className="cat-gallery">
        <div className="cat-gallery-frame">
          <ArticlePhoto src={null} alt={title} />
        </div>
      </div>
    );
  }
  const altOf = (photo: Photo) => photo.alt || title;
  const zoomPhoto = zoomed === null ? null : photos[zoomed];
  const slidePhoto = (photo: Photo, index: number) => (
    <img
      className="cat-gallery-photo"
      src={photoAddress(mediaBaseUrl, photo.url)}
      srcSet={photoSrcSet(mediaBaseUrl, photo.url) ?? undefined}
      sizes={ARTICLE_PHOTO_SIZES}
      width={WIDTH}
      height={HEIGHT}
      alt={altOf(photo)}
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : 'low'}
      decoding={index === 0 ? 'sync' : 'async'}
      data-testid="gallery-photo"
    />
  );

  return (
    <div className="cat-gallery" role="group" aria-roledescription={t('gallery.label')} aria-label={title}>
      <ul
        ref={track}
        className="cat-gallery-track"
        data-testid="gallery-track"
        onScroll={(event) => {
          const { scrollLeft, clientWidth } = event.currentTarget;
          if (clientWidth > 0) setCurrent(Math.round(scrollLeft / clientWidth));
        }}
      >
        {photos.map((photo, index) => (
          <li key={photo.id} className="cat-gallery-slide" aria-hidden={index !== current}>
            <button
              type="button"
              className="cat-gallery-zoom"
              tabIndex={index === current ? 0 : -1}
              onClick={() => setZoomed(index)}
              aria-label={t('gallery.zoom', { n: index + 1, total })}
            >
              {index === 0 || running ? (
                slidePhoto(photo, index)
              ) : (
                <noscript>{slidePhoto(photo, index)}</noscript>
              )}
            </button>
          </li>
        ))}
      </ul>
      {total > 1 && (
        <>
          <p className="cat-gallery-nav">
            <button type="button" className="cat-button" onClick={() => show(current - 1)}>
              <span aria-hidden="true">‹ </span>
              {t('gallery.previous')}
            </button>
            <span className="cat-gallery-count" aria-live="polite">
              {t('gallery.position', { n: current + 1, total })}
            </span>
            <button type="button" className="cat-button" onClick={() => show(current + 1)}>
              {t('gallery.next')}
              <span aria-hidden="true"> ›</span>
            </button>
          </p>
          <ul className="cat-gallery-thumbs" aria-label={t('gallery.thumbnails')}>
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <button
                  type="button"
                  className="cat-gallery-thumb"
                  aria-current={index === current}
                  aria-label={t('gallery.show', { n: index + 1, total })}
                  onClick={() => show(index)}
                >
                  <img
                    src={photoAddress(mediaBaseUrl, photo.url)}
                    alt=""
                    width={80}
                    height={60}
                    loading="lazy"
                    fetchPriority="low"
                    decoding="async"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {zoomPhoto && zoomed !== null && (
        <Modal title={t('gallery.zoomTitle', { n: zoomed + 1, total })} onClose={() => setZoomed(null)}>
          <div className="cat-zoom" data-testid="zoom">
            <img
              className="cat-zoom-photo"
              src={photoAddress(mediaBaseUrl, zoomPhoto.zoom_url ?? zoomPhoto.url)}
              alt={altOf(zoomPhoto)}
            />
          </div>
          {total > 1 && <p className="cat-zoom-hint">{t('gallery.keys')}</p>}
        </Modal>
      )}
    </div>
  );
}
