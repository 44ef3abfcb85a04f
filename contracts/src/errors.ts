import { z } from 'zod';

/** The one error shape every service answers with; `code` only where a screen needs the reason. */
export const ErrorBody = z.object({ detail: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;
