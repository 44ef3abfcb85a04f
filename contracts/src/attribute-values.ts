import { categoryOf, type CategorySlug } from './categories';

/**
 * The values of an article's typed attributes (docs/product/article-pages.md#attributes), without zod: the
 * storefront's bundles read them (attributes.ts has the schemas).
 */
export const CARD_CONDITIONS = [
  'mint',
  'near_mint',
  'excellent',
  'good',
  'light_played',
  'played',
  'poor',
] as const;
export type CardCondition = (typeof CARD_CONDITIONS)[number];
/** The language printed on a card (not the shop's interface languages). */
export const CARD_LANGUAGES = ['it', 'en', 'ja', 'de', 'fr', 'es', 'pt', 'ko', 'zh'] as const;
export type CardLanguage = (typeof CARD_LANGUAGES)[number];
export const GRADERS = ['PSA', 'BGS', 'CGC'] as const;
export const MODEL_SCALES = ['1:8', '1:12', '1:18', '1:24', '1:32', '1:43', '1:64', '1:87'] as const;
export const HELMET_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const HELMET_REPLICA_SCALES = ['1:1', '1:2', '1:4'] as const;

export const ATTRIBUTE_SETS = {
  cards: ['condition', 'language', 'edition', 'grader', 'grade', 'certificate_number'],
  models: ['scale', 'maker'],
  helmets: ['size', 'replica_scale'],
} as const;
export type AttributeSet = keyof typeof ATTRIBUTE_SETS;
export type AttributeName = (typeof ATTRIBUTE_SETS)[AttributeSet][number];

/** Which attributes each category's articles carry; a category of no filter has none. */
export const CATEGORY_ATTRIBUTE_SET: Record<CategorySlug, AttributeSet> = {
  pokemon: 'cards',
  panini: 'cards',
  modellismo: 'models',
  trucks: 'models',
  trucksNew: 'models',
  tuning: 'models',
  caschi: 'helmets',
};

/** The attributes an article of this stored category name may carry (none for a category of no filter). */
export function attributesOf(category: string): readonly AttributeName[] {
  const slug = categoryOf(category);
  return slug ? ATTRIBUTE_SETS[CATEGORY_ATTRIBUTE_SET[slug]] : [];
}
