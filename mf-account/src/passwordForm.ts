import type { FieldError } from './accountForm';

export type PasswordField = 'old_password' | 'new_password' | 'confirm';
export type PasswordFormValues = Record<PasswordField, string>;

export const emptyPasswordForm: PasswordFormValues = { old_password: '', new_password: '', confirm: '' };

/**
 * The first problem of each field (the texts of docs/product/account.md#password-rules): every field
 * required, 6 characters at least, both equal.
 */
export function validatePasswordForm(values: PasswordFormValues): Partial<Record<PasswordField, FieldError>> {
  const errors: Partial<Record<PasswordField, FieldError>> = {};
  if (!values.old_password) errors.old_password = 'required';
  return { ...errors, ...validateNewPassword(values) };
}

export type NewPasswordField = 'new_password' | 'confirm';
export type NewPasswordValues = Record<NewPasswordField, string>;

export const emptyNewPassword: NewPasswordValues = { new_password: '', confirm: '' };

/** The new password twice (a change, a reset by e-mail): required, 6 characters at least, both equal. */
export function validateNewPassword(
  values: NewPasswordValues,
): Partial<Record<NewPasswordField, FieldError>> {
  const errors: Partial<Record<NewPasswordField, FieldError>> = {};
  for (const field of ['new_password', 'confirm'] as const) {
    if (!values[field]) errors[field] = 'required';
  }
  if (values.new_password && values.new_password.length < 6) errors.new_password = 'passwordLength';
  if (values.confirm && values.confirm !== values.new_password) errors.confirm = 'passwordMismatch';
  return errors;
}
