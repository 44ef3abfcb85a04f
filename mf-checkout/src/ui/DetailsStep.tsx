import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE } from '../dialogI18n';
import { CUSTOMER_TOKEN_KEY } from '@edicola/contracts';
import { errorIdOf, fieldErrorProps, onDomEvent, formatCents, PrivacyNotice } from '@edicola/web-kit';
import type { CheckoutApi } from '../api';
import {
  checkDetails,
  MAX_LENGTH,
  needsPostcode,
  normaliseInput,
  prefill,
  type DetailsCheck,
  type DetailsField,
  type DetailsForm,
} from '../checkoutForm';
import { countryOptions } from '../countries';
import { DialogHead } from './DialogHead';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { paypalReady } from '../payments';
import type { CheckoutPaymentMethod } from './PaymentStep';

interface DetailsStepProps {
  titleId: string;
  api: CheckoutApi;
  /** The payment method chosen in the step before. */
  method: CheckoutPaymentMethod;
  /** The method's provider runs in demo mode: nothing is really charged. */
  demo: boolean;
  form: DetailsForm;
  onChange: (form: DetailsForm) => void;
  /** The total to pay in cents; null while shipping is being quoted. */
  total: number | null;
  onChangePayment: () => void;
  /** Sends the order; answers the message to show when it failed. */
  onSubmit: () => Promise<string | null>;
  onClose: () => void;
}

const NO_PROBLEMS: DetailsCheck = { missing: [], invalid: {} };
const INPUT_TYPE: Partial<Record<DetailsField, string>> = { email: 'email', phone: 'tel', pec: 'email' };
const AUTOCOMPLETE: Partial<Record<DetailsField, string>> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
  zipCode: 'postal-code',
};

/**
 * The details form (docs/product/cart-and-checkout.md#details-form): customer fields, the invoice section,
 * 'Cambia Pagamento', 'Conferma Ordine'.
 */
