import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { failureText } from '../../ui/errors';
import { shortId, todayInRome } from './orderQuery';
import { DialogActions } from '../../ui/DialogActions';

/**
 * SPEC §2/§4/§5 invoice modal: number and date required, the date today and the number the next free one of
 * the year by default; a number already used that year comes back as a 409 whose detail is shown.
 */
export function InvoiceDialog({
  order,
  onSaved,
  onCancel,
}: {
  order: Order;
  onSaved: (number: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [date, setDate] = useState(todayInRome());
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const year = Number(date.slice(0, 4)) || undefined;

  useEffect(() => {
    if (touched) return;
    const controller = new AbortController();
    api.orders.nextInvoiceNumber(year, controller.signal).then(
      (next) => {
        if (!controller.signal.aborted) setNumber(next.invoice_number);
      },
      () => undefined, // The field stays empty: staff type the number.
    );
    return () => controller.abort();
  }, [api, year, touched]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!number.trim() || !date) return setError(t('orders.invoice.required'));
    setBusy(true);
    setError(null);
    try {
      await api.orders.saveInvoice(order.id, { invoice_number: number.trim(), invoice_date: date });
      onSaved(number.trim());
    } catch (failure) {
      setError(failureText(failure, t('orders.invoice.error')));
      setBusy(false);
    }
  };

  const data = order.invoice_data;
  return (
    <Dialog title={t('orders.invoice.title', { id: shortId(order.id) })} onClose={onCancel}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p className="adm-muted">
          {data?.requires_invoice
            ? data.invoice_type === 'azienda'
              ? `${data.ragione_sociale ?? ''} · ${t('orders.invoice.piva')} ${data.piva ?? '—'}`
              : `${order.customer_info.name} · ${t('orders.invoice.cf')} ${data.codice_fiscale ?? '—'}`
            : t('orders.invoice.noData', { name: order.customer_info.name })}
        </p>
        <span className="adm-field">
          <label htmlFor={`${id}-number`}>{t('orders.invoice.number')}</label>
          <input
            id={`${id}-number`}
            value={number}
            placeholder="12/2026"
            required
            aria-required="true"
            autoComplete="off"
            onChange={(e) => {
              setTouched(true);
              setNumber(e.target.value);
            }}
          />
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-date`}>{t('orders.invoice.date')}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            required
            aria-required="true"
            onChange={(e) => setDate(e.target.value)}
          />
        </span>
        <DialogActions
          error={error}
          onCancel={onCancel}
          submitLabel={t('orders.invoice.submit')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
