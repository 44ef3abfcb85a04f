/**
 * The contract schemas the catalogue's answers are parsed with. Only ever imported dynamically (api.ts): zod
 * (about 22 KB brotli) then loads in a chunk of its own while the first call is under way, never with the
 * catalogue, the home page's sections or the reviews (docs/decisions/0040-web-kit.md).
 */
export { ArticleList, HelpfulVote, PublicReviewList, ReviewSummary } from '@edicola/contracts';
