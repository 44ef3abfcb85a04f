import { dateLocale } from '@edicola/contracts';

/** Amounts and dates as the shop writes them (docs/product/constants.md#money: euro, Italian formatting, 2 decimals) in every language. */
const euro = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Euros: 12345.6 → "12.345,60 €". */
export const formatEuro = (value: number) => euro.format(value);

/** Cents as euros: 1234560 → "12.345,60 €". */
export const formatCents = (cents: number) => euro.format(cents / 100);

/** A figure in the visitor's language: 4.7 is '4,7' in Italian, '4.7' in English. */
export const formatNumber = (value: number, language: string, options?: Intl.NumberFormatOptions) =>
  value.toLocaleString(dateLocale(language), options);

/** A day or an instant as the back office writes it: "18/12/2026" (a bare day is read at noon, never the eve). */
export const formatShortDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00` : iso).toLocaleDateString('it-IT');

/** An instant as the back office writes it: "18/12/26, 14:05". */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });

const LONG: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** A date in words in the visitor's language ("18 dicembre 2026", "18 December 2026"). */
export const formatLongDate = (date: Date, language: string) =>
  new Intl.DateTimeFormat(dateLocale(language), LONG).format(date);

/**
 * A calendar day ("2025-12-01", or the day of a timestamp as written) in words, whatever the browser's time zone;
 * what cannot be read is shown as it came.
 */
export function formatDay(iso: string, language: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(language), { ...LONG, timeZone: 'UTC' }).format(date);
}

/** The day of an instant, in words, in the browser's time zone; what cannot be read is shown as it came. */
export function formatInstantDay(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatLongDate(date, language);
}

/** The day of an instant in figures, day before month ("01/12/2025"); what cannot be read is shown as it came. */
export function formatNumericDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}
