import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type StockConflict, orderReference } from '@edicola/contracts';
import { failureText, formatDateTime, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';

/**
 * The top of Ordini: each eBay order that found no stock (the last unit sold twice), with the orders on the other
 * side of the race and what to do. "Riprova" takes the units once staff freed them by cancelling the web order.
 */
export function StockConflicts({
  refresh,
  onResolved,
  notify,
}: {
  /** Changes when an order moved on the list: the conflicts are read again. */
  refresh: number;
  onResolved: () => void;
  notify: (kind: 'success' | 'error', text: string) => void;
}) {
  const { api } = useAdmin();
  const conflicts = useLoad((signal) => api.orders.stockConflicts(signal), `stock-conflicts-${refresh}`);
  if (!conflicts.data?.length) return null;
  return (
    <div className="adm-conflicts">
      {conflicts.data.map((conflict) => (
        <ConflictBanner
          key={conflict.order_id}
          conflict={conflict}
          onResolved={() => {
            conflicts.reload();
            onResolved();
          }}
          notify={notify}
        />
      ))}
    </div>
  );
}

function ConflictBanner({
  conflict,
  onResolved,
  notify,
}: {
  conflict: StockConflict;
  onResolved: () => void;
  notify: (kind: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { api, refreshCounts } = useAdmin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `adm-conflict-${conflict.order_id}`;

  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.orders.retryStockConflict(conflict.order_id);
      notify('success', t('orders.conflicts.resolved', { id: conflict.external_id }));
      refreshCounts();
      onResolved();
    } catch (failure) {
      setError(failureText(failure, t('orders.conflicts.retryError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-conflict" aria-labelledby={headingId} data-testid="stock-conflict">
      <h3 id={headingId}>{t('orders.conflicts.title')}</h3>
      <p>
        {t('orders.conflicts.ebayOrder', {
          id: conflict.external_id,
          date: formatDateTime(conflict.created_at),
        })}{' '}
        <Link to={`/gestione/ordini/${conflict.order_id}`}>{orderReference(conflict.order_id)}</Link>
        {': '}
        {conflict.lines.map((line) => `${line.title} (${line.sku}) × ${line.quantity}`).join(', ')}
      </p>
      <p>
        {conflict.competing_orders.length > 0 ? (
          <>
            {t('orders.conflicts.competing')}{' '}
            {conflict.competing_orders.map((other, index) => (
              <span key={other.order_id}>
                {index > 0 && ', '}
                <Link to={`/gestione/ordini/${other.order_id}`}>{orderReference(other.order_id)}</Link> (
                {t(`orders.channels.${other.channel}`, { defaultValue: other.channel })})
              </span>
            ))}
          </>
        ) : (
          t('orders.conflicts.noCompeting')
        )}
      </p>
      <p>
        <strong>{t('orders.conflicts.whatToDo')}</strong>
      </p>
      <p className="adm-row-actions">
        <button type="button" className="adm-button" disabled={busy} onClick={() => void retry()}>
          {t('orders.conflicts.retry')}
        </button>
      </p>
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
