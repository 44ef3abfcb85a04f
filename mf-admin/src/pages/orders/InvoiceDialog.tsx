import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Order, orderReference } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { failureText } from '@edicola/web-kit';
import { todayInRome } from './orderQuery';
import { DialogActions } from '../../ui/DialogActions';
import {
  BuyerFieldset,
  buyerDataComplete,
  formOf,
  hasCap,
  isBlank,
  missingBuyerData,
  updateOf,
  type BuyerForm,
} from './BuyerFields';

/**
 * The invoice modal of docs/product/back-office.md#invoice-dialog: number and date required, the date today
 * and the number the next free one of
 * the year by default; a number already used that year comes back as a 409 whose detail is shown. An order without
 * the buyer's fiscal data (a guest who asked for no invoice) gets them here first, saved with
 * PUT /api/orders/{id}/invoice-data, then the invoice is issued; data not yet invoiced may be corrected
 * (docs/decisions/0033).
 */
export function InvoiceDialog({
  order,
  onSaved,
  onCancel,
  onDataSaved,
}: {
  order: Order;
  onSaved: (number: string) => void;
  onCancel: () => void;
  /** Closed without an invoice after the buyer's data were saved (e.g. its number was already used). */
  onDataSaved?: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [date, setDate] = useState(todayInRome());
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<Order>(order);
  const [dataSaved, setDataSaved] = useState(false);
  const data = current.invoice_data;
  const capMissing = !hasCap(current);
  const [editing, setEditing] = useState(!buyerDataComplete(data) || capMissing);
  const [buyer, setBuyer] = useState<BuyerForm>(() => formOf(data));
  const year = Number(date.slice(0, 4)) || undefined;
  // A customer's order without data may be invoiced with the account's fiscal data (the server looks them up).
  const accountMayDo = !!current.customer_id && !data?.requires_invoice && !capMissing;

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

  /** What is still missing in the form, checked before anything is sent. */
  const missing = () => (accountMayDo && isBlank(buyer) ? null : missingBuyerData(t, buyer, capMissing));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!number.trim() || !date) return setError(t('orders.invoice.required'));
    const incomplete = editing ? missing() : null;
    if (incomplete) return setError(incomplete);
    setBusy(true);
    setError(null);
    try {
      if (editing && !(accountMayDo && isBlank(buyer))) {
        const saved = await api.orders.saveInvoiceData(current.id, updateOf(buyer, capMissing));
        setCurrent(saved);
        setBuyer(formOf(saved.invoice_data));
        setEditing(false);
        setDataSaved(true);
      }
    } catch (failure) {
      setError(failureText(failure, t('orders.invoice.buyer.error')));
      setBusy(false);
      return;
    }
    try {
      await api.orders.saveInvoice(current.id, { invoice_number: number.trim(), invoice_date: date });
      onSaved(number.trim());
    } catch (failure) {
      setError(failureText(failure, t('orders.invoice.error')));
      setBusy(false);
    }
  };

  const close = () => {
    if (dataSaved) onDataSaved?.();
    onCancel();
  };

  return (
    <Dialog title={t('orders.invoice.title', { id: orderReference(current.id) })} onClose={close}>
      <form className="adm-form" onSubmit={submit} noValidate>
        {!editing && data?.requires_invoice && (
          <p className="adm-muted" data-testid="invoice-buyer">
            {data.invoice_type === 'azienda'
              ? `${data.ragione_sociale ?? ''} · ${t('orders.invoice.piva')} ${data.piva ?? '—'}`
              : `${current.customer_info.name} · ${t('orders.invoice.cf')} ${data.codice_fiscale ?? '—'}`}{' '}
            <button
              type="button"
              className="adm-button adm-button-small adm-button-light"
              onClick={() => {
                setBuyer(formOf(data));
                setEditing(true);
              }}
            >
              {t('orders.invoice.buyer.correct')}
            </button>
          </p>
        )}
        {editing && (
          <BuyerFieldset
            id={id}
            buyer={buyer}
            setBuyer={setBuyer}
            capMissing={capMissing}
            intro={
              data?.requires_invoice
                ? t('orders.invoice.buyer.correcting')
                : t(accountMayDo ? 'orders.invoice.buyer.fromAccount' : 'orders.invoice.buyer.missing', {
                    name: current.customer_info.name,
                  })
            }
          />
        )}
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
          onCancel={close}
          submitLabel={t('orders.invoice.submit')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
