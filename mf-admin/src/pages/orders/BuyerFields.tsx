import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { InvoiceData, InvoiceDataUpdate, Order } from '@edicola/contracts';

/**
 * The buyer's fiscal data as staff enter or correct them (docs/decisions/0033): the invoice dialog's and, after the
 * SdI rejected an invoice, the correction's (docs/decisions/0063).
 */
export interface BuyerForm {
  invoice_type: 'privato' | 'azienda';
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
export const hasCap = (order: Order) => {
  const zip = order.customer_info.zipCode?.trim() ?? '';
  const country = order.customer_info.country ?? order.shipping_country;
  return country === 'IT' ? /^\d{5}$/.test(zip) : zip !== '';
};

export const formOf = (data: InvoiceData | null): BuyerForm => ({
  invoice_type: data?.invoice_type ?? 'privato',
  codice_fiscale: data?.codice_fiscale ?? '',
  ragione_sociale: data?.ragione_sociale ?? '',
  piva: data?.piva ?? '',
  codice_fiscale_azienda: data?.codice_fiscale_azienda ?? '',
  sdi: data?.sdi ?? '',
  pec: data?.pec ?? '',
  cap: '',
});

export const isBlank = (form: BuyerForm) =>
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
export function updateOf(form: BuyerForm, withCap: boolean): InvoiceDataUpdate {
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

/** What is still missing in the form, checked before anything is sent; null when complete. */
export function missingBuyerData(
  t: TFunction<'admin'>,
  buyer: BuyerForm,
  capMissing: boolean,
): string | null {
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

/** The fields: private person or company, and the CAP when the address lacks the one the invoice needs. */
export function BuyerFieldset({
  id,
  buyer,
  setBuyer,
  capMissing,
  intro,
}: {
  id: string;
  buyer: BuyerForm;
  setBuyer: Dispatch<SetStateAction<BuyerForm>>;
  capMissing: boolean;
  intro: string;
}) {
  const { t } = useTranslation('admin');
  const field = (name: keyof BuyerForm) => ({
    id: `${id}-${name}`,
    value: buyer[name],
    autoComplete: 'off',
    onChange: (e: { target: { value: string } }) => setBuyer((form) => ({ ...form, [name]: e.target.value })),
  });
  return (
    <fieldset className="adm-checks">
      <legend>{t('orders.invoice.buyer.legend')}</legend>
      <p className="adm-muted">{intro}</p>
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
            <label htmlFor={`${id}-codice_fiscale_azienda`}>{t('orders.invoice.buyer.companyCf')}</label>
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
  );
}
