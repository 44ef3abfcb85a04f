// Italian fiscal identifiers (docs/product/orders-and-payments.md#fiscal-identifiers), checked the same way
// by the services and the forms.

/** Partita IVA: 11 digits, the last a Luhn-style check digit over the first ten. */
export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}

// Digits in the numeric positions may be replaced by these letters (omocodia): L=0, M=1, ... V=9.
const PERSON_CF = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/** The value of a character of the codice fiscale: a digit counts as itself, a letter as its index (A=0). */
function charValue(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** The check letter of the first 15 characters of a person's codice fiscale. */
export function codiceFiscaleCheckLetter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const value = charValue(first15[i]!);
    // Positions are 1-based in the algorithm: index 0 is odd.
    sum += i % 2 === 0 ? ODD_VALUES[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** A person's codice fiscale: 16 characters with a valid check letter (omocodia letters allowed). */
export function isValidPersonCodiceFiscale(value: string): boolean {
  return PERSON_CF.test(value) && codiceFiscaleCheckLetter(value.slice(0, 15)) === value[15];
}

/**
 * A company's codice fiscale: 11 digits checked like a partita IVA, or, for a sole trader, the owner's
 * 16-character personal one.
 */
export function isValidCompanyCodiceFiscale(value: string): boolean {
  return isValidPartitaIva(value) || isValidPersonCodiceFiscale(value);
}
