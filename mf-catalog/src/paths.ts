import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  localizedPath,
  unprefixedPath,
  type CategorySlug,
  type Language,
} from '@edicola/contracts';
import { isCategorySlug } from './categories';

/** The shop's language for i18next's current one (Italian for anything else). */
export function shopLanguage(language: string | undefined): Language {
  return LANGUAGES.includes(language as Language) ? (language as Language) : DEFAULT_LANGUAGE;
}

/** `path` (without prefix) at its address in the visitor's language (docs/product/article-pages.md#addresses). */
export const pathIn = (language: string | undefined, path: string) =>
  localizedPath(shopLanguage(language), path);

const CATEGORY_PAGE = /^\/prodotti\/categoria\/([^/]+)\/?$/;

/** The category a category page's address names (`/en/prodotti/categoria/pokemon` → pokemon), if any. */
export function categoryOfPath(pathname: string): CategorySlug | null {
  const slug = CATEGORY_PAGE.exec(unprefixedPath(pathname))?.[1] ?? null;
  return isCategorySlug(slug) ? slug : null;
}

/** The slug an article page's address names: its last segment, the language prefix aside. */
export function slugOfPath(pathname: string): string {
  const segments = unprefixedPath(pathname).split('/').filter(Boolean);
  return segments.length === 2 && segments[0] === 'prodotti' ? decodeURIComponent(segments[1]!) : '';
}