export function DetailsStep({
  titleId,
  api,
  method,
  demo,
  form,
  onChange,
  total,
  onChangePayment,
  onSubmit,
  onClose,
}: DetailsStepProps) {
  const { t, i18n } = useTranslation(DIALOG_NAMESPACE);
  const { t: tp } = useTranslation(PAYMENT_NAMESPACE);
  const id = useId();
  const [problems, setProblems] = useState<DetailsCheck>(NO_PROBLEMS);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [companyLocked, setCompanyLocked] = useState(false);
  const [prefilled, setPrefilled] = useState(false);
  const sending = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef(form);
  formRef.current = form;

  // A logged-in customer's profile fills the form; a company's invoice data is required and locked.
  const [session, setSession] = useState(0);
  useEffect(
    () =>
      onDomEvent('edicola:customer-session', ({ token }) => {
        if (!token) setCompanyLocked(false);
        setSession((n) => n + 1);
      }),
    [],
  );
  useEffect(() => {
    const token = window.localStorage.getItem(CUSTOMER_TOKEN_KEY);
    if (!token) return;
    const controller = new AbortController();
    api.profile(token, controller.signal).then(
      (customer) => {
        onChange(prefill(formRef.current, customer));
        setCompanyLocked(customer.tipo_cliente === 'azienda' && customer.dati_azienda !== null);
        setPrefilled(true);
      },
      () => setCompanyLocked(false), // a guest after all (expired token): nothing is prefilled
    );
    return () => controller.abort();
  }, [api, onChange, session]);

  const hasProblems = problems.missing.length > 0 || Object.keys(problems.invalid).length > 0;
  // After each try that found problems or failed, the message gets the focus (read out at once).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) alertRef.current?.focus();
  }, [attempt]);

  const set = (field: DetailsField, value: string | boolean) => {
    onChange({ ...form, [field]: typeof value === 'string' ? normaliseInput(field, value) : value });
    // An edited field loses its message (and its place in the summary) until the next try.
    if (problems.missing.includes(field) || problems.invalid[field]) {
      const { [field]: _fixed, ...invalid } = problems.invalid;
      setProblems({ missing: problems.missing.filter((f) => f !== field), invalid });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const check = checkDetails(form);
    setProblems(check);
    setFailure('');
    if (check.missing.length > 0 || Object.keys(check.invalid).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    sending.current = true;
    setBusy(true);
    const message = await onSubmit();
    sending.current = false;
    setBusy(false);
    if (message) {
      setFailure(message);
      setAttempt((n) => n + 1);
    }
  };

  const errorId = (field: DetailsField) => errorIdOf(`${id}-${field}`);
  const problemText = (field: DetailsField, problem: string) =>
    t(`details.problems.${problem}`, { field: t(`details.fields.${field}`), max: MAX_LENGTH[field] });
  const fieldError = (field: DetailsField) => {
    const problem = problems.invalid[field];
    if (problem) return problemText(field, problem);
    return problems.missing.includes(field) ? t('details.requiredField') : '';
  };

  const input = (field: DetailsField, options: { required?: boolean; locked?: boolean } = {}) => {
    const error = fieldError(field);
    const inputId = `${id}-${field}`;
    return (
      <div className="cko-field">
        <label htmlFor={inputId}>
          {t(`details.fields.${field}`)}
          {options.required && <span aria-hidden="true"> *</span>}
        </label>
        <input
          id={inputId}
          name={field}
          type={INPUT_TYPE[field] ?? 'text'}
          autoComplete={AUTOCOMPLETE[field] ?? 'off'}
          value={form[field] as string}
          maxLength={MAX_LENGTH[field]}
          required={options.required}
          readOnly={options.locked}
          {...fieldErrorProps(inputId, error)}
          onChange={(event) => set(field, event.target.value)}
        />
        {error && (
          <p id={errorId(field)} className="cko-field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  // The shipping country (Italy first): choosing it sets the cart's zone, and so the shipping cost.
  const countrySelect = () => {
    const error = fieldError('country');
    const selectId = `${id}-country`;
    const countries = countryOptions((code) => t(`details.countries.${code}`), i18n.language);
    return (
      <div className="cko-field">
        <label htmlFor={selectId}>
          {t('details.fields.country')}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={selectId}
          name="country"
          autoComplete="country"
          value={form.country}
          required
          {...fieldErrorProps(selectId, error)}
          onChange={(event) => set('country', event.target.value)}
        >
          {form.country === '' && <option value="">—</option>}
          {countries.map((code) => (
            <option key={code} value={code}>
              {t(`details.countries.${code}`)}
            </option>
          ))}
        </select>
        {error && (
          <p id={errorId('country')} className="cko-field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  const missingNames = problems.missing.map((field) => t(`details.fields.${field}`)).join(', ');
  const invalidMessages = [
    ...new Set(
      (Object.entries(problems.invalid) as [DetailsField, string][]).map(([field, problem]) =>
        problemText(field, problem),
      ),
    ),
  ];

  return (
    <form className="cko-form" noValidate onSubmit={submit}>
      <DialogHead titleId={titleId} title={t('details.title')} onClose={onClose} />
      <div className="cko-body">
        <p className="cko-hint">
          {t('details.chosenMethod', { method: t(`payment.methods.${method}`) })}
          {total !== null && (
            <>
              {' · '}
              {t('cart.total')}: <strong data-testid="details-total">{formatCents(total)}</strong>
            </>
          )}
        </p>
        {demo && (
          <p className="cko-notice cko-warning" data-testid="payment-demo-note">
            {tp(method === 'paypal' ? 'demo.paypal' : 'demo.stripe')}
          </p>
        )}
        {prefilled && <p className="cko-notice">{t('details.profileNote')}</p>}
        {(hasProblems || failure) && (
          <div ref={alertRef} className="cko-error" role="alert" tabIndex={-1}>
            {problems.missing.length > 0 && <p>{t('details.missing', { fields: missingNames })}</p>}
            {invalidMessages.map((message) => (
              <p key={message}>{message}</p>
            ))}
            {failure && <p>{failure}</p>}
          </div>
        )}
        <p className="cko-hint">{t('details.requiredNote')}</p>
        <div className="cko-grid">
          {input('name', { required: true })}
          {input('email', { required: true })}
          {input('phone', { required: true })}
          {input('address', { required: true })}
          {input('city', { required: true })}
          {input('zipCode', { required: needsPostcode(form.country) })}
          {countrySelect()}
        </div>
        <div className="cko-field">
          <label htmlFor={`${id}-notes`}>{t('details.fields.notes')}</label>
          <textarea
            id={`${id}-notes`}
            name="notes"
            rows={2}
            maxLength={MAX_LENGTH.notes}
            value={form.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
        </div>
        <fieldset className="cko-invoice">
          <legend>{t('details.invoice.title')}</legend>
          {companyLocked ? (
            <p className="cko-notice">{t('details.invoice.locked')}</p>
          ) : (
            <label className="cko-check">
              <input
                type="checkbox"
                checked={form.requires_invoice}
                onChange={(event) => set('requires_invoice', event.target.checked)}
              />{' '}
              {t('details.invoice.request')}
            </label>
          )}
          {form.requires_invoice && !companyLocked && (
            <div className="cko-radios" role="radiogroup" aria-label={t('details.invoice.type')}>
              {(['privato', 'azienda'] as const).map((type) => (
                <label key={type} className="cko-check">
                  <input
                    type="radio"
                    name="invoice_type"
                    value={type}
                    checked={form.invoice_type === type}
                    onChange={() => set('invoice_type', type)}
                  />{' '}
                  {t(`details.invoice.${type}`)}
                </label>
              ))}
            </div>
          )}
          {form.requires_invoice &&
            form.invoice_type === 'privato' &&
            input('codice_fiscale', { required: true })}
          {form.requires_invoice && form.invoice_type === 'azienda' && (
            <div className="cko-grid">
              {input('ragione_sociale', { required: true, locked: companyLocked })}
              {input('piva', { required: true, locked: companyLocked })}
              {input('codice_fiscale_azienda', { required: true, locked: companyLocked })}
              {input('pec', { locked: companyLocked })}
              {input('sdi', { locked: companyLocked })}
            </div>
          )}
        </fieldset>
        <PrivacyNotice
          className="cko-hint"
          notice={t('details.privacyNotice')}
          link={t('details.privacyLink')}
          newTab={t('details.newTab')}
        />
      </div>
      <div className="cko-actions">
        <button type="button" className="cko-secondary" onClick={onChangePayment} disabled={busy}>
          {t('details.changePayment')}
        </button>
        {method !== 'paypal' ? (
          <button type="submit" className="cko-primary" disabled={busy || total === null} aria-busy={busy}>
            {busy ? t('details.busy') : t('details.confirm')}
          </button>
        ) : paypalReady(form) ? (
          // docs/product/cart-and-checkout.md#paypal-button: the PayPal button only once the required fields
          // are filled.
          <button
            type="submit"
            className="cko-paypal"
            disabled={busy || total === null}
            aria-busy={busy}
            data-testid="paypal-button"
          >
            {busy ? t('details.busy') : tp('paypal.button')}
          </button>
        ) : (
          <p className="cko-paypal-warning" data-testid="paypal-warning">
            {tp('paypal.incomplete')}
          </p>
        )}
      </div>
    </form>
  );
}
