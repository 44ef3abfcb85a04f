import {
  CARD_CONDITIONS,
  CARD_LANGUAGES,
  GRADERS,
  HELMET_REPLICA_SCALES,
  HELMET_SIZES,
  MODEL_SCALES,
  type Article,
  type ArticleAttributes,
  type ArticlePhoto,
  type HelpfulVote,
  type PublicReview,
  type ReviewSummary,
  type SearchFacet,
  type SearchResults,
} from '@edicola/contracts';
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
  | 'positive'
  | 'percent'
  | 'percent?'
  | 'rating'
  | 'boolean'
  | 'productType'
  | 'adminReply?'
  | 'photos'
  | 'attributes';

const ARTICLE: Record<keyof Article, Kind> = {
  id: 'string',
  slug: 'string',
  sku: 'string',
  ean: 'string?',
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
  photos: 'photos',
  attributes: 'attributes',
  is_active: 'boolean',
  shipping_cost_national: 'number',
  shipping_cost_international: 'number',
  share_facebook: 'boolean',
  share_instagram: 'boolean',
  share_whatsapp: 'boolean',
  sale_starts_at: 'string?',
  max_per_buyer: 'positive',
  deposit_percent: 'percent?',
  created_at: 'string',
  updated_at: 'string',
};
/** Nullable besides the 'string?' ones. */
const NULLABLE = new Set<string>(['weight', 'max_per_buyer']);

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
    case 'positive':
      return Number.isSafeInteger(value) && (value as number) >= 1;
    case 'percent':
    case 'percent?':
      return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 100;
    case 'boolean':
      return typeof value === 'boolean';
    case 'rating':
      return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 5;
    case 'productType':
      return value === 'normale' || value === 'prevendita' || value === 'prenotazione';
    case 'photos':
    case 'attributes':
      return false; // read by their own checks (recordFrom)
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
    if (kind === 'percent?' && field === undefined) continue; // optional: left out when absent
    if (kind === 'photos' || kind === 'attributes') {
      const checked = kind === 'photos' ? photosFrom(field) : attributesFrom(field);
      if (checked === undefined) return undefined;
      record[key] = checked;
      continue;
    }
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

const PHOTO: Record<keyof ArticlePhoto, Kind> = {
  id: 'string',
  url: 'string',
  zoom_url: 'string?',
  alt: 'string',
};

function photosFrom(value: unknown): ArticlePhoto[] | undefined {
  return listFrom(value, (item) => recordFrom<ArticlePhoto>(item, PHOTO, new Set()));
}

// eslint-disable-next-line no-control-regex -- the contracts' singleLine: no control characters
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CERTIFICATE = /^[A-Za-z0-9-]{4,20}$/;

/** A single-line text of 1 to 80 characters once trimmed (edition, maker): the trimmed text, or undefined. */
function shortText(value: unknown): string | undefined {
  if (typeof value !== 'string' || CONTROL_CHARACTER.test(value)) return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= 80 ? trimmed : undefined;
}

const oneOf =
  (values: readonly unknown[]) =>
  (value: unknown): unknown =>
    values.includes(value) ? value : undefined;

/** Each attribute's check: the value kept (trimmed where the contract trims), or undefined when refused. */
const ATTRIBUTE_CHECKS: Record<keyof ArticleAttributes, (value: unknown) => unknown> = {
  condition: oneOf(CARD_CONDITIONS),
  language: oneOf(CARD_LANGUAGES),
  edition: shortText,
  grader: oneOf(GRADERS),
  grade: (value) =>
    isNumber(value) && value >= 1 && value <= 10 && Number.isInteger(value * 2) ? value : undefined,
  certificate_number: (value) =>
    typeof value === 'string' && CERTIFICATE.test(value.trim()) ? value.trim() : undefined,
  scale: oneOf(MODEL_SCALES),
  maker: shortText,
  size: oneOf(HELMET_SIZES),
  replica_scale: oneOf(HELMET_REPLICA_SCALES),
};

/** An article's attributes: only known names (the contract's object is strict), each null or a valid value. */
function attributesFrom(value: unknown): ArticleAttributes | undefined {
  if (!isRecord(value)) return undefined;
  const attributes: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (!Object.hasOwn(ATTRIBUTE_CHECKS, name)) return undefined;
    if (field === null || field === undefined) {
      attributes[name] = field;
      continue;
    }
    const checked = ATTRIBUTE_CHECKS[name as keyof ArticleAttributes](field);
    if (checked === undefined) return undefined;
    attributes[name] = checked;
  }
  return attributes as ArticleAttributes;
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

/** GET /public/articles/by-slug/{slug}, or undefined when it is not one. */
export function articleFrom(value: unknown): Article | undefined {
  return recordFrom<Article>(value, ARTICLE);
}

function facetsFrom(value: unknown): SearchFacet[] | undefined {
  return listFrom(value, (item) =>
    recordFrom<SearchFacet>(item, { value: 'string', count: 'int+' }, new Set()),
  );
}

const FACETS = ['category', 'condition', 'language', 'availability'] as const;

/** GET /public/search, or undefined when it is not one. */
export function searchResultsFrom(value: unknown): SearchResults | undefined {
  if (!isRecord(value)) return undefined;
  const items = articleListFrom(value.items);
  const { total, page, page_size, corrected } = value;
  if (!items || !fits(total, 'int+') || !fits(page, 'int+') || !fits(page_size, 'int+')) return undefined;
  if ((page as number) < 1 || (page_size as number) < 1 || !fits(corrected, 'string?')) return undefined;
  if (!isRecord(value.facets)) return undefined;
  const facets: Record<string, SearchFacet[]> = {};
  for (const name of FACETS) {
    const list = facetsFrom(value.facets[name]);
    if (!list) return undefined;
    facets[name] = list;
  }
  return {
    items,
    total: total as number,
    page: page as number,
    page_size: page_size as number,
    corrected: corrected as string | null,
    facets: facets as SearchResults['facets'],
  };
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
export const ArticleAnswer = schemaOf(articleFrom);
export const SearchResultsAnswer = schemaOf(searchResultsFrom);
