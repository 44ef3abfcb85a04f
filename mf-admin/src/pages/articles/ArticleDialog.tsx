import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  ERROR_CODES,
  IVA_OPTIONS,
  PHOTO_LIMIT,
  PHOTO_TYPES,
  ProductType,
  type AdminArticle,
  type AttributeName,
  type IvaOption,
} from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { failureText, isConflict, useLoad } from '@edicola/web-kit';
import {
  draftOf,
  duplicateDraft,
  emptyDraft,
  formDataOf,
  eanError,
  hasRequiredTexts,
  photoError,
  type ArticleDraft,
} from './articleForm';
import { AttributeFields } from './AttributeFields';
import { ArrivalPanel } from './ArrivalPanel';
import { EbayPanel } from './EbayPanel';
import { PhotosPanel } from './PhotosPanel';
import { StockPanel } from './StockPanel';

export type ArticleDialogMode =
  { kind: 'new' } | { kind: 'edit'; article: AdminArticle } | { kind: 'copy'; article: AdminArticle };

interface Props {
  mode: ArticleDialogMode;
  onClose: () => void;
  onSaved: (article: AdminArticle, created: boolean) => void;
  /** The article changed elsewhere: close and load the list again. */
  onReload: () => void;
  /** The stock or the photos changed in the dialog's panels: the list shows them. */
  onChanged: (article: AdminArticle) => void;
}

/**
 * Create or edit an article with every field of docs/product/back-office.md#article-form: a new article's one
 * photo with preview and upload progress, an existing one's photos in their own panel.
 */
