import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterPaymentMethod, CounterReturnRequest, CounterSale } from '@edicola/contracts';
import { failureText, formatDateTime, formatEuro } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { newIdempotencyKey } from '../../api/pos';
import { Dialog } from '../../ui/Dialog';

/**
 * One sale of the day: its lines and returns, and a return of some units (or "Annulla vendita": every unit
 * left), with the money back in cash or to the card. One Idempotency-Key per return asked, kept while it is
 * retried.
 */
export function SaleDialog({
  sale,
  onChanged,
  onClose,
}: {
  sale: CounterSale;
  onChanged: (sale: CounterSale) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [method, setMethod] = useState<CounterPaymentMethod>(
    sale.payments.some((p) => p.method === 'card') && !sale.payments.some((p) => p.method === 'cash')
      ? 'card'
      : 'cash',
  );
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const [voiding, setVoiding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = (line: CounterSale['lines'][number]) => line.quantity - line.returned_quantity;
  const anyLeft = sale.status === 'completed' && sale.lines.some((line) => left(line) > 0);
  const chosen = sale.lines
    .map((line) => ({ article_id: line.article_id, quantity: quantities[line.article_id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const amount = sale.lines.reduce(
    (sum, line) => sum + Math.round(line.unit_price * 100) * (quantities[line.article_id] ?? 0),
    0,
  );

  const send = async (request: CounterReturnRequest) => {
    // The same return asked again (a retry after a time-out) keeps its key: the server answers it once.
    const body = JSON.stringify(request);
    const key = attempt?.body === body ? attempt.key : newIdempotencyKey();
    setAttempt({ body, key });
    setBusy(true);
    setError(null);
    try {
      const answer = await api.pos.returnSale(sale.id, request, key);
      setQuantities({});
      setVoiding(false);
      setAttempt(null);
      onChanged(answer);
    } catch (failure) {
      setError(failureText(failure, t('counter.returns.error')));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setError(t('counter.returns.choose'));
    void send({ lines: chosen, refund_method: method });
  };

  return (
    <Dialog title={t('counter.returns.title', { reference: sale.reference })} onClose={onClose} wide>
      <p className="adm-muted">
        {formatDateTime(sale.created_at)} · {sale.cashier} · {t(`counter.status.${sale.status}`)}
        {sale.receipt.document_number && (
          <> · {t('counter.receiptNo', { n: sale.receipt.document_number })}</>
        )}
      </p>
      <form className="adm-form" onSubmit={submit} noValidate>
        <table className="adm-table">
          <caption className="adm-visually-hidden">{t('counter.saleLines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('counter.article')}</th>
              <th scope="col">{t('counter.quantity')}</th>
              <th scope="col">{t('counter.unitPrice')}</th>
              <th scope="col">{t('counter.returns.returned')}</th>
              {anyLeft && <th scope="col">{t('counter.returns.toReturn')}</th>}
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((line) => (
              <tr key={line.article_id}>
                <td>
                  {line.title} <span className="adm-muted">{line.sku}</span>
                </td>
                <td>{line.quantity}</td>
                <td>{formatEuro(line.unit_price)}</td>
                <td>{line.returned_quantity}</td>
                {anyLeft && (
                  <td>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left(line)}
                      value={quantities[line.article_id] ?? 0}
                      disabled={left(line) === 0}
                      aria-label={t('counter.returns.unitsOf', { title: line.title })}
                      onChange={(event) => {
                        const value = Math.max(
                          0,
                          Math.min(left(line), Math.floor(Number(event.target.value) || 0)),
                        );
                        setQuantities((q) => ({ ...q, [line.article_id]: value }));
                      }}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {anyLeft && (
          <>
            <fieldset className="adm-checks">
              <legend>{t('counter.returns.refundMethod')}</legend>
              {(['cash', 'card'] as const).map((option) => (
                <label key={option} className="adm-check">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    checked={method === option}
                    onChange={() => setMethod(option)}
                  />
                  {t(`counter.methods.${option}`)}
                </label>
              ))}
            </fieldset>
            <p aria-live="polite">{t('counter.returns.amount', { amount: formatEuro(amount / 100) })}</p>
            {error && (
              <p className="adm-error" role="alert">
                {error}
              </p>
            )}
            <div className="adm-actions">
              <button
                type="button"
                className="adm-button adm-button-danger"
                onClick={() => setVoiding(true)}
                disabled={busy}
              >
                {t('counter.returns.void')}
              </button>
              <button type="submit" className="adm-button" disabled={busy || chosen.length === 0}>
                {t('counter.returns.submit')}
              </button>
            </div>
          </>
        )}
      </form>
      {voiding && (
        <div className="adm-warn" role="alertdialog" aria-labelledby={`${id}-void`}>
          <p id={`${id}-void`}>
            {t('counter.returns.voidConfirm', { amount: formatEuro(sale.total - sale.refunded) })}
          </p>
          <div className="adm-actions">
            <button type="button" className="adm-button adm-button-light" onClick={() => setVoiding(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="adm-button adm-button-danger"
              disabled={busy}
              onClick={() => void send({ refund_method: method })}
            >
              {t('counter.returns.voidYes')}
            </button>
          </div>
        </div>
      )}
      {sale.returns.length > 0 && (
        <section aria-labelledby={`${id}-returns`}>
          <h3 id={`${id}-returns`}>{t('counter.returns.list')}</h3>
          <ul className="adm-history">
            {sale.returns.map((r) => (
              <li key={r.id}>
                {t(`counter.returns.kinds.${r.kind}`)} · {formatDateTime(r.created_at)} · {r.cashier} ·{' '}
                {r.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')} · {formatEuro(r.amount)} (
                {t(`counter.methods.${r.refund_method}`)})
                {r.receipt.document_number && (
                  <> · {t('counter.receiptNo', { n: r.receipt.document_number })}</>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Dialog>
  );
}
