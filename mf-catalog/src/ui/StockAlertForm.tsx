import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PRIVACY_PATH } from '@edicola/contracts';
import { ApiError } from '@edicola/web-kit';
import type { CatalogApi } from '../api';
import { pathIn } from '../paths';

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string } | { kind: 'sent' };

/**
 * 'Avvisami' on a sold-out article (docs/product/stock-alerts.md#request): an e-mail, POST
 * /public/articles/{id}/alerts, then 'check your e-mail' (the alert counts once confirmed from it).
 */
export function StockAlertForm({ api, articleId }: { api: CatalogApi; articleId: string }) {
  const { t, i18n } = useTranslation('catalog');
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome.kind === 'busy') return;
    if (!email.trim()) {
      setOutcome({ kind: 'error', message: t('stockAlert.missing') });
      return;
    }
    setOutcome({ kind: 'busy' });
    try {
      await api.askStockAlert(articleId, email.trim());
      setOutcome({ kind: 'sent' });
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.detail ?? t('stockAlert.failed')) : t('stockAlert.connection');
      setOutcome({ kind: 'error', message });
    }
  };

  if (outcome.kind === 'sent') {
    return (
      <p className="cat-success cat-stock-alert" role="status">
        {t('stockAlert.sent')}
      </p>
    );
  }
  return (
    <form className="cat-stock-alert" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="cat-stock-alert-title">
        {t('stockAlert.title')}
      </p>
      <p className="cat-field">
        <label htmlFor={`${id}-email`}>{t('stockAlert.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          aria-required="true"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </p>
      <p className="cat-stock-alert-consent">
        {t('stockAlert.consent')}{' '}
        <Link to={pathIn(i18n.language, PRIVACY_PATH)}>{t('stockAlert.privacy')}</Link>
      </p>
      {outcome.kind === 'error' && (
        <p className="cat-error" role="alert">
          {outcome.message}
        </p>
      )}
      <button type="submit" className="cat-button cat-primary" disabled={outcome.kind === 'busy'}>
        {outcome.kind === 'busy' ? t('stockAlert.sending') : t('stockAlert.submit')}
      </button>
    </form>
  );
}
