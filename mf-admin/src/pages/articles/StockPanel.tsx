import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { StockReason, type AdminArticle, type StockMovement } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { failureText, formatDateTime, useLoad } from '@edicola/web-kit';

/**
 * A ledger row's reason in words, with its channel when a sale, a release or a return had one: "Vendita al banco",
 * "Ordine web", "Venduto su Subito", "Reso al banco", "Ordine annullato" (docs/product/counter.md#stock-ledger).
 */
export function movementText(t: TFunction<'admin'>, movement: StockMovement): string {
  return movement.channel
    ? t(`stock.ledger.${movement.reason}.${movement.channel}`, {
        defaultValue: t(`stock.reasons.${movement.reason}`),
      })
    : t(`stock.reasons.${movement.reason}`);
}

/**
 * Stock moves by deltas with a reason (received goods, count correction, damage), never by overwriting
 * the figure: units an order takes meanwhile are kept. The history of changes sits below.
 */
export function StockPanel({
  article,
  onChanged,
}: {
  article: AdminArticle;
  onChanged: (a: AdminArticle) => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const history = useLoad((signal) => api.articles.stockHistory(article.id, signal), article.id);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState<StockReason>('received');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(delta);
    if (!Number.isInteger(value) || value === 0) return setError(t('stock.invalidDelta'));
    setBusy(true);
    setError(null);
    try {
      const answer = await api.articles.adjustStock(article.id, {
        delta: value,
        reason,
        note: note.trim() || null,
      });
      onChanged(answer.article);
      setDelta('');
      setNote('');
      history.reload();
    } catch (failure) {
      setError(failureText(failure, t('stock.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-stock" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t('stock.title')}: <span data-testid="stock-now">{article.quantity_stock}</span>
      </h3>
      <form className="adm-inline-form" onSubmit={submit} noValidate>
        <span className="adm-field">
          <label htmlFor={`${id}-delta`}>{t('stock.delta')}</label>
          <input
            id={`${id}-delta`}
            type="number"
            step={1}
            inputMode="numeric"
            value={delta}
            placeholder="+5 / -2"
            onChange={(event) => setDelta(event.target.value)}
          />
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-reason`}>{t('stock.reason')}</label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value as StockReason)}
          >
            {StockReason.options.map((option) => (
              <option key={option} value={option}>
                {t(`stock.reasons.${option}`)}
              </option>
            ))}
          </select>
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-note`}>{t('stock.note')}</label>
          <input
            id={`${id}-note`}
            value={note}
            maxLength={300}
            onChange={(event) => setNote(event.target.value)}
          />
        </span>
        <button type="submit" className="adm-button" disabled={busy || delta.trim() === ''}>
          {t('stock.submit')}
        </button>
      </form>
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      <h4>{t('stock.history')}</h4>
      {history.data && history.data.length === 0 && <p className="adm-muted">{t('stock.noHistory')}</p>}
      {history.data && history.data.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('stock.history')} tabIndex={0}>
          <table className="adm-table adm-ledger">
            <caption className="adm-visually-hidden">{t('stock.history')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stock.when')}</th>
                <th scope="col">{t('stock.reason')}</th>
                <th scope="col">{t('stock.delta')}</th>
                <th scope="col">{t('stock.stockAfter')}</th>
                <th scope="col">{t('stock.who')}</th>
                <th scope="col">{t('stock.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((movement) => (
                <tr key={movement.id} data-testid="ledger-row">
                  <td>{formatDateTime(movement.created_at)}</td>
                  <td>
                    {movementText(t, movement)}
                    {movement.note && <span className="adm-muted"> · {movement.note}</span>}
                  </td>
                  <td className={movement.delta > 0 ? 'adm-plus' : 'adm-minus'}>
                    {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
                  </td>
                  <td>{movement.stock_after}</td>
                  <td>{movement.username}</td>
                  <td>{movement.reference ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
