import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@edicola/web-kit';
import type { ShellApi } from '../api';
import { usePageTitle } from '../ui/usePageTitle';

type Outcome = 'idle' | 'busy' | 'success' | 'unknown' | 'failed';

/**
 * /newsletter/confirm?token=: the link of the confirmation e-mail (double opt-in). The subscription counts once
 * the visitor presses the button: a mail scanner that only opens the link confirms nothing.
 */
export function NewsletterConfirmPage({ api }: { api: ShellApi }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [outcome, setOutcome] = useState<Outcome>(token ? 'idle' : 'unknown');
  usePageTitle(t('newsletterConfirm.title'));

  const confirm = async () => {
    if (outcome === 'busy') return;
    setOutcome('busy');
    try {
      await api.confirmSubscription(token);
      setOutcome('success');
    } catch (error) {
      setOutcome(error instanceof ApiError && error.status === 404 ? 'unknown' : 'failed');
    }
  };

  const errors: Partial<Record<Outcome, string>> = {
    unknown: t('newsletterConfirm.unknown'),
    failed: t('newsletterConfirm.failed'),
  };

  return (
    <article className="container page-section static-page">
      <h1>{t('newsletterConfirm.title')}</h1>
      {outcome === 'success' ? (
        <p className="form-message ok" role="status">
          {t('newsletterConfirm.success')}
        </p>
      ) : (
        <>
          <p>{t('newsletterConfirm.intro')}</p>
          {token ? (
            <button type="button" className="button primary" disabled={outcome === 'busy'} onClick={confirm}>
              {outcome === 'busy' ? t('newsletterConfirm.busy') : t('newsletterConfirm.submit')}
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
