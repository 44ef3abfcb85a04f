import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { orderReference, type BulkOrderResult, type ListedOrder } from '@edicola/contracts';
import { failureText, saveFile } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import type { Notify } from './OrderActions';
import { todayInRome } from './orderQuery';
import { trackingOf } from './orderView';

type Outcome = { action: string; results: BulkOrderResult[] } | { action: string; missing: string[] };

/**
 * The bulk actions on the chosen orders (docs/product/back-office.md#bulk-actions), in a bar that stays in view
 * while anything is chosen: confirm, print labels and packing slips in one PDF, mark shipped with their tracking,
 * issue invoices. The server answers each order apart: the bar says how many went through and names the others
 * with the reason.
 */
export function BulkBar({
  chosen,
  onClear,
  onChanged,
  notify,
}: {
  chosen: ListedOrder[];
  onClear: () => void;
  onChanged: () => void;
  notify: Notify;
}) {
  const { t } = useTranslation('admin');
  const { api, refreshCounts } = useAdmin();
  const [busy, setBusy] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = chosen.map((order) => order.id);

  const run = async (action: string, call: () => Promise<{ results: BulkOrderResult[] }>) => {
    setBusy(true);
    setOutcome(null);
    try {
      const { results } = await call();
      setOutcome({ action, results });
      onChanged();
      refreshCounts();
      return results;
    } catch (failure) {
      notify('error', failureText(failure, t('orders.bulk.error')));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const print = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { file, missing } = await api.orders.bulkPrint(ids);
      saveFile(file, `etichette-e-distinte-${todayInRome()}.pdf`);
      setOutcome({ action: 'print', missing });
    } catch (failure) {
      notify('error', failureText(failure, t('orders.labelError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="adm-bulk-bar" role="region" aria-label={t('orders.bulk.region')}>
      <p className="adm-bulk-count" aria-live="polite">
        {t('orders.bulk.chosen', { count: chosen.length })}
      </p>
      <div className="adm-row-actions">
        <button
          type="button"
          className="adm-button adm-button-small"
          disabled={busy}
          onClick={() => void run('confirm', () => api.orders.bulkConfirm(ids))}
        >
          {t('orders.bulk.confirm')}
        </button>
        <button
          type="button"
          className="adm-button adm-button-small"
          disabled={busy}
          onClick={() => void print()}
        >
          {t('orders.bulk.print')}
        </button>
        <button
          type="button"
          className="adm-button adm-button-small"
          disabled={busy}
          onClick={() => setShipping(true)}
        >
          {t('orders.bulk.ship')}
        </button>
        <button
          type="button"
          className="adm-button adm-button-small adm-button-light"
          disabled={busy}
          onClick={() => void run('invoice', () => api.orders.bulkInvoice(ids))}
        >
          {t('orders.bulk.invoice')}
        </button>
        <button type="button" className="adm-button adm-button-small adm-button-light" onClick={onClear}>
          {t('orders.clearSelection')}
        </button>
      </div>
      {outcome && <BulkOutcome outcome={outcome} onClose={() => setOutcome(null)} />}
      {shipping && (
        <BulkShipDialog
          orders={chosen}
          busy={busy}
          onCancel={() => setShipping(false)}
          onShip={async (orders) => {
            const results = await run('ship', () => api.orders.bulkShip(orders));
            if (results) setShipping(false);
          }}
        />
      )}
    </div>
  );
}

function BulkOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation('admin');
  if ('missing' in outcome) {
    return (
      <div className="adm-bulk-outcome" role="status">
        <p>
          {outcome.missing.length === 0
            ? t('orders.bulk.printed')
            : t('orders.bulk.printedWithout', { references: outcome.missing.join(', ') })}
        </p>
        <button type="button" className="adm-button adm-button-small adm-button-light" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    );
  }
  const failed = outcome.results.filter((r) => r.outcome === 'failed');
  const done = outcome.results.filter((r) => r.outcome === 'done').length;
  const unchanged = outcome.results.filter((r) => r.outcome === 'unchanged').length;
  return (
    <div className="adm-bulk-outcome" role="status" data-testid="bulk-outcome">
      <p>
        {t(`orders.bulk.done.${outcome.action}`, { count: done })}
        {unchanged > 0 && ` ${t('orders.bulk.unchanged', { count: unchanged })}`}
        {failed.length > 0 && ` ${t('orders.bulk.failed', { count: failed.length })}`}
      </p>
      {failed.length > 0 && (
        <ul>
          {failed.map((r) => (
            <li key={r.order_id}>
              <strong>{r.order_reference}</strong>: {r.detail}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="adm-button adm-button-small adm-button-light" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

/**
 * 'Segna come spediti': a tracking number per order, filled in with the one the order has (staff's own, else the
 * carrier's through Packlink); staff type the missing ones. An order left blank without one is refused by the
 * server and named in the outcome.
 */
function BulkShipDialog({
  orders,
  busy,
  onShip,
  onCancel,
}: {
  orders: ListedOrder[];
  busy: boolean;
  onShip: (orders: { order_id: string; tracking_number?: string }[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [tracking, setTracking] = useState<Record<string, string>>(() =>
    Object.fromEntries(orders.map((order) => [order.id, trackingOf(order) ?? ''])),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onShip(
      orders.map((order) => {
        const typed = tracking[order.id]?.trim();
        return typed ? { order_id: order.id, tracking_number: typed } : { order_id: order.id };
      }),
    );
  };
  return (
    <Dialog title={t('orders.bulk.shipTitle', { count: orders.length })} onClose={onCancel} wide>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p className="adm-muted">{t('orders.bulk.shipHelp')}</p>
        <div className="adm-bulk-tracking">
          {orders.map((order, index) => (
            <span className="adm-field" key={order.id}>
              <label htmlFor={`${id}-${index}`}>
                {t('orders.bulk.trackingOf', {
                  id: orderReference(order.id),
                  name: order.customer_info.name,
                })}
              </label>
              <input
                id={`${id}-${index}`}
                value={tracking[order.id] ?? ''}
                maxLength={100}
                autoComplete="off"
                onChange={(event) =>
                  setTracking((previous) => ({ ...previous, [order.id]: event.target.value }))
                }
              />
            </span>
          ))}
        </div>
        <DialogActions onCancel={onCancel} submitLabel={t('orders.bulk.shipSubmit')} disabled={busy} />
      </form>
    </Dialog>
  );
}
