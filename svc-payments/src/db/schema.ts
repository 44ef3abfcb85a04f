import { pgSchema } from 'drizzle-orm/pg-core';
import { busTables } from '@edicola/platform';

export const payments = pgSchema('payments');

export const { outbox, processedEvents, deadLetters } = busTables(payments);
