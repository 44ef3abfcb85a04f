import type { Article, ReviewSummary } from '@edicola/contracts';

/**
 * The two answers the catalogue's first screen waits for, checked by hand instead of with contracts' zod
 * schemas: zod (22 KB brotli) then stays off the catalogue's first load and arrives only with the reviews
 * (schemas.ts, loaded on first use). checks.test.ts holds these to the contracts' schemas: for each field,
 * a value of the wrong kind is refused by both.
 */

type Kind = 'string' | 'string?' | 'number+' | 'number' | 'int+' | 'percent' | 'boolean' | 'productType';

const ARTICLE: Record<keyof Article, Kind> = {
  id: 'string',
  sku: 'string',
  title: 'string',
  description: 'string',
  category: 'string',
  product_type: 'productType',
  availability_date: 'string?',
  price: 'number+',
  iva_percentage: 'percent',
  quantity_stock: 'int+',
  weight: 'number+',
  dimensions: 'string?',
  photo_url: 'string?',
  is_active: 'boolean',
  shipping_cost_national: 'number',
  shipping_cost_international: 'number',
  share_facebook: 'boolean',
  share_instagram: 'boolean',
  share_whatsapp: 'boolean',
  created_at: 'string',
  updated_at: 'string',
};
/** Nullable besides the 'string?' ones. */
const NULLABLE = new Set<string>(['weight']);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function fits(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'string?':
      return value === null || typeof value === 'string';
    case 'number':
      return isNumber(value);
    case 'number+':
      return isNumber(value) && value >= 0;
    case 'int+':
      return Number.isSafeInteger(value) && (value as number) >= 0;
    case 'percent':
      return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 100;
    case 'boolean':
      return typeof value === 'boolean';
    case 'productType':
      return value === 'normale' || value === 'prevendita' || value === 'prenotazione';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One article with exactly its contract's fields, or undefined. */
function articleFrom(value: unknown): Article | undefined {
  if (!isRecord(value)) return undefined;
  const article: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(ARTICLE)) {
    const field = value[key];
    if (!(fits(field, kind) || (field === null && NULLABLE.has(key)))) return undefined;
    article[key] = field;
  }
  return article as Article;
}

/** GET /public/articles (and its pre-sale and reservation lists), or undefined when it is not one. */
export function articleListFrom(value: unknown): Article[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const articles: Article[] = [];
  for (const item of value) {
    const article = articleFrom(item);
    if (!article) return undefined;
    articles.push(article);
  }
  return articles;
}

/** GET /reviews/stats/{id}, or undefined when it is not one. */
export function reviewSummaryFrom(value: unknown): ReviewSummary | undefined {
  if (!isRecord(value)) return undefined;
  const { average_rating, total_reviews } = value;
  if (!isNumber(average_rating) || average_rating < 0 || average_rating > 5) return undefined;
  if (!fits(total_reviews, 'int+')) return undefined;
  return { average_rating, total_reviews: total_reviews as number };
}
