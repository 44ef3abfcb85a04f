import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@edicola/web-kit';
import type { ShellApi } from '../api';
import { usePageTitle } from '../ui/usePageTitle';

type Outcome = 'idle' | 'busy' | 'success' | 'empty' | 'unknown' | 'failed';

/** /newsletter/unsubscribe: the token from the e-mail's link (?token=), or typed in. */
export function UnsubscribePage({ api }: { api: ShellApi }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  const [outcome, setOutcome] = useState<Outcome>('idle');
  usePageTitle(t('unsubscribe.title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome === 'busy') return;
    const value = token.trim();
    if (!value) {
      setOutcome('empty');
      return;
    }
    setOutcome('busy');
    try {
      await api.unsubscribe(value);
      setOutcome('success');
    } catch (error) {
      setOutcome(error instanceof ApiError && error.status === 404 ? 'unknown' : 'failed');
    }
  };

  const errors: Partial<Record<Outcome, string>> = {
    empty: t('unsubscribe.empty'),
    unknown: t('unsubscribe.unknown'),
    failed: t('unsubscribe.failed'),
  };

  return (
    <article className="container page-section static-page">
      <h1>{t('unsubscribe.title')}</h1>
      {outcome === 'success' ? (
        <p className="form-message ok" role="status">
          {t('unsubscribe.success')}
        </p>
      ) : (
        <>
          <p>{t('unsubscribe.intro')}</p>
          <form className="stack-form" noValidate onSubmit={submit}>
            <p className="field">
              <label htmlFor={`${id}-token`}>{t('unsubscribe.token')}</label>
              <input
                id={`${id}-token`}
                type="text"
                autoComplete="off"
                value={token}
                onChange={(event) => setToken(event.target.value)}
              />
            </p>
            <button type="submit" className="button primary" disabled={outcome === 'busy'}>
              {outcome === 'busy' ? t('unsubscribe.busy') : t('unsubscribe.submit')}
            </button>
          </form>
          <p className="form-message error" role="alert">
            {errors[outcome] ?? ''}
          </p>
        </>
      )}
    </article>
  );
}
