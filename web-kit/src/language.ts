import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@edicola/contracts';

/**
 * The visitor's language as the shell shows it (`<html lang>`): sent with orders, payments, reviews and newsletter
 * subscriptions so that the e-mails about them are written in it. Italian when none is set.
 */
export function pageLanguage(doc: Document | undefined = globalThis.document): Language {
  const lang = doc?.documentElement.getAttribute('lang');
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
}
