import { z } from 'zod';

/** The one error shape every service answers with. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
