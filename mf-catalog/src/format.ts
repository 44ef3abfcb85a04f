import { dateLocale } from '@edicola/contracts';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/**
 * Euros with Italian formatting (docs/product/constants.md#money) in every language: 1234.5 → "1.234,50 €".
 */
export function formatEuro(amount: number): string {
  return euro.format(amount);
}

/** An ISO date ("2025-12-01") in the current language ("1 dicembre 2025", "1 December 2025"). */
export function formatDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(dateLocale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A review's date, numeric in the it-IT style (day/month/year), in the current language. */
export function formatReviewDate(isoDateTime: string, language: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  return new Intl.DateTimeFormat(dateLocale(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

/** The address of an article photo: the media base address plus photo_url (absolute URLs kept). */
export function photoAddress(mediaBaseUrl: string, photoUrl: string): string {
  if (/^https?:\/\//.test(photoUrl)) return photoUrl;
  return `${mediaBaseUrl.replace(/\/+$/, '')}/${photoUrl.replace(/^\/+/, '')}`;
}

/** The social share text: the description cut at 100 characters (docs/product/constants.md#defaults). */
export function shareDescription(description: string): string {
  return description.length > 100 ? `${description.slice(0, 100)}…` : description;
}
