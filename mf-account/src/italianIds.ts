// Check characters of the Italian tax codes (see PROVIDERS.md): the form refuses a mistyped code
// before the server does.

// Values of the characters in odd positions (1st, 3rd, ...): A..Z, and digits 0..9 count as A..J.
const ODD_LETTER_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
const oddValue = (char: string) =>
  ODD_LETTER_VALUES[/\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65]!;

const evenValue = (char: string) => (/\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65);

const CODICE_FISCALE =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** A person's codice fiscale: 16 characters (omocodia letters allowed) with the right check letter. */
export function isValidCodiceFiscale(value: string): boolean {
  const code = value.toUpperCase();
  if (!CODICE_FISCALE.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const char = code[i]!;
    sum += i % 2 === 0 ? oddValue(char) : evenValue(char);
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}

/** A partita IVA: 11 digits whose last is the Luhn check digit. */
export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 11; i += 1) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A company's codice fiscale: its 11-digit number, or a person's 16-character code (sole traders). */
export function isValidCompanyCodiceFiscale(value: string): boolean {
  return isValidPartitaIva(value) || isValidCodiceFiscale(value);
}
