import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_NOTES_MAX, CustomerStaffUpdate, type CustomerAdminDetail } from '@edicola/contracts';
import { errorIdOf, failureText, fieldErrorProps } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';

const PRIVATE = ['nome', 'cognome', 'codice_fiscale'] as const;
const COMPANY = ['ragione_sociale', 'piva', 'codice_fiscale_azienda', 'sdi', 'pec', 'referente'] as const;
const ADDRESS = ['street', 'city', 'province', 'cap'] as const;
type Field = (typeof PRIVATE)[number] | (typeof COMPANY)[number] | (typeof ADDRESS)[number] | 'notes';
type Form = Record<Field, string>;

const LABELS: Record<Field, string> = {
  nome: 'customers.form.nome',
  cognome: 'customers.form.cognome',
  codice_fiscale: 'orders.invoice.cf',
  ragione_sociale: 'orders.invoice.buyer.companyName',
  piva: 'orders.invoice.piva',
  codice_fiscale_azienda: 'orders.invoice.buyer.companyCf',
  sdi: 'orders.invoice.buyer.sdi',
  pec: 'orders.invoice.buyer.pec',
  referente: 'customers.form.referente',
  street: 'customers.form.street',
  city: 'customers.city',
  province: 'customers.form.province',
  cap: 'customers.form.cap',
  notes: 'customers.notes',
};

function formOf(customer: CustomerAdminDetail): Form {
  const p = customer.dati_privato;
  const a = customer.dati_azienda;
  const i = customer.indirizzo;
  return {
    nome: p?.nome ?? '',
    cognome: p?.cognome ?? '',
    codice_fiscale: p?.codice_fiscale ?? '',
    ragione_sociale: a?.ragione_sociale ?? '',
    piva: a?.piva ?? '',
    codice_fiscale_azienda: a?.codice_fiscale_azienda ?? '',
    sdi: a?.sdi ?? '',
    pec: a?.pec ?? '',
    referente: a?.referente ?? '',
    street: i?.street ?? '',
    city: i?.city ?? '',
    province: i?.province ?? '',
    cap: i?.cap ?? '',
    notes: customer.notes ?? '',
  };
}

/** The PUT's body: the data of the account's own type, the address and the notes; blank optional fields are null. */
function updateOf(form: Form, company: boolean): CustomerStaffUpdate {
  const text = (field: Field) => form[field].trim();
  const optional = (field: Field) => text(field) || null;
  return {
    ...(company
      ? {
          dati_azienda: {
            ragione_sociale: text('ragione_sociale'),
            piva: text('piva'),
            codice_fiscale_azienda: text('codice_fiscale_azienda'),
            sdi: optional('sdi'),
            pec: optional('pec'),
            referente: optional('referente'),
          },
        }
      : {
          dati_privato: {
            nome: text('nome'),
            cognome: text('cognome'),
            codice_fiscale: optional('codice_fiscale'),
          },
        }),
    indirizzo: { street: text('street'), city: text('city'), province: text('province'), cap: text('cap') },
    notes: optional('notes'),
  };
}

/**
 * Each field's first problem, found with the schema the server checks the request with (the customer's own profile
 * form's rules: codice fiscale, P.IVA, SDI, PEC, CAP, province): a blank required field in the staff's language,
 * anything else in the schema's own words, as the server would answer.
 */
function problemsOf(form: Form, body: CustomerStaffUpdate, required: string): Map<Field, string> {
  const problems = new Map<Field, string>();
  const parsed = CustomerStaffUpdate.safeParse(body);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path.at(-1) as Field;
    if (field in form && !problems.has(field)) {
      problems.set(field, form[field].trim() === '' ? required : issue.message);
    }
  }
  return problems;
}

/**
 * docs/product/back-office.md#customer-edit: staff correct an account's invoice data and address and keep notes.
 * What is wrong is named beside each field before anything is sent; a refusal of the server shows its detail.
 */
export function CustomerForm({
  customer,
  onSaved,
  onCancel,
}: {
  customer: CustomerAdminDetail & { id: string };
  onSaved: (saved: CustomerAdminDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const company = customer.tipo_cliente === 'azienda';
  const [form, setForm] = useState<Form>(() => formOf(customer));
  const [problems, setProblems] = useState<ReadonlyMap<Field, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstField = `${id}-${company ? COMPANY[0] : PRIVATE[0]}`;
  // Opened from the keyboard, the form takes the focus where its first field is.
  useEffect(() => document.getElementById(firstField)?.focus(), [firstField]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = updateOf(form, company);
    const found = problemsOf(form, body, t('customers.form.required'));
    setProblems(found);
    if (found.size > 0) {
      setError(t('customers.form.missing'));
      const first = [...(company ? COMPANY : PRIVATE), ...ADDRESS].find((field) => found.has(field));
      document.getElementById(`${id}-${first ?? 'notes'}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSaved(await api.customers.update(customer.id, body));
    } catch (failure) {
      setError(failureText(failure, t('customers.form.error')));
      setBusy(false);
    }
  };

  const input = (field: Field) => {
    const fieldId = `${id}-${field}`;
    const problem = problems.get(field);
    return (
      <span className="adm-field" key={field}>
        <label htmlFor={fieldId}>{t(LABELS[field])}</label>
        <input
          id={fieldId}
          value={form[field]}
          autoComplete="off"
          {...fieldErrorProps(fieldId, problem)}
          onChange={(e) => setForm((current) => ({ ...current, [field]: e.target.value }))}
        />
        {problem && (
          <span id={errorIdOf(fieldId)} className="adm-error">
            {problem}
          </span>
        )}
      </span>
    );
  };

  return (
    <form
      className="adm-form adm-card adm-wide-card"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t('customers.form.title')}</h3>
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      <fieldset>
        <legend>{t('customers.invoiceData')}</legend>
        <div className="adm-grid">{(company ? COMPANY : PRIVATE).map(input)}</div>
      </fieldset>
      <fieldset>
        <legend>{t('customers.address')}</legend>
        <div className="adm-grid">{ADDRESS.map(input)}</div>
      </fieldset>
      <span className="adm-field">
        <label htmlFor={`${id}-notes`}>{t('customers.notes')}</label>
        <textarea
          id={`${id}-notes`}
          rows={4}
          maxLength={CUSTOMER_NOTES_MAX}
          aria-describedby={`${id}-notes-hint`}
          value={form.notes}
          onChange={(e) => setForm((current) => ({ ...current, notes: e.target.value }))}
        />
        <span id={`${id}-notes-hint`} className="adm-muted">
          {t('customers.form.notesHint', { n: CUSTOMER_NOTES_MAX })}
        </span>
      </span>
      <p className="adm-row-actions">
        <button type="submit" className="adm-button" disabled={busy}>
          {busy ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className="adm-button adm-button-light" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}
