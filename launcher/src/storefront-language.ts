import { DEFAULT_LANGUAGE, languageFromCookies, type Language } from '@edicola/contracts';

/**
 * The language a page is served in: the visitor's choice, which the shell keeps in local storage and
 * mirrors in the `language` cookie (shell/src/i18n.ts), else Italian (docs/product/storefront.md#language).
 * The browser's Accept-Language is not used: the shell does not use it either, and the two must agree, or the
 * page would switch language when the app takes over.
 */
export function pageLanguage(cookieHeader: string | undefined): Language {
  return languageFromCookies(cookieHeader) ?? DEFAULT_LANGUAGE;
}

/** index.html's `<html lang>` set to the page's language. */
export function withPageLanguage(html: string, language: Language): string {
  return html.replace(
    /<html([^>]*?)\slang="[^"]*"/,
    (_whole, before: string) => `<html${before} lang="${language}"`,
  );
}
