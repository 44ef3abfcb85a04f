import {
  DEFAULT_LANGUAGE,
  isLocalizedPath,
  languageFromCookies,
  localizedPath,
  pathLanguage,
  unprefixedPath,
  type Language,
} from '@edicola/contracts';

/** index.html's `<html lang>` set to the page's language. */
export function withPageLanguage(html: string, language: Language): string {
  return html.replace(
    /<html([^>]*?)\slang="[^"]*"/,
    (_whole, before: string) => `<html${before} lang="${language}"`,
  );
}

/** Where a storefront request for a page is sent first (docs/product/article-pages.md#languages), if anywhere. */
export interface LanguageRoute {
  /** The page's language: its prefix; Italian for an unprefixed indexable page; the cookie's for the rest. */
  language: Language;
  /** The path without its prefix. */
  path: string;
  /** The address had a language prefix. */
  prefixed: boolean;
  /** Send the browser there instead (status and address with the query). */
  redirect?: { status: 301 | 302; location: string };
}

/**
 * The language of the page at `pathname` (+ `search`, the query with its '?') for a visitor with `cookieHeader`
 * (docs/product/article-pages.md#languages): `/en` is `/en/`; a prefixed address of a page that has only one
 * address is that address; a visitor whose chosen language is not Italian who asks for an indexable page
 * without prefix is sent to the prefixed one. A page with one address is in the visitor's choice, which the
 * shell mirrors in the `language` cookie; the browser's Accept-Language is not used: the shell does not use it
 * either (docs/decisions/0032-server-first-paint.md).
 */
export function languageRoute(
  pathname: string,
  search: string,
  cookieHeader: string | undefined,
): LanguageRoute {
  const prefix = pathLanguage(pathname);
  const path = unprefixedPath(pathname);
  if (prefix) {
    if (pathname === `/${prefix}`)
      return {
        language: prefix,
        path,
        prefixed: true,
        redirect: { status: 301, location: `/${prefix}/${search}` },
      };
    if (!isLocalizedPath(path))
      return {
        language: prefix,
        path,
        prefixed: true,
        redirect: { status: 301, location: `${path}${search}` },
      };
    return { language: prefix, path, prefixed: true };
  }
  const chosen = languageFromCookies(cookieHeader);
  if (!isLocalizedPath(path)) return { language: chosen ?? DEFAULT_LANGUAGE, path, prefixed: false };
  if (chosen && chosen !== DEFAULT_LANGUAGE) {
    return {
      language: DEFAULT_LANGUAGE,
      path,
      prefixed: false,
      redirect: { status: 302, location: `${localizedPath(chosen, path)}${search}` },
    };
  }
  return { language: DEFAULT_LANGUAGE, path, prefixed: false };
}
