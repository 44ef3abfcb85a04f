import { pgSchema } from 'drizzle-orm/pg-core';
import { busTables, jobTables } from '@edicola/platform';

export const payments = pgSchema('payments');

export const { outbox, processedEvents, deadLetters } = busTables(payments);
export const { jobs, jobSchedules } = jobTables(payments);
