import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type InvoiceData, type InvoiceDataUpdate, type Order, orderReference } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { failureText } from '@edicola/web-kit';
import { todayInRome } from './orderQuery';
import { DialogActions } from '../../ui/DialogActions';

type InvoiceType = 'privato' | 'azienda';

interface BuyerForm {
  invoice_type: InvoiceType;
  codice_fiscale: string;
  ragione_sociale: string;
  piva: string;
  codice_fiscale_azienda: string;
  sdi: string;
  pec: string;
  cap: string;
}

/** What an invoice needs of the buyer: a person's codice fiscale, a company's name, P.IVA and codice fiscale. */
export const buyerDataComplete = (data: InvoiceData | null) =>
  !!data?.requires_invoice &&
  (data.invoice_type === 'azienda'
    ? !!data.ragione_sociale && !!data.piva && !!data.codice_fiscale_azienda
    : !!data.codice_fiscale);

/** The address has the CAP the invoice needs (5 digits in Italy). */
const hasCap = (order: Order) => {
  const zip = order.customer_info.zipCode?.trim() ?? '';
  const country = order.customer_info.country ?? order.shipping_country;
  return country === 'IT' ? /^\d{5}$/.test(zip) : zip !== '';
};

const formOf = (data: InvoiceData | null): BuyerForm => ({
  invoice_type: data?.invoice_type ?? 'privato',
  codice_fiscale: data?.codice_fiscale ?? '',
  ragione_sociale: data?.ragione_sociale ?? '',
  piva: data?.piva ?? '',
  codice_fiscale_azienda: data?.codice_fiscale_azienda ?? '',
  sdi: data?.sdi ?? '',
  pec: data?.pec ?? '',
  cap: '',
});

const isBlank = (form: BuyerForm) =>
  [
    form.codice_fiscale,
    form.ragione_sociale,
    form.piva,
    form.codice_fiscale_azienda,
    form.sdi,
    form.pec,
    form.cap,
  ].every((v) => v.trim() === '');

/** The PUT's body; the server checks the codice fiscale and P.IVA (checksums) and answers what is wrong. */
function updateOf(form: BuyerForm, withCap: boolean): InvoiceDataUpdate {
  const cap = withCap ? form.cap.trim() || null : null;
  return form.invoice_type === 'azienda'
    ? {
        invoice_type: 'azienda',
        ragione_sociale: form.ragione_sociale.trim(),
        piva: form.piva.trim(),
        codice_fiscale_azienda: form.codice_fiscale_azienda.trim(),
        sdi: form.sdi.trim() || null,
        pec: form.pec.trim() || null,
        cap,
      }
    : { invoice_type: 'privato', codice_fiscale: form.codice_fiscale.trim(), cap };
}

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

  const field = (name: keyof BuyerForm) => ({
    id: `${id}-${name}`,
    value: buyer[name],
    autoComplete: 'off',
    onChange: (e: { target: { value: string } }) => setBuyer((form) => ({ ...form, [name]: e.target.value })),
  });

  /** What is still missing in the form, checked before anything is sent. */
  function missing(): string | null {
    if (accountMayDo && isBlank(buyer)) return null;
    if (buyer.invoice_type === 'privato' && !buyer.codice_fiscale.trim())
      return t('orders.invoice.buyer.cfRequired');
    if (
      buyer.invoice_type === 'azienda' &&
      (!buyer.ragione_sociale.trim() || !buyer.piva.trim() || !buyer.codice_fiscale_azienda.trim())
    )
      return t('orders.invoice.buyer.companyRequired');
    if (buyer.invoice_type === 'azienda' && !buyer.sdi.trim() && !buyer.pec.trim())
      return t('orders.invoice.buyer.contactRequired');
    if (capMissing && !buyer.cap.trim()) return t('orders.invoice.buyer.capRequired');
    return null;
  }

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
          <fieldset className="adm-checks">
            <legend>{t('orders.invoice.buyer.legend')}</legend>
            <p className="adm-muted">
              {data?.requires_invoice
                ? t('orders.invoice.buyer.correcting')
                : t(accountMayDo ? 'orders.invoice.buyer.fromAccount' : 'orders.invoice.buyer.missing', {
                    name: current.customer_info.name,
                  })}
            </p>
            {(['privato', 'azienda'] as const).map((type) => (
              <label key={type} className="adm-check">
                <input
                  type="radio"
                  name={`${id}-type`}
                  checked={buyer.invoice_type === type}
                  onChange={() => setBuyer((form) => ({ ...form, invoice_type: type }))}
                />
                {t(`orders.invoice.buyer.${type}`)}
              </label>
            ))}
            {buyer.invoice_type === 'privato' ? (
              <span className="adm-field">
                <label htmlFor={`${id}-codice_fiscale`}>{t('orders.invoice.cf')}</label>
                <input {...field('codice_fiscale')} maxLength={16} />
              </span>
            ) : (
              <>
                <span className="adm-field">
                  <label htmlFor={`${id}-ragione_sociale`}>{t('orders.invoice.buyer.companyName')}</label>
                  <input {...field('ragione_sociale')} maxLength={200} />
                </span>
                <span className="adm-field">
                  <label htmlFor={`${id}-piva`}>{t('orders.invoice.piva')}</label>
                  <input {...field('piva')} inputMode="numeric" maxLength={11} />
                </span>
                <span className="adm-field">
                  <label htmlFor={`${id}-codice_fiscale_azienda`}>
                    {t('orders.invoice.buyer.companyCf')}
                  </label>
                  <input {...field('codice_fiscale_azienda')} maxLength={16} />
                </span>
                <span className="adm-field">
                  <label htmlFor={`${id}-sdi`}>{t('orders.invoice.buyer.sdi')}</label>
                  <input {...field('sdi')} maxLength={7} />
                </span>
                <span className="adm-field">
                  <label htmlFor={`${id}-pec`}>{t('orders.invoice.buyer.pec')}</label>
                  <input {...field('pec')} type="email" maxLength={254} />
                </span>
              </>
            )}
            {capMissing && (
              <span className="adm-field">
                <label htmlFor={`${id}-cap`}>{t('orders.invoice.buyer.cap')}</label>
                <input {...field('cap')} inputMode="numeric" maxLength={20} />
              </span>
            )}
          </fieldset>
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
