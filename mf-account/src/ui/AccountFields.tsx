import { useTranslation } from 'react-i18next';
import {
  MAX_LENGTH,
  REQUIRED,
  UPPERCASE,
  visibleFields,
  type AccountField,
  type AccountFormValues,
  type FieldError,
} from '../accountForm';

const INPUT: Partial<
  Record<AccountField, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' }>
> = {
  email: { type: 'email', autoComplete: 'email' },
  password: { type: 'password', autoComplete: 'new-password' },
  password_confirm: { type: 'password', autoComplete: 'new-password' },
  telefono: { type: 'tel', autoComplete: 'tel' },
  street: { autoComplete: 'street-address' },
  city: { autoComplete: 'address-level2' },
  province: { autoComplete: 'address-level1' },
  cap: { autoComplete: 'postal-code', inputMode: 'numeric' },
  nome: { autoComplete: 'given-name' },
  cognome: { autoComplete: 'family-name' },
  ragione_sociale: { autoComplete: 'organization' },
  piva: { inputMode: 'numeric' },
  pec: { type: 'email' },
  referente: { autoComplete: 'name' },
};

const SECTIONS: { legend: string; fields: AccountField[] }[] = [
  { legend: 'sections.credentials', fields: ['email', 'password', 'password_confirm'] },
  { legend: 'sections.private', fields: ['nome', 'cognome', 'codice_fiscale'] },
  {
    legend: 'sections.company',
    fields: ['ragione_sociale', 'piva', 'codice_fiscale_azienda', 'pec', 'sdi', 'referente'],
  },
  { legend: 'sections.contact', fields: ['telefono', 'street', 'city', 'province', 'cap'] },
];

export const fieldId = (field: AccountField) => `acct-${field.replace(/_/g, '-')}`;

/** Moves the focus to the first field in error (form order), so keyboard and screen-reader users land on it. */
export function focusFirstError(
  values: AccountFormValues,
  errors: Partial<Record<AccountField, FieldError>>,
  withCredentials: boolean,
) {
  const first = visibleFields(values.tipo_cliente, withCredentials).find((field) => errors[field]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

interface AccountFieldsProps {
  values: AccountFormValues;
  errors: Partial<Record<AccountField, FieldError>>;
  withCredentials: boolean;
  onChange: (field: AccountField, value: string) => void;
}

/** The account form's fields, grouped in fieldsets; each error is tied to its input. */
export function AccountFields({ values, errors, withCredentials, onChange }: AccountFieldsProps) {
  const { t } = useTranslation('account');
  const shown = new Set(visibleFields(values.tipo_cliente, withCredentials));
  return (
    <>
      {SECTIONS.filter((section) => section.fields.some((field) => shown.has(field))).map((section) => (
        <fieldset key={section.legend} className="acct-fieldset">
          <legend>{t(section.legend)}</legend>
          <div className="acct-grid">
            {section.fields
              .filter((field) => shown.has(field))
              .map((field) => {
                const id = fieldId(field);
                const error = errors[field];
                const required = REQUIRED.has(field);
                const hint = t(`hints.${field}`, { defaultValue: '' });
                const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
                return (
                  <div key={field} className={`acct-field acct-field-${field}`}>
                    <label htmlFor={id}>
                      {t(`fields.${field}`)}
                      {required ? (
                        <span className="acct-required" aria-hidden="true">
                          {' '}
                          *
                        </span>
                      ) : (
                        <span className="acct-optional"> ({t('form.optional')})</span>
                      )}
                    </label>
                    <input
                      id={id}
                      name={field}
                      type={INPUT[field]?.type ?? 'text'}
                      autoComplete={INPUT[field]?.autoComplete ?? 'off'}
                      inputMode={INPUT[field]?.inputMode}
                      maxLength={MAX_LENGTH[field]}
                      required={required}
                      aria-required={required}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy || undefined}
                      value={values[field]}
                      onChange={(event) =>
                        onChange(
                          field,
                          UPPERCASE.has(field) ? event.target.value.toUpperCase() : event.target.value,
                        )
                      }
                    />
                    {hint && (
                      <p id={`${id}-hint`} className="acct-hint">
                        {hint}
                      </p>
                    )}
                    {error && (
                      <p id={`${id}-error`} className="acct-field-error">
                        {t(`errors.${error}`)}
                      </p>
                    )}
                  </div>
                );
              })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
