import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Order, type PartialRefundRequest, orderReference } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { failureText, formatEuro } from '@edicola/web-kit';
import { DialogActions } from '../../ui/DialogActions';

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * A partial refund: chosen lines and quantities or an amount, a reason, and whether the units go back on sale.
 * One Idempotency-Key per dialog, so a double click or a retry after a time-out is one refund.
 */
export function RefundDialog({
  order,
  onDone,
  onCancel,
}: {
  order: Order;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [key] = useState(newKey);
  const [mode, setMode] = useState<'lines' | 'amount'>('lines');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = Math.max(0, Math.round((order.total_amount - order.refunded_amount) * 100) / 100);

  const lines = order.items
    .map((item) => ({ article_id: item.article_id, quantity: quantities[item.article_id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const linesTotal = order.items.reduce(
    (sum, item) => sum + item.unit_gross * (quantities[item.article_id] ?? 0),
    0,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('orders.partialRefund.reasonRequired'));
    let request: PartialRefundRequest;
    if (mode === 'lines') {
      if (lines.length === 0) return setError(t('orders.partialRefund.choose'));
      request = { lines, reason: reason.trim(), restock };
    } else {
      const value = Math.round(Number(amount.replace(',', '.')) * 100) / 100;
      if (!(value > 0) || value > left)
        return setError(t('orders.partialRefund.invalidAmount', { max: formatEuro(left) }));
      request = { amount: value, reason: reason.trim(), restock: false };
    }
    setBusy(true);
    setError(null);
    try {
      await api.orders.refund(order.id, request, key);
      onDone();
    } catch (failure) {
      setError(failureText(failure, t('orders.partialRefund.error')));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('orders.partialRefund.title', { id: orderReference(order.id) })} onClose={onCancel} wide>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p className="adm-muted">{t('orders.partialRefund.left', { amount: formatEuro(left) })}</p>
        <fieldset className="adm-checks">
          <legend>{t('orders.partialRefund.how')}</legend>
          <label className="adm-check">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'lines'}
              onChange={() => setMode('lines')}
            />
            {t('orders.partialRefund.byLines')}
          </label>
          <label className="adm-check">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'amount'}
              onChange={() => setMode('amount')}
            />
            {t('orders.partialRefund.byAmount')}
          </label>
        </fieldset>
        {mode === 'lines' ? (
          <>
            {order.items.map((item) => (
              <span key={item.article_id} className="adm-field">
                <label htmlFor={`${id}-${item.article_id}`}>
                  {t('orders.partialRefund.lineQuantity', {
                    title: item.title,
                    max: item.quantity,
                    price: formatEuro(item.unit_gross),
                  })}
                </label>
                <input
                  id={`${id}-${item.article_id}`}
                  type="number"
                  min={0}
                  max={item.quantity}
                  step={1}
                  inputMode="numeric"
                  value={quantities[item.article_id] ?? 0}
                  onChange={(e) =>
                    setQuantities((q) => ({
                      ...q,
                      [item.article_id]: Math.min(
                        item.quantity,
                        Math.max(0, Math.floor(Number(e.target.value)) || 0),
                      ),
                    }))
                  }
                />
              </span>
            ))}
            <p>{t('orders.partialRefund.linesTotal', { amount: formatEuro(linesTotal) })}</p>
            <label className="adm-check">
              <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
              {t('orders.partialRefund.restock')}
            </label>
          </>
        ) : (
          <span className="adm-field">
            <label htmlFor={`${id}-amount`}>{t('orders.partialRefund.amount')}</label>
            <input
              id={`${id}-amount`}
              type="number"
              min="0.01"
              max={left}
              step="0.01"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </span>
        )}
        <span className="adm-field">
          <label htmlFor={`${id}-reason`}>{t('orders.partialRefund.reason')}</label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            required
            onChange={(e) => setReason(e.target.value)}
          />
        </span>
        <DialogActions
          error={error}
          onCancel={onCancel}
          submitLabel={t('orders.partialRefund.submit')}
          disabled={busy}
          danger
        />
      </form>
    </Dialog>
  );
}
