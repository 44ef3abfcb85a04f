import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './web';

/**
 * The visitor's language, sent with orders, payments, reviews and newsletter subscriptions so that the
 * e-mails about them are written in it: one of the shop's 8, optional, Italian when absent.
 */
export const CustomerLanguage = z.enum(LANGUAGES, 'Lingua non valida').default(DEFAULT_LANGUAGE);
export type CustomerLanguage = z.infer<typeof CustomerLanguage>;
