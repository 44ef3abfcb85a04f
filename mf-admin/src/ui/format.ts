/** Amounts and dates as the shop writes them (SPEC §9: euro, Italian formatting, 2 decimals). */
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
export const formatEuro = (value: number) => euro.format(value);

export const formatDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00` : iso).toLocaleDateString('it-IT');

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });
