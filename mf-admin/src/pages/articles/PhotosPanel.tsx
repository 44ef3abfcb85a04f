import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PHOTO_ERRORS,
  PHOTO_LIMIT,
  PHOTO_TYPES,
  type AdminArticle,
  type ArticlePhoto,
} from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { photoError } from './articleForm';

interface Upload {
  key: string;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  progress: number;
  problem: string | null;
}

interface Props {
  article: AdminArticle;
  /** Every answer of the photo routes: the article with its photos and its new version. */
  onChanged: (article: AdminArticle) => void;
}

const altsOf = (photos: ArticlePhoto[]) => Object.fromEntries(photos.map((photo) => [photo.id, photo.alt]));

/**
 * An existing article's photos (docs/product/back-office.md#article-photos): up to PHOTO_LIMIT in their order,
 * the first the cover; added one file after the other, moved by drag and drop or by buttons, each with its alt
 * text, deleted after a confirmation. A move or an alt text is saved at once and undone when refused.
 */
export function PhotosPanel({ article, onChanged }: Props) {
  const { t } = useTranslation('admin');
  const { api, mediaBaseUrl } = useAdmin();
  const id = useId();
  const media = mediaBaseUrl.replace(/\/$/, '');
  const [photos, setPhotos] = useState(article.photos);
  const [alts, setAlts] = useState<Record<string, string>>(() => altsOf(article.photos));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ArticlePhoto | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = (saved: AdminArticle) => {
    setPhotos(saved.photos);
    setAlts(altsOf(saved.photos));
    onChanged(saved);
  };
  const altOf = (photo: ArticlePhoto) => (alts[photo.id] ?? photo.alt).trim() || article.title;

  /** PUT the complete list in `next`'s order; the previous order and texts come back if it is refused. */
  const save = async (next: ArticlePhoto[]) => {
    const previous = photos;
    setPhotos(next);
    setError(null);
    try {
      accept(
        await api.articles.orderPhotos(article.id, {
          photos: next.map((photo) => ({ id: photo.id, alt: altOf(photo) })),
        }),
      );
    } catch (failure) {
      setPhotos(previous);
      setAlts(altsOf(previous));
      setError(failureText(failure, t('articles.photos.saveError')));
    }
  };

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= photos.length) return;
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    void save(next);
  };

  const saveAlt = (photo: ArticlePhoto) => {
    if (altOf(photo) !== photo.alt) void save(photos);
  };

  const setUpload = (key: string, change: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /** Each file checked here first (type, size, the limit), then sent one after the other. */
  const add = async (files: File[]) => {
    let room = PHOTO_LIMIT - photos.length;
    const queued = files.map((file, index): Upload => {
      const problem = photoError(file) ?? (room > 0 ? null : PHOTO_ERRORS.limit);
      if (!problem) room -= 1;
      return {
        key: `${Date.now()}-${index}`,
        file,
        state: problem ? 'failed' : 'waiting',
        progress: 0,
        problem,
      };
    });
    setUploads(queued);
    setError(null);
    setBusy(true);
    for (const upload of queued.filter((u) => u.state === 'waiting')) {
      setUpload(upload.key, { state: 'uploading' });
      try {
        const saved = await api.articles.addPhoto(article.id, upload.file, article.title, (progress) =>
          setUpload(upload.key, { progress }),
        );
        accept(saved);
        setUpload(upload.key, { state: 'done', progress: 1 });
      } catch (failure) {
        setUpload(upload.key, {
          state: 'failed',
          problem: failureText(failure, t('articles.photos.uploadError')),
        });
      }
    }
    setBusy(false);
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      accept(await api.articles.removePhoto(article.id, deleting.id));
    } catch (failure) {
      setError(failureText(failure, t('articles.photos.deleteError')));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const nth = (index: number) => t('articles.photos.nth', { n: index + 1 });
  const full = photos.length >= PHOTO_LIMIT;

  return (
    <section className="adm-photos-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('articles.photos.title', { n: photos.length, limit: PHOTO_LIMIT })}</h3>
      <p className="adm-muted">{t('articles.photos.hint')}</p>
      {photos.length > 0 && (
        <ol className="adm-photos">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className={`adm-photo-tile${dragged === index ? ' adm-photo-dragged' : ''}`}
              data-testid="photo-tile"
              draggable={!busy}
              onDragStart={(event) => {
                event.dataTransfer?.setData('text/plain', photo.id);
                setDragged(index);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <img src={`${media}${photo.url}`} alt={altOf(photo)} />
              {index === 0 && <span className="adm-badge adm-photo-cover">{t('articles.photos.cover')}</span>}
              <input
                aria-label={`${t('articles.photos.alt')}: ${nth(index)}`}
                maxLength={200}
                value={alts[photo.id] ?? ''}
                placeholder={article.title}
                onChange={(e) => setAlts((current) => ({ ...current, [photo.id]: e.target.value }))}
                onBlur={() => saveAlt(photo)}
              />
              <span className="adm-photo-actions">
                <button
                  type="button"
                  className="adm-button adm-button-light"
                  aria-label={`${t('articles.photos.earlier')}: ${nth(index)}`}
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="adm-button adm-button-light"
                  aria-label={`${t('articles.photos.later')}: ${nth(index)}`}
                  disabled={busy || index === photos.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  className="adm-button adm-button-danger"
                  aria-label={`${t('common.delete')}: ${nth(index)}`}
                  disabled={busy}
                  onClick={() => setDeleting(photo)}
                >
                  ✕
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-add`}>{t('articles.photos.add')}</label>
      <input
        id={`${id}-add`}
        type="file"
        multiple
        accept={PHOTO_TYPES.join(',')}
        disabled={busy || full}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) void add(files);
        }}
      />
      {full && <p className="adm-muted">{PHOTO_ERRORS.limit}</p>}
      {uploads.length > 0 && (
        <ul className="adm-uploads" aria-label={t('articles.photos.uploads')}>
          {uploads.map((upload) => (
            <li key={upload.key} data-testid="photo-upload">
              <span>{upload.file.name}</span>{' '}
              {upload.state === 'uploading' && (
                <progress
                  className="adm-progress"
                  max={1}
                  value={upload.progress}
                  aria-label={`${t('articles.uploading')}: ${upload.file.name}`}
                />
              )}
              {upload.state === 'waiting' && (
                <span className="adm-muted">{t('articles.photos.waiting')}</span>
              )}
              {upload.state === 'done' && <span className="adm-muted">{t('articles.photos.done')}</span>}
              {upload.state === 'failed' && <span className="adm-error">{upload.problem}</span>}
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('articles.photos.deleteTitle')}
          message={t('articles.photos.deleteConfirm', { n: photos.indexOf(deleting) + 1 })}
          confirmLabel={t('common.delete')}
          busy={busy}
          onConfirm={remove}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
