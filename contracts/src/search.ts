import { z } from 'zod';
import { CARD_CONDITIONS, CARD_LANGUAGES } from './attributes';
import { Article } from './catalog';
import { CATEGORIES } from './categories';

// The values in a module without zod: the storefront's search page reads them (search-values.ts).
export {
  SEARCH_AVAILABILITY,
  SEARCH_SORTS,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  SUGGESTION_LIMIT,
  type SearchAvailability,
  type SearchSort,
} from './search-values';
import {
  SEARCH_AVAILABILITY,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  SUGGESTION_LIMIT,
} from './search-values';

const categorySlugs = CATEGORIES.map((category) => category.slug) as [string, ...string[]];
const price = (label: string) =>
  z.coerce.number(`${label} deve essere un numero`).min(0, `${label} non può essere negativo`).max(1_000_000);

/**
 * GET /public/search: words to find (title, description, SKU, EAN, category, attributes; Italian stemming,
 * accents ignored, typos forgiven) and the filters of the results page. Prices are final prices (VAT included),
 * in euros. An empty `q` lists every active article the filters admit.
 */
export const SearchQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(SEARCH_MAX_LENGTH, `Ricerca troppo lunga: al massimo ${SEARCH_MAX_LENGTH} caratteri`)
      .default(''),
    category: z.enum(categorySlugs, 'Categoria non valida').optional(),
    min_price: price('Il prezzo minimo').optional(),
    max_price: price('Il prezzo massimo').optional(),
    availability: z.enum(SEARCH_AVAILABILITY, 'Disponibilità non valida').optional(),
    condition: z.enum(CARD_CONDITIONS, 'Condizione non valida').optional(),
    language: z.enum(CARD_LANGUAGES, 'Lingua della carta non valida').optional(),
    sort: z.enum(SEARCH_SORTS, 'Ordinamento non valido').default('relevance'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    page_size: z.coerce.number().int().min(1).max(48).default(SEARCH_PAGE_SIZE),
  })
  .refine(
    (query) =>
      query.min_price === undefined || query.max_price === undefined || query.min_price <= query.max_price,
    'Il prezzo minimo supera il massimo',
  );
export type SearchQuery = z.input<typeof SearchQuery>;

/** How many of the results have each value of a filter (before that filter applies). */
export const SearchFacet = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type SearchFacet = z.infer<typeof SearchFacet>;

export const SearchResults = z.object({
  items: z.array(Article),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  /** The words searched once typos were corrected ("charizard" for "charizzard"); null when none was. */
  corrected: z.string().nullable(),
  facets: z.object({
    category: z.array(SearchFacet),
    condition: z.array(SearchFacet),
    language: z.array(SearchFacet),
    availability: z.array(SearchFacet),
  }),
});
export type SearchResults = z.infer<typeof SearchResults>;

/** GET /public/search/suggest: the search box's suggestions as one types (from the first letter). */
export const SuggestQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Scrivi qualcosa da cercare')
    .max(SEARCH_MAX_LENGTH, `Ricerca troppo lunga: al massimo ${SEARCH_MAX_LENGTH} caratteri`),
});
export const SearchSuggestion = Article.pick({
  id: true,
  slug: true,
  title: true,
  category: true,
  photo_url: true,
  price: true,
  iva_percentage: true,
  quantity_stock: true,
});
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;
export const SearchSuggestions = z.object({ suggestions: z.array(SearchSuggestion).max(SUGGESTION_LIMIT) });
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/** A slug as the shop makes them: lower-case letters, digits and single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** GET /public/articles/by-slug/:slug: an active article by its slug, current or former (then answered with the current one). */
export const ArticleSlugParams = z.object({
  slug: z.string().max(160, 'Articolo non trovato').regex(SLUG_PATTERN, 'Articolo non trovato'),
});