export default function ArticleDialog({ mode, onClose, onSaved, onReload, onChanged }: Props) {
  const { t } = useTranslation('admin');
  const { api, mediaBaseUrl } = useAdmin();
  const id = useId();
  const editing = mode.kind === 'edit' ? mode.article : null;
  // A duplicate shows and keeps the original's photo until another is chosen.
  const original = mode.kind === 'copy' && mode.article.photo_url ? mode.article : null;
  const [article, setArticle] = useState(editing);
  const [draft, setDraft] = useState<ArticleDraft>(() =>
    mode.kind === 'edit'
      ? draftOf(mode.article)
      : mode.kind === 'copy'
        ? duplicateDraft(mode.article)
        : emptyDraft(),
  );
  // The API's VAT rates when it answers, the usual ones until then or without it.
  const ivaOptions: IvaOption[] =
    useLoad((signal) => api.articles.ivaOptions(signal), 'iva-options').data ?? IVA_OPTIONS;
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [certificateProblem, setCertificateProblem] = useState<string | null>(null);

  const set = <K extends keyof ArticleDraft>(key: K, value: ArticleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setAttribute = (name: AttributeName, value: string) => {
    if (name === 'certificate_number' || name === 'grader') setCertificateProblem(null);
    setDraft((current) => ({ ...current, attributes: { ...current.attributes, [name]: value } }));
  };

  const choosePhoto = (file: File | undefined) => {
    setPhoto(null);
    setPreview(null);
    setPhotoProblem(null);
    if (!file) return;
    const problem = photoError(file);
    if (problem) return setPhotoProblem(problem);
    setPhoto(file);
    // A data: address, which the storefront's Content-Security-Policy allows for images (blob: it does not).
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasRequiredTexts(draft)) return setError(t('articles.required'));
    if (photoProblem) return setError(photoProblem);
    const badEan = eanError(draft.ean);
    if (badEan) return setError(badEan);
    setError(null);
    setStale(false);
    setCertificateProblem(null);
    setProgress(0);
    try {
      const form = formDataOf(draft, {
        version: article?.version,
        photo,
        photoFrom: article ? undefined : original?.id,
      });
      const saved = await api.articles.save(article?.id ?? null, form, setProgress);
      onSaved(saved, !article);
    } catch (failure) {
      setStale(isConflict(failure, ERROR_CODES.staleVersion));
      // Another article has this grader's certificate: said on the field itself.
      if (isConflict(failure, ERROR_CODES.certificateTaken))
        setCertificateProblem(failureText(failure, t('articles.saveError')));
      else setError(failureText(failure, t('articles.saveError')));
      setProgress(null);
    }
  };

  const title =
    mode.kind === 'edit'
      ? t('articles.editTitle')
      : mode.kind === 'copy'
        ? t('articles.copyTitle')
        : t('articles.newTitle');
  const field = (name: keyof ArticleDraft) => `${id}-${name}`;
  const currentPhoto =
    preview ?? (original?.photo_url ? `${mediaBaseUrl.replace(/\/$/, '')}${original.photo_url}` : null);

  return (
    <Dialog title={title} onClose={onClose} wide>
      <form className="adm-form adm-article-form" onSubmit={submit} noValidate>
        <div className="adm-grid">
          <span className="adm-field">
            <label htmlFor={field('sku')}>{t('articles.fields.sku')} *</label>
            <input
              id={field('sku')}
              required
              value={draft.sku}
              onChange={(e) => set('sku', e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={field('ean')}>{t('articles.fields.ean')}</label>
            <input
              id={field('ean')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              value={draft.ean}
              aria-invalid={eanError(draft.ean) ? true : undefined}
              onChange={(e) => set('ean', e.target.value)}
            />
          </span>
          <span className="adm-field adm-span-2">
            <label htmlFor={field('title')}>{t('articles.fields.title')} *</label>
            <input
              id={field('title')}
              required
              value={draft.title}
              onChange={(e) => set('title', e.target.value)}
            />
          </span>
          <span className="adm-field adm-span-3">
            <label htmlFor={field('description')}>{t('articles.fields.description')} *</label>
            <textarea
              id={field('description')}
              required
              rows={3}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={field('category')}>{t('articles.fields.category')} *</label>
            <input
              id={field('category')}
              required
              list={`${id}-categories`}
              value={draft.category}
              onChange={(e) => set('category', e.target.value)}
            />
            <datalist id={`${id}-categories`}>
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={c.name} />
              ))}
            </datalist>
          </span>
          <span className="adm-field">
            <label htmlFor={field('product_type')}>{t('articles.fields.type')} *</label>
            <select
              id={field('product_type')}
              required
              value={draft.product_type}
              onChange={(e) => set('product_type', e.target.value as ProductType)}
            >
              {ProductType.options.map((type) => (
                <option key={type} value={type}>
                  {t(`articles.types.${type}`)}
                </option>
              ))}
            </select>
          </span>
          {draft.product_type === 'prevendita' && (
            <span className="adm-field">
              <label htmlFor={field('availability_date')}>{t('articles.fields.availability')} *</label>
              <input
                id={field('availability_date')}
                type="date"
                required
                value={draft.availability_date}
                onChange={(e) => set('availability_date', e.target.value)}
              />
            </span>
          )}
          {draft.product_type === 'prevendita' && (
            <span className="adm-field">
              <label htmlFor={field('deposit_percent')}>{t('articles.fields.depositPercent')}</label>
              <input
                id={field('deposit_percent')}
                type="number"
                min={0}
                max={100}
                step={1}
                value={draft.deposit_percent}
                onChange={(e) => set('deposit_percent', e.target.value)}
              />
            </span>
          )}
          <span className="adm-field">
            <label htmlFor={field('price')}>{t('articles.fields.price')} *</label>
            <input
              id={field('price')}
              type="number"
              min={0}
              step={0.01}
              required
              inputMode="decimal"
              value={draft.price}
              onChange={(e) => set('price', e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={field('iva_percentage')}>{t('articles.fields.iva')} *</label>
            <select
              id={field('iva_percentage')}
              required
              value={draft.iva_percentage}
              onChange={(e) => set('iva_percentage', e.target.value)}
            >
              {ivaOptions.map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </select>
          </span>
          {!article && (
            <span className="adm-field">
              <label htmlFor={field('quantity_stock')}>{t('articles.fields.stock')} *</label>
              <input
                id={field('quantity_stock')}
                type="number"
                min={0}
                step={1}
                required
                value={draft.quantity_stock}
                onChange={(e) => set('quantity_stock', e.target.value)}
              />
            </span>
          )}
          <span className="adm-field">
            <label htmlFor={field('low_stock_threshold')}>{t('articles.fields.lowStock')}</label>
            <input
              id={field('low_stock_threshold')}
              type="number"
              min={0}
              step={1}
              value={draft.low_stock_threshold}
              onChange={(e) => set('low_stock_threshold', e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={field('sale_starts_at')}>{t('articles.fields.saleStartsAt')}</label>
            <input
              id={field('sale_starts_at')}
              type="datetime-local"
              aria-describedby={`${id}-sale-hint`}
              value={draft.sale_starts_at}
              onChange={(e) => set('sale_starts_at', e.target.value)}
            />
            <small className="adm-muted" id={`${id}-sale-hint`}>
              {t('articles.fields.saleStartsAtHint')}
            </small>
          </span>
          <span className="adm-field">
            <label htmlFor={field('max_per_buyer')}>{t('articles.fields.maxPerBuyer')}</label>
            <input
              id={field('max_per_buyer')}
              type="number"
              min={1}
              step={1}
              aria-describedby={`${id}-limit-hint`}
              value={draft.max_per_buyer}
              onChange={(e) => set('max_per_buyer', e.target.value)}
            />
            <small className="adm-muted" id={`${id}-limit-hint`}>
              {t('articles.fields.maxPerBuyerHint')}
            </small>
          </span>
          <span className="adm-field">
            <label htmlFor={field('weight')}>{t('articles.fields.weight')}</label>
            <input
              id={field('weight')}
              type="number"
              min={0}
              step={0.001}
              value={draft.weight}
              onChange={(e) => set('weight', e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={field('dimensions')}>{t('articles.fields.dimensions')}</label>
            <input
              id={field('dimensions')}
              placeholder="30 x 20 x 10 cm"
              value={draft.dimensions}
              onChange={(e) => set('dimensions', e.target.value)}
            />
          </span>
          <AttributeFields
            idPrefix={id}
            category={draft.category}
            values={draft.attributes}
            onChange={setAttribute}
            certificateProblem={certificateProblem}
          />
        </div>
        <p className="adm-muted">{t('articles.shippingHint')}</p>
        <fieldset className="adm-checks">
          <legend>{t('articles.fields.visibility')}</legend>
          {(['is_active', 'share_facebook', 'share_instagram', 'share_whatsapp'] as const).map((flag) => (
            <label key={flag} className="adm-check">
              <input type="checkbox" checked={draft[flag]} onChange={(e) => set(flag, e.target.checked)} />
              {t(`articles.fields.${flag}`)}
            </label>
          ))}
        </fieldset>
        {!article && (
          <div className="adm-photo">
            <label htmlFor={`${id}-photo`}>{t('articles.fields.photo')}</label>
            <input
              id={`${id}-photo`}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              aria-describedby={photoProblem ? `${id}-photo-error` : undefined}
              onChange={(e) => choosePhoto(e.target.files?.[0])}
            />
            {photoProblem && (
              <p id={`${id}-photo-error`} className="adm-error" role="alert">
                {photoProblem}
              </p>
            )}
            {currentPhoto && (
              <img className="adm-photo-preview" src={currentPhoto} alt={t('articles.photoPreview')} />
            )}
            {photo && (
              <>
                <label htmlFor={`${id}-photo-alt`}>{t('articles.photos.alt')}</label>
                <input
                  id={`${id}-photo-alt`}
                  maxLength={200}
                  placeholder={draft.title}
                  value={draft.photo_alt}
                  onChange={(e) => set('photo_alt', e.target.value)}
                />
              </>
            )}
            <p className="adm-muted">{t('articles.photos.afterCreate', { limit: PHOTO_LIMIT })}</p>
          </div>
        )}
        {progress !== null && (
          <progress className="adm-progress" max={1} value={progress} aria-label={t('articles.uploading')} />
        )}
        {error && (
          <div className="adm-error" role="alert">
            <p>{error}</p>
            {stale && (
              <button type="button" className="adm-button adm-button-light" onClick={onReload}>
                {t('articles.reload')}
              </button>
            )}
          </div>
        )}
        <div className="adm-actions">
          <button type="button" className="adm-button adm-button-light" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="adm-button" disabled={progress !== null}>
            {progress !== null ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
      {article && (
        <PhotosPanel
          article={article}
          onChanged={(changed) => {
            setArticle(changed);
            onChanged(changed);
          }}
        />
      )}
      {article && (
        <StockPanel
          article={article}
          onChanged={(changed) => {
            setArticle(changed);
            onChanged(changed);
          }}
        />
      )}
      {article?.product_type === 'prevendita' && <ArrivalPanel article={article} />}
      {article && <EbayPanel article={article} />}
    </Dialog>
  );
}
