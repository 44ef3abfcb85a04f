import { pgSchema } from 'drizzle-orm/pg-core';
import { busTables, jobTables, rateLimitTable } from '@edicola/platform';

export const channels = pgSchema('channels');

export const { outbox, processedEvents, deadLetters } = busTables(channels);
export const { jobs, jobSchedules } = jobTables(channels);
export const rateLimitCounters = rateLimitTable(channels);
