// Article barcodes (docs/product/counter.md#barcodes): EAN-13, EAN-8 and UPC-A (12 digits), each with the
// GS1 check digit: weights 3,1,3,1… from the digit left of the check digit, check = (10 − sum mod 10) mod 10.

/** True when `code` is an EAN-8, UPC-A or EAN-13 whose last digit is its check digit. */
export function isValidEan(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** What a scanner or a typist sent, as the shop stores it: digits only, a UPC-A widened to its EAN-13. */
export function normalEan(code: string): string {
  const digits = code.replace(/\s+/g, '');
  return digits.length === 12 ? `0${digits}` : digits;
}

export const INVALID_EAN_DETAIL =
  'Codice EAN non valido: controlla le cifre (8 o 13, con la cifra di controllo)';
