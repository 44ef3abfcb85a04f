import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLocalizedPath,
  localizedPath,
  pathLanguage,
  unprefixedPath,
  type Language,
} from '@edicola/contracts';
import { changeLanguage, isLanguage } from './i18n';

/** The language the page is shown in (i18next's), as one of LANGUAGES. */
export function useLanguage(): Language {
  const { i18n } = useTranslation('shell');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * A function giving a path's address in the page's language (`/prodotti` → `/de/prodotti` on a German page),
 * for every link the shell renders (docs/product/article-pages.md#addresses). The remotes do the same with
 * `localizedPath(i18n.language, path)` from contracts.
 */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(language, path), [language]);
}

/**
 * The page's language follows its address (docs/decisions/0051-article-pages-and-search.md): a prefixed page
 * switches the texts (and the visitor's preference) to its language; a visitor whose preference is not
 * Italian who reaches an indexable page at its Italian address is moved to the prefixed one, and a prefix in
 * front of a page that has a single address (`/en/accedi`) is dropped after taking its language.
 */
export function useLanguageOfPath(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const language = useLanguage();
  useEffect(() => {
    const prefix = pathLanguage(pathname);
    const path = unprefixedPath(pathname);
    if (prefix) {
      if (prefix !== language) void changeLanguage(prefix);
      if (!isLocalizedPath(path)) void navigate(`${path}${search}${hash}`, { replace: true });
    } else if (language !== DEFAULT_LANGUAGE && isLocalizedPath(pathname)) {
      void navigate(`${localizedPath(language, pathname)}${search}${hash}`, { replace: true });
    }
    // Only a new address decides; a language chosen in the selector moves to its address itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
