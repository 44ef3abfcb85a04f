import { CATEGORIES, categoryOf, type Article, type CategorySlug } from '@edicola/contracts';

export function isCategorySlug(value: string | null): value is CategorySlug {
  return CATEGORIES.some((category) => category.slug === value);
}

/**
 * Whether an article belongs to a category: names compared case-insensitively
 * (docs/product/storefront.md#category-filter).
 */
export function inCategory(article: Article, slug: CategorySlug): boolean {
  return categoryOf(article.category) === slug;
}

/** The filter buttons: every category with how many articles it holds. */
export function categoryCounts(articles: readonly Article[]) {
  return CATEGORIES.map((category) => ({
    ...category,
    count: articles.filter((article) => inCategory(article, category.slug)).length,
  }));
}

/** An article's category as the visitor reads it: a filter's translated name, or the stored name of any other. */
export function categoryLabel(name: string, t: (key: string) => string): string {
  const slug = categoryOf(name);
  return slug ? t(`categories.${slug}`) : name;
}
