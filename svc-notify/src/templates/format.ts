import { dateLocale, type Language } from '@edicola/contracts';

/** One formatter per language and kind, made once: building an Intl formatter costs more than using it. */
function cached<F>(make: (locale: string) => F): (language: Language) => F {
  const made = new Map<Language, F>();
  return (language) => {
    let formatter = made.get(language);
    if (!formatter) {
      formatter = make(dateLocale(language));
      made.set(language, formatter);
    }
    return formatter;
  };
}

const euros = cached((locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }));
const days = cached(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Rome' }),
);
const moments = cached(
  (locale) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Rome' }),
);
const regions = cached((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** Euros in the customer's way of writing them (1.234,50 € in Italian, €1,234.50 in English). */
export function money(cents: number, language: Language): string {
  return euros(language).format(cents / 100);
}

/** A day as the customer writes it, in the shop's time zone. */
export function day(iso: string | Date, language: Language): string {
  return days(language).format(new Date(iso));
}

/** A moment (day and time) as the customer writes it, in the shop's time zone. */
export function moment(iso: string | Date, language: Language): string {
  return moments(language).format(new Date(iso));
}

/** A country's name in the customer's language. */
export function country(code: string, language: Language): string {
  try {
    return regions(language).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
