import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterSale } from '@edicola/contracts';
import { failureText, formatEuro } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';

/**
 * The sale just made, as the server answered it: the receipt's number and the change, or, while the RT has not
 * confirmed the receipt, the problem and a way to look again. With RT_MODE off the receipt is still to be
 * issued on the shop's own register.
 */
export function SaleSummary({
  sale,
  onUpdated,
}: {
  sale: CounterSale;
  onUpdated: (sale: CounterSale) => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const lookAgain = async () => {
    setBusy(true);
    setError(null);
    try {
      onUpdated(await api.pos.sale(sale.id));
    } catch (failure) {
      setError(failureText(failure, t('counter.loadError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-sale-summary" aria-labelledby="adm-sale-summary-title">
      <h3 id="adm-sale-summary-title">
        {sale.status === 'printing'
          ? t('counter.summary.printing')
          : sale.status === 'cancelled'
            ? t('counter.summary.cancelled')
            : t('counter.summary.done')}
      </h3>
      <dl className="adm-facts">
        <dt>{t('counter.reference')}</dt>
        <dd>{sale.reference}</dd>
        {sale.receipt.document_number && (
          <>
            <dt>{t('counter.summary.document')}</dt>
            <dd data-testid="receipt-number">{sale.receipt.document_number}</dd>
          </>
        )}
        <dt>{t('counter.total')}</dt>
        <dd>{formatEuro(sale.total)}</dd>
        {sale.vat.map((line) => (
          <div key={line.iva_percentage}>
            <dt>{t('counter.vatOf', { rate: line.iva_percentage })}</dt>
            <dd>{formatEuro(line.vat)}</dd>
          </div>
        ))}
        <dt>{t('counter.summary.change')}</dt>
        <dd className="adm-change" data-testid="sale-change">
          {formatEuro(sale.change)}
        </dd>
      </dl>
      {sale.receipt.mode === 'off' && sale.status === 'completed' && (
        <p className="adm-warn" role="status">
          {t('counter.rt.offReceipt')}
        </p>
      )}
      {sale.status === 'printing' && (
        <div className="adm-warn" role="alert">
          <p>{sale.problem ?? t('counter.summary.waiting')}</p>
          <button type="button" className="adm-button adm-button-small" onClick={lookAgain} disabled={busy}>
            {t('counter.summary.lookAgain')}
          </button>
        </div>
      )}
      {sale.status === 'cancelled' && sale.problem && <p className="adm-error">{sale.problem}</p>}
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
