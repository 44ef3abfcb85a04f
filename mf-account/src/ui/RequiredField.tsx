import { errorIdOf, fieldErrorProps } from '@edicola/web-kit';

interface RequiredFieldProps {
  id: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  /** The message under the field, or null: the input is then marked invalid and described by it. */
  error: string | null;
  onChange: (value: string) => void;
}

/** One required input of the short forms (login, password change and reset): label, star, its error tied to it. */
export function RequiredField({
  id,
  name,
  label,
  type,
  autoComplete,
  value,
  error,
  onChange,
}: RequiredFieldProps) {
  return (
    <div className="acct-field">
      <label htmlFor={id}>
        {label}
        <span className="acct-required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-required
        {...fieldErrorProps(id, error)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorIdOf(id)} className="acct-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
