import { CATEGORIES, type Article, type CategorySlug } from '@edicola/contracts';

export function isCategorySlug(value: string | null): value is CategorySlug {
  return CATEGORIES.some((category) => category.slug === value);
}

/** Whether an article belongs to a category: names compared case-insensitively (SPEC §2). */
export function inCategory(article: Article, slug: CategorySlug): boolean {
  const name = CATEGORIES.find((category) => category.slug === slug)!.name;
  return article.category.trim().toLocaleLowerCase('it') === name.toLocaleLowerCase('it');
}

/** The filter buttons: every category with how many articles it holds. */
export function categoryCounts(articles: readonly Article[]) {
  return CATEGORIES.map((category) => ({
    ...category,
    count: articles.filter((article) => inCategory(article, category.slug)).length,
  }));
}
