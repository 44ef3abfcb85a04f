import type { ArticleAttributes, CardCondition } from '@edicola/contracts';

/** Cardmarket's names of its condition scale, the same in every language (docs/product/back-office.md#article-attributes). */
export const CONDITION_NAMES: Record<CardCondition, string> = {
  mint: 'Mint',
  near_mint: 'Near Mint',
  excellent: 'Excellent',
  good: 'Good',
  light_played: 'Light Played',
  played: 'Played',
  poor: 'Poor',
};

/** Cardmarket's short forms, for the article list. */
const CONDITION_SHORT: Record<CardCondition, string> = {
  mint: 'MT',
  near_mint: 'NM',
  excellent: 'EX',
  good: 'GD',
  light_played: 'LP',
  played: 'PL',
  poor: 'PO',
};

/** The attributes in a line of the article list: "NM · IT · PSA 10", "1:18 · Minichamps", "M". */
export function attributeSummary(attributes: ArticleAttributes): string {
  const grade = [attributes.grader, attributes.grade].filter((part) => part != null).join(' ');
  return [
    attributes.condition && CONDITION_SHORT[attributes.condition],
    attributes.language?.toUpperCase(),
    grade,
    attributes.scale,
    attributes.maker,
    attributes.size,
    attributes.replica_scale,
  ]
    .filter(Boolean)
    .join(' · ');
}
