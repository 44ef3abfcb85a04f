import { isValidEan, normalEan } from './barcodes';

describe('isValidEan', () => {
  it.each(['8001234567897', '4006381333931', '96385074', '036000291452', '9771234567003'])(
    'accepts %s',
    (code) => expect(isValidEan(code)).toBe(true),
  );
  it.each(['8001234567890', '4006381333932', '96385075', '12345', 'abcdefghijklm', '80012345678901'])(
    'refuses %s',
    (code) => expect(isValidEan(code)).toBe(false),
  );
  it('widens a UPC-A to EAN-13 and drops spaces', () => {
    expect(normalEan('036000291452')).toBe('0036000291452');
    expect(normalEan(' 8001234567897 ')).toBe('8001234567897');
    expect(isValidEan(normalEan('036000291452'))).toBe(true);
  });
});
