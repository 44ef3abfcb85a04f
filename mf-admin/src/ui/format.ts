import { dateLocale } from '@edicola/contracts';

/**
 * Amounts and dates as the shop writes them (docs/product/constants.md#money: euro, Italian formatting, 2
 * decimals).
 */
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
export const formatEuro = (value: number) => euro.format(value);

export const formatDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00` : iso).toLocaleDateString('it-IT');

/** A figure in the staff's language: 4.7 is '4,7' in Italian, '4.7' in English. */
export const formatNumber = (value: number, language: string, options?: Intl.NumberFormatOptions) =>
  value.toLocaleString(dateLocale(language), options);

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });
