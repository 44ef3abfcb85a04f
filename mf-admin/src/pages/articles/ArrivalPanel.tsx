import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminArticle, ArrivalResult } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

/**
 * A pre-sale's delivery from the supplier (docs/product/orders-and-payments.md#presale-arrivals): its units go to
 * the pre-orders first come, first served, and the buyers are e-mailed at once, so staff confirm before it is
 * recorded; the answer says how the units went.
 */
export function ArrivalPanel({ article }: { article: AdminArticle }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [quantity, setQuantity] = useState('');
  const [arrivedOn, setArrivedOn] = useState(romeToday);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ArrivalResult | null>(null);
  const units = Number(quantity);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!Number.isInteger(units) || units < 1) return setError(t('arrivals.invalidQuantity'));
    setError(null);
    setAsking(true);
  };

  const record = async () => {
    setBusy(true);
    try {
      setResult(await api.articles.recordArrival(article.id, { quantity: units, arrived_on: arrivedOn }));
      setQuantity('');
    } catch (failure) {
      setError(failureText(failure, t('arrivals.error')));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section className="adm-stock" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('arrivals.title')}</h3>
      <p className="adm-muted">{t('arrivals.hint')}</p>
      <form className="adm-inline-form" onSubmit={ask} noValidate>
        <span className="adm-field">
          <label htmlFor={`${id}-quantity`}>{t('arrivals.quantity')}</label>
          <input
            id={`${id}-quantity`}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-date`}>{t('arrivals.date')}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={arrivedOn}
            onChange={(event) => setArrivedOn(event.target.value)}
          />
        </span>
        <button type="submit" className="adm-button" disabled={busy || quantity.trim() === ''}>
          {t('arrivals.submit')}
        </button>
      </form>
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <p className="adm-status" role="status" data-testid="arrival-result">
          {t('arrivals.result', {
            allocated: result.allocated_orders,
            short: result.short_orders,
            free: result.free_units,
          })}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('arrivals.confirmTitle')}
          message={t('arrivals.confirm', { units, title: article.title })}
          confirmLabel={t('arrivals.submit')}
          busy={busy}
          onConfirm={() => void record()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
