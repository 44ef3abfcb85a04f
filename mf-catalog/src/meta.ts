import {
  articlePath,
  CATALOGUE_PATH,
  categoryOf,
  categoryPath,
  SEARCH_PATH,
  type Article,
  type CategorySlug,
} from '@edicola/contracts';
import { pageTitle } from '@edicola/web-kit';
import { categoryLabel } from './categories';

/** Which page of the catalogue: the catalogue itself, a category's, the search, an article's, or none found. */
export interface CataloguePage {
  category?: CategorySlug;
  article?: Article;
  search?: boolean;
  notFound?: boolean;
}

export interface PageMeta {
  title: string;
  description: string;
  /** From the home page to the page itself, each path without language prefix. */
  breadcrumbs: { name: string; path: string }[];
}

/** A description's length in a search result (docs/product/article-pages.md#article-page). */
export const DESCRIPTION_LENGTH = 155;

/** `text` on one line, cut at a word before DESCRIPTION_LENGTH characters with an ellipsis when longer. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** A catalogue page's title, description and breadcrumbs in the language of `t` (the catalog namespace). */
export function pageMeta(t: T, page: CataloguePage): PageMeta {
  const home = { name: t('breadcrumbs.home'), path: '/' };
  const catalogue = { name: t('breadcrumbs.catalogue'), path: CATALOGUE_PATH };
  if (page.article) {
    const { article } = page;
    const slug = categoryOf(article.category);
    return {
      title: pageTitle(article.title),
      description: shortDescription(article.description),
      breadcrumbs: [
        home,
        catalogue,
        ...(slug ? [{ name: categoryLabel(article.category, t), path: categoryPath(slug) }] : []),
        { name: article.title, path: articlePath(article.slug) },
      ],
    };
  }
  if (page.notFound) {
    return {
      title: pageTitle(t('article.notFound')),
      description: t('article.notFoundHint'),
      breadcrumbs: [home, catalogue],
    };
  }
  if (page.search) {
    return {
      title: pageTitle(t('search.title')),
      description: t('search.description'),
      breadcrumbs: [home, { name: t('search.title'), path: SEARCH_PATH }],
    };
  }
  if (page.category) {
    const name = t(`categories.${page.category}`);
    return {
      title: pageTitle(t('categoryPage.title', { category: name })),
      description: t('categoryPage.intro', { category: name }),
      breadcrumbs: [home, catalogue, { name, path: categoryPath(page.category) }],
    };
  }
  return { title: pageTitle(t('title')), description: t('intro'), breadcrumbs: [home, catalogue] };
}
