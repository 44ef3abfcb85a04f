/**
 * The search box's answer schema, apart from schemas.ts: it brings the catalogue's contracts, which a newsletter
 * subscription does not need. Only ever imported dynamically (api/index.ts), as schemas.ts.
 */
export { SearchSuggestions } from '@edicola/contracts';
