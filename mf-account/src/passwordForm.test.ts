import { emptyPasswordForm, validatePasswordForm } from './passwordForm';

describe('the password change form', () => {
  it('asks for every field', () => {
    expect(validatePasswordForm(emptyPasswordForm)).toEqual({
      old_password: 'required',
      new_password: 'required',
      confirm: 'required',
    });
  });

  it('wants 6 characters at least and the same new password twice (docs/product/account.md#password-rules)', () => {
    expect(
      validatePasswordForm({ old_password: 'vecchia', new_password: '12345', confirm: '12345' }),
    ).toEqual({
      new_password: 'passwordLength',
    });
    expect(
      validatePasswordForm({ old_password: 'vecchia', new_password: '123456', confirm: '123457' }),
    ).toEqual({
      confirm: 'passwordMismatch',
    });
    expect(
      validatePasswordForm({ old_password: 'vecchia', new_password: 'Vesuvio', confirm: 'Vesuvio' }),
    ).toEqual({});
  });
});
