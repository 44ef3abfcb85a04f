import { CustomerInfo, ITALIAN_POSTCODE_DETAIL, POSTCODE_REQUIRED_DETAIL, postcodeProblem } from './orders';
import { ShippingAddress } from './payments';

const info = {
  name: 'Anna Esposito',
  email: 'anna@example.it',
  phone: '+39 081 555 0123',
  address: 'Via Toledo 1',
  city: 'Napoli',
};

const messages = (value: unknown) => {
  const result = CustomerInfo.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the shipping postcode (docs/product/cart-and-checkout.md#postcode)', () => {
  it.each([
    ['IT', '80134', null],
    ['IT', ' 80134 ', null],
    ['IT', '8013', ITALIAN_POSTCODE_DETAIL],
    ['IT', '80134-1', ITALIAN_POSTCODE_DETAIL],
    ['IT', '', POSTCODE_REQUIRED_DETAIL],
    ['it', null, POSTCODE_REQUIRED_DETAIL],
    ['NL', '1234 AB', null],
    ['PT', '1000-001', null],
    ['GB', 'SW1A 1AA', null],
    ['IE', 'D02 X285', null],
    ['IE', '', POSTCODE_REQUIRED_DETAIL],
    ['DE', '   ', POSTCODE_REQUIRED_DETAIL],
    ['US', undefined, POSTCODE_REQUIRED_DETAIL],
    ['AE', '', null],
    ['AE', null, null],
    ['HK', undefined, null],
    [undefined, '', POSTCODE_REQUIRED_DETAIL],
    [undefined, 'ABC', null],
  ])('country %s, postcode %j: %s', (country, zipCode, problem) => {
    expect(postcodeProblem(country, zipCode)).toBe(problem);
  });

  it('is checked on customer_info with the Italian message at zipCode', () => {
    expect(messages({ ...info, country: 'IT', zipCode: '80134' })).toEqual([]);
    expect(messages({ ...info, country: 'IT' })).toEqual(['zipCode: Il CAP è obbligatorio']);
    expect(messages({ ...info, country: 'IT', zipCode: '801' })).toEqual([
      'zipCode: Il CAP deve essere di 5 cifre',
    ]);
    expect(messages({ ...info, country: 'FR', zipCode: '' })).toEqual(['zipCode: Il CAP è obbligatorio']);
    expect(messages({ ...info, country: 'AE', zipCode: '' })).toEqual([]);
    expect(messages({ ...info, country: 'FR', zipCode: 'x'.repeat(21) })).toEqual([
      'zipCode: Il CAP può avere al massimo 20 caratteri',
    ]);
  });

  it('is checked on the shipping address of the card and PayPal payments too', () => {
    const address = { phone: info.phone, address: info.address, city: info.city, country: 'ES' };
    expect(ShippingAddress.safeParse({ ...address, zipCode: '28001' }).success).toBe(true);
    expect(ShippingAddress.safeParse({ ...address, zipCode: '' }).error?.issues[0]?.message).toBe(
      POSTCODE_REQUIRED_DETAIL,
    );
  });
});
