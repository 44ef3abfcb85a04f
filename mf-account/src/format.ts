import { dateLocale } from '@edicola/contracts';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/** Euros with Italian formatting and 2 decimals (docs/product/constants.md#money): 1234.5 → "1.234,50 €". */
export const formatEuro = (amount: number) => euro.format(amount);

/** An order's date in the visitor's language; what cannot be read is shown as it came. */
export function formatOrderDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}
