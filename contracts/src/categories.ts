/**
 * Category filters of the catalogue (docs/product/storefront.md#category-filter): query slug → the category
 * name stored on articles.
 */
export const CATEGORIES = [
  { slug: 'modellismo', name: 'Modellismo' },
  { slug: 'pokemon', name: 'Pokemon' },
  { slug: 'caschi', name: 'Caschi' },
  { slug: 'trucks', name: 'Trucks' },
  { slug: 'trucksNew', name: 'Trucks New' },
  { slug: 'tuning', name: 'Tuning' },
  { slug: 'panini', name: 'Panini' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/** The category an article's stored name stands for (case and spaces aside), or null for a name of no filter. */
export function categoryOf(name: string): CategorySlug | null {
  const key = name.trim().toLocaleLowerCase('it');
  return CATEGORIES.find((category) => category.name.toLocaleLowerCase('it') === key)?.slug ?? null;
}
