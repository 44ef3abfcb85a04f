import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterClosure, CounterSale } from '@edicola/contracts';
import { failureText, formatDateTime, formatDay, formatEuro, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { newIdempotencyKey } from '../../api/pos';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';

/** The word typed to confirm the day's closure: it cannot be undone (the RT prints its Z report). */
const CLOSE_WORD = 'CHIUDI';

/** The sales the next closure takes: completed after the last closure. */
export const openSales = (sales: CounterSale[], lastClosureAt: string | null) =>
  sales.filter((sale) => sale.status === 'completed' && (!lastClosureAt || sale.created_at > lastClosureAt));

/** A closure's figures, printable: per payment method, per VAT rate, the Z number and the RT's mode. */
export function ClosureSummary({ closure }: { closure: CounterClosure }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <div className="adm-closure">
      <p>
        {t('counter.closure.day', { day: formatDay(closure.day, i18n.language) })} ·{' '}
        {formatDateTime(closure.closed_at)} · {closure.cashier}
      </p>
      <p>
        {closure.z_number !== null
          ? t('counter.closure.z', { n: closure.z_number })
          : t('counter.closure.noZ')}{' '}
        · {t(`counter.rt.mode.${closure.rt_mode}`)}
      </p>
      <table className="adm-table">
        <caption>{t('counter.closure.byMethod')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('counter.payment.method')}</th>
            <th scope="col">{t('counter.closure.sales')}</th>
            <th scope="col">{t('counter.closure.returns')}</th>
            <th scope="col">{t('counter.closure.net')}</th>
          </tr>
        </thead>
        <tbody>
          {closure.by_method.map((row) => (
            <tr key={row.method}>
              <th scope="row">{t(`counter.methods.${row.method}`)}</th>
              <td>{formatEuro(row.sales)}</td>
              <td>{formatEuro(row.returns)}</td>
              <td>{formatEuro(row.net)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('counter.total')}</th>
            <td>{formatEuro(closure.total_sales)}</td>
            <td>{formatEuro(closure.total_returns)}</td>
            <td>{formatEuro(closure.net)}</td>
          </tr>
        </tbody>
      </table>
      <table className="adm-table">
        <caption>{t('counter.closure.byVat')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('counter.closure.rate')}</th>
            <th scope="col">{t('counter.closure.taxable')}</th>
            <th scope="col">{t('counter.closure.vat')}</th>
            <th scope="col">{t('counter.total')}</th>
          </tr>
        </thead>
        <tbody>
          {closure.by_vat.map((row) => (
            <tr key={row.iva_percentage}>
              <th scope="row">{row.iva_percentage}%</th>
              <td>{formatEuro(row.taxable)}</td>
              <td>{formatEuro(row.vat)}</td>
              <td>{formatEuro(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('counter.closure.counts', { sales: closure.sales_count, returns: closure.returns_count })}</p>
    </div>
  );
}

/**
 * "Chiusura giornaliera": a strong confirmation showing what will be closed, then the closure's printable summary;
 * the past closures below.
 */
export function Closure({
  sales,
  lastClosureAt,
  onClosed,
}: {
  sales: CounterSale[];
  lastClosureAt: string | null;
  onClosed: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const day = (iso: string) => formatDay(iso, i18n.language);
  const { api } = useAdmin();
  const past = useLoad((signal) => api.pos.closures(signal), 'closures');
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<CounterClosure | null>(null);
  const open = openSales(sales, lastClosureAt);
  const openTotal = open.reduce((sum, sale) => sum + Math.round((sale.total - sale.refunded) * 100), 0) / 100;

  const close = async () => {
    setBusy(true);
    setError(null);
    try {
      const closure = await api.pos.close(key);
      setConfirming(false);
      setKey(newIdempotencyKey());
      setShown(closure);
      past.reload();
      onClosed();
    } catch (failure) {
      setError(failureText(failure, t('counter.closure.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-counter-closure" aria-labelledby="adm-closure-title">
      <h3 id="adm-closure-title">{t('counter.closure.title')}</h3>
      <button type="button" className="adm-button adm-button-danger" onClick={() => setConfirming(true)}>
        {t('counter.closure.open')}
      </button>
      {past.data && past.data.closures.length > 0 && (
        <>
          <h4>{t('counter.closure.past')}</h4>
          <ul className="adm-history">
            {past.data.closures.map((closure) => (
              <li key={closure.id}>
                <button
                  type="button"
                  className="adm-link-button"
                  onClick={() => setShown(closure)}
                  aria-label={t('counter.closure.show', {
                    day: day(closure.day),
                    z: closure.z_number ?? '—',
                  })}
                >
                  {day(closure.day)}
                </button>{' '}
                ·{' '}
                {closure.z_number !== null
                  ? t('counter.closure.z', { n: closure.z_number })
                  : t('counter.closure.noZ')}{' '}
                · {formatEuro(closure.net)}
              </li>
            ))}
          </ul>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('counter.closure.confirmTitle')}
          message={t('counter.closure.confirmMessage')}
          confirmLabel={t('counter.closure.confirm')}
          word={CLOSE_WORD}
          busy={busy}
          onConfirm={() => void close()}
          onCancel={() => {
            setConfirming(false);
            setError(null);
          }}
        >
          <p data-testid="closure-preview">
            {t('counter.closure.preview', { n: open.length, amount: formatEuro(openTotal) })}
          </p>
          {lastClosureAt && (
            <p className="adm-muted">{t('counter.closure.since', { at: formatDateTime(lastClosureAt) })}</p>
          )}
          {error && (
            <p className="adm-error" role="alert">
              {error}
            </p>
          )}
        </ConfirmDialog>
      )}
      {shown && (
        <Dialog
          title={t('counter.closure.summaryTitle', { day: day(shown.day) })}
          onClose={() => setShown(null)}
          wide
        >
          <div className="adm-print">
            <h2 className="adm-print-only">{t('counter.closure.summaryTitle', { day: day(shown.day) })}</h2>
            <ClosureSummary closure={shown} />
          </div>
          <div className="adm-actions">
            <button type="button" className="adm-button" onClick={() => window.print()}>
              {t('counter.closure.print')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
