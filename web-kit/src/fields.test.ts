import { errorIdOf, fieldErrorProps } from './fields';

describe('fieldErrorProps', () => {
  it('marks a field invalid and described by its message only while it has an error', () => {
    expect(fieldErrorProps('email', 'Obbligatorio')).toEqual({
      'aria-invalid': true,
      'aria-describedby': errorIdOf('email'),
    });
    expect(errorIdOf('email')).toBe('email-error');
    expect(fieldErrorProps('email', undefined)).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
    expect(fieldErrorProps('email', false)['aria-invalid']).toBeUndefined();
  });
});
