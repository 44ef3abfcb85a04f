import type { Article, HelpfulVote, PublicReview, ReviewSummary } from '@edicola/contracts';
import type { Schema } from '@edicola/web-kit';

/**
 * The API's answers the catalogue reads, checked by hand instead of with the contracts' zod schemas: zod
 * (22 KB brotli, and its start-up work) then never loads with the catalogue, the home page's sections or the
 * reviews, the storefront's first visit (docs/decisions/0011-storefront-speed.md, 0040-web-kit.md).
 * checks.test.ts holds each check to its contract's schema: every field set to every kind of JSON value
 * gets the same verdict from both, and an accepted answer the same value.
 */

type Kind =
  | 'string'
  | 'string?'
  | 'number+'
  | 'number'
  | 'int+'
  | 'percent'
  | 'rating'
  | 'boolean'
  | 'productType'
  | 'adminReply?';

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
    case 'rating':
      return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 5;
    case 'productType':
      return value === 'normale' || value === 'prevendita' || value === 'prenotazione';
    case 'adminReply?':
      return (
        value === null ||
        (isRecord(value) && typeof value.reply_text === 'string' && typeof value.created_at === 'string')
      );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record with exactly its contract's fields, or undefined. */
function recordFrom<T>(value: unknown, fields: Record<string, Kind>, nullable = NULLABLE): T | undefined {
  if (!isRecord(value)) return undefined;
  const record: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(fields)) {
    const field = value[key];
    if (!(fits(field, kind) || (field === null && nullable.has(key)))) return undefined;
    record[key] =
      kind === 'adminReply?' && field !== null
        ? {
            reply_text: (field as AdminReplyLike).reply_text,
            created_at: (field as AdminReplyLike).created_at,
          }
        : field;
  }
  return record as T;
}

type AdminReplyLike = { reply_text: string; created_at: string };

function listFrom<T>(value: unknown, item: (value: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const element of value) {
    const checked = item(element);
    if (checked === undefined) return undefined;
    items.push(checked);
  }
  return items;
}

const PUBLIC_REVIEW: Record<keyof PublicReview, Kind> = {
  id: 'string',
  article_id: 'string',
  order_id: 'string?',
  article_title: 'string?',
  rating: 'rating',
  title: 'string',
  comment: 'string',
  customer_name: 'string',
  is_verified_purchase: 'boolean',
  helpful_count: 'int+',
  created_at: 'string',
  approved: 'boolean',
  admin_reply: 'adminReply?',
};

/** GET /articles/{id}/reviews and GET /reviews/recent, or undefined when it is not one. */
export function reviewListFrom(value: unknown): PublicReview[] | undefined {
  return listFrom(value, (item) => recordFrom<PublicReview>(item, PUBLIC_REVIEW, new Set()));
}

/** POST /reviews/{id}/helpful, or undefined when it is not one. */
export function helpfulVoteFrom(value: unknown): HelpfulVote | undefined {
  return recordFrom<HelpfulVote>(value, { helpful_count: 'int+', counted: 'boolean' }, new Set());
}

/** GET /public/articles (and its pre-sale and reservation lists), or undefined when it is not one. */
export function articleListFrom(value: unknown): Article[] | undefined {
  return listFrom(value, (item) => recordFrom<Article>(item, ARTICLE));
}

/** GET /reviews/stats/{id}, or undefined when it is not one. */
export function reviewSummaryFrom(value: unknown): ReviewSummary | undefined {
  if (!isRecord(value)) return undefined;
  const { average_rating, total_reviews } = value;
  if (!isNumber(average_rating) || average_rating < 0 || average_rating > 5) return undefined;
  if (!fits(total_reviews, 'int+')) return undefined;
  return { average_rating, total_reviews: total_reviews as number };
}

/** A check as the web kit's client takes a schema: the checked value, or an error when it refused the answer. */
const schemaOf = <T>(check: (value: unknown) => T | undefined): Schema<T> => ({
  parse(value) {
    const checked = check(value);
    if (checked === undefined) throw new TypeError('not the answer its contract describes');
    return checked;
  },
});

export const ArticleListAnswer = schemaOf(articleListFrom);
export const PublicReviewListAnswer = schemaOf(reviewListFrom);
export const ReviewSummaryAnswer = schemaOf(reviewSummaryFrom);
export const HelpfulVoteAnswer = schemaOf(helpfulVoteFrom);
