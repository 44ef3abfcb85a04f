/**
 * The contract schemas the shell parses answers with. Only ever imported dynamically (api.ts): zod then stays
 * off the shell's first paint (docs/decisions/0011-storefront-speed.md).
 */
export { NewsletterSubscribeResponse } from '@edicola/contracts';
