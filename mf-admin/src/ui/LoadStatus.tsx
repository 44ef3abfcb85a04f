import { useTranslation } from 'react-i18next';
import type { Loaded } from '@edicola/web-kit';

/** Where a screen's load stands: its failure with a retry, or 'Caricamento…' until the first answer; else nothing. */
export function LoadStatus({ loaded, errorText }: { loaded: Loaded<unknown>; errorText: string }) {
  const { t } = useTranslation('admin');
  if (loaded.error !== null) {
    return (
      <p className="adm-error" role="alert">
        {errorText}{' '}
        <button
          type="button"
          className="adm-button adm-button-small adm-button-light"
          onClick={loaded.reload}
        >
          {t('orders.retry')}
        </button>
      </p>
    );
  }
  if (loaded.data === undefined) {
    return (
      <p className="adm-status" role="status">
        {t('common.loading')}
      </p>
    );
  }
  return null;
}
