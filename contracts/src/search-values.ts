/** The storefront's search (docs/product/article-pages.md#search): what an article's availability can be. */
export const SEARCH_AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder'] as const;
export type SearchAvailability = (typeof SEARCH_AVAILABILITY)[number];
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The longest text searched; a longer one is refused, not cut. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 24;
/** How many suggestions the search box shows as one types. */
export const SUGGESTION_LIMIT = 6;
