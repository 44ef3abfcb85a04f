const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const day = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Euros with Italian formatting (SPEC §9): 1234.5 → "1.234,50 €". */
export function formatEuro(amount: number): string {
  return euro.format(amount);
}

/** An ISO date ("2025-12-01") in Italian: "1 dicembre 2025"; anything else is shown as it came. */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : day.format(date);
}

/** The address of an article photo: the media base address plus photo_url (absolute URLs kept). */
export function photoAddress(mediaBaseUrl: string, photoUrl: string): string {
  if (/^https?:\/\//.test(photoUrl)) return photoUrl;
  return `${mediaBaseUrl.replace(/\/+$/, '')}/${photoUrl.replace(/^\/+/, '')}`;
}
