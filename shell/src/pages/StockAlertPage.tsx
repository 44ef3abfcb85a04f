import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@edicola/web-kit';
import type { ShellApi } from '../api';
import { usePageTitle } from '../ui/usePageTitle';

type Outcome = 'idle' | 'busy' | 'success' | 'unknown' | 'failed';

/**
 * /avvisi/conferma?token= and /avvisi/annulla?token=: the links of a back-in-stock alert's e-mails
 * (docs/product/stock-alerts.md#confirmation). The page acts when the visitor presses its button: a mail scanner
 * that only opens the link confirms or ends nothing.
 */
export function StockAlertPage({ api, action }: { api: ShellApi; action: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [outcome, setOutcome] = useState<Outcome>(token ? 'idle' : 'unknown');
  const key = `stockAlertPage.${action}`;
  usePageTitle(t(`${key}.title`));

  const act = async () => {
    if (outcome === 'busy') return;
    setOutcome('busy');
    try {
      await (action === 'confirm' ? api.confirmStockAlert(token) : api.endStockAlert(token));
      setOutcome('success');
    } catch (error) {
      setOutcome(error instanceof ApiError && error.status === 404 ? 'unknown' : 'failed');
    }
  };

  const errors: Partial<Record<Outcome, string>> = {
    unknown: t('stockAlertPage.unknown'),
    failed: t('stockAlertPage.failed'),
  };

  return (
    <article className="container page-section static-page">
      <h1>{t(`${key}.title`)}</h1>
      {outcome === 'success' ? (
        <p className="form-message ok" role="status">
          {t(`${key}.success`)}
        </p>
      ) : (
        <>
          <p>{t(`${key}.intro`)}</p>
          {token ? (
            <button type="button" className="button primary" disabled={outcome === 'busy'} onClick={act}>
              {outcome === 'busy' ? t('stockAlertPage.busy') : t(`${key}.submit`)}
            </button>
          ) : null}
          <p className="form-message error" role="alert">
            {errors[outcome] ?? ''}
          </p>
        </>
      )}
    </article>
  );
}
