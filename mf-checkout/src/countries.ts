import { EU_COUNTRIES } from '@edicola/contracts';

/** Countries outside the EU the shop ships to, besides every EU member state. */
const BEYOND_EU = [
  'CH', 'GB', 'NO', 'IS', 'LI', 'MC', 'SM', 'VA', 'AD', 'AL', 'BA', 'ME', 'MK', 'RS', 'TR', 'UA',
  'US', 'CA', 'MX', 'BR', 'AR', 'AU', 'NZ', 'JP', 'CN', 'KR', 'IN', 'IL', 'AE', 'ZA',
] as const; // prettier-ignore

/** Every country of the details form's select (ISO 3166-1 alpha-2); each has a label in the locale files. */
export const SHIPPING_COUNTRIES: readonly string[] = [...EU_COUNTRIES, ...BEYOND_EU];

/**
 * The select's order: Italy first, then the others by their name in the shopper's language.
 * `label` gives a country's name (from the locale files).
 */
export function countryOptions(label: (code: string) => string, language: string): string[] {
  const others = SHIPPING_COUNTRIES.filter((code) => code !== 'IT');
  const collator = new Intl.Collator(language);
  return ['IT', ...others.sort((a, b) => collator.compare(label(a), label(b)))];
}
