// The contracts' zod schemas the catalogue checks its review answers with, in a chunk of their own that
// loads on first use (api.ts): the first screen's answers are checked by hand (checks.ts).
export { HelpfulVote, PublicReviewList } from '@edicola/contracts';
