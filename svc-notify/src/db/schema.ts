import { pgSchema } from 'drizzle-orm/pg-core';
import { busTables, jobTables } from '@edicola/platform';

export const notify = pgSchema('notify');

export const { outbox, processedEvents, deadLetters } = busTables(notify);
export const { jobs, jobSchedules } = jobTables(notify);
