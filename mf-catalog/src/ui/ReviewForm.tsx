import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@edicola/web-kit';
import type { CatalogApi } from '../api';

interface ReviewFormProps {
  api: CatalogApi;
  articleId: string;
  orderId?: string | null;
  initialEmail?: string;
  /**
   * The /review page says 'Tutti i campi sono obbligatori'; the modal silently ignores
   * (docs/product/storefront.md#review-form).
   */
  reportMissing: boolean;
  onSent?: () => void;
}

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string } | { kind: 'sent' };

const FIELDS = ['customer_name', 'customer_email', 'title', 'comment'] as const;

/**
 * Rating (default 5), name, e-mail, title and comment; POST /reviews with the messages of
 * docs/product/storefront.md#review-form.
 */
export function ReviewForm({
  api,
  articleId,
  orderId = null,
  initialEmail = '',
  reportMissing,
  onSent,
}: ReviewFormProps) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [rating, setRating] = useState(5);
  const [values, setValues] = useState({
    customer_name: '',
    customer_email: initialEmail,
    title: '',
    comment: '',
  });
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome.kind === 'busy') return;
    const trimmed = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()])) as typeof values;
    if (FIELDS.some((field) => !trimmed[field])) {
      if (reportMissing) setOutcome({ kind: 'error', message: t('reviewForm.missing') });
      return;
    }
    setOutcome({ kind: 'busy' });
    try {
      await api.createReview({ rating, ...trimmed, article_id: articleId, order_id: orderId });
      setOutcome({ kind: 'sent' });
      onSent?.();
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.detail ?? t('reviewForm.failed')) : t('reviewForm.connection');
      setOutcome({ kind: 'error', message });
    }
  };

  if (outcome.kind === 'sent') {
    return (
      <p className="cat-success" role="status">
        {t('reviewForm.sent')} {t('reviewForm.awaitingApproval')}
      </p>
    );
  }

  const field = (name: (typeof FIELDS)[number], type: 'text' | 'email' = 'text') => (
    <p className="cat-field">
      <label htmlFor={`${id}-${name}`}>
        {t(name === 'title' ? 'reviewForm.fields.title' : `reviewForm.${name}`)} *
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        aria-required="true"
        autoComplete={name === 'customer_email' ? 'email' : name === 'customer_name' ? 'name' : 'off'}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
    </p>
  );

  return (
    <form className="cat-review-form" noValidate onSubmit={submit}>
      <p className="cat-field">
        <label htmlFor={`${id}-rating`}>{t('reviewForm.rating')}</label>
        <select
          id={`${id}-rating`}
          value={rating}
          onChange={(event) => setRating(Number(event.target.value))}
        >
          {[5, 4, 3, 2, 1].map((value) => (
            <option key={value} value={value}>
              {'★'.repeat(value)} {t('reviewForm.ratingOption', { value })}
            </option>
          ))}
        </select>
      </p>
      {field('customer_name')}
      {field('customer_email', 'email')}
      {field('title')}
      <p className="cat-field">
        <label htmlFor={`${id}-comment`}>{t('reviewForm.comment')} *</label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          aria-required="true"
          value={values.comment}
          onChange={(event) => setValues({ ...values, comment: event.target.value })}
        />
      </p>
      {outcome.kind === 'error' && (
        <p className="cat-error" role="alert">
          {outcome.message}
        </p>
      )}
      <button type="submit" className="cat-button cat-primary" disabled={outcome.kind === 'busy'}>
        {outcome.kind === 'busy' ? t('reviewForm.sending') : t('reviewForm.submit')}
      </button>
    </form>
  );
}
