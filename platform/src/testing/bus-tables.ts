import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { busTables, type BusTables } from '../bus/tables';
import type { Database } from '../db';

/** DDL equal to what drizzle-kit generates for `busTables(pgSchema(schema))` (bus-tables.test.ts checks it). */
export function createBusTablesSql(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `create schema if not exists ${s}`,
    `create table ${s}."outbox" (
      "id" uuid primary key not null,
      "type" text not null,
      "envelope" jsonb not null,
      "created_at" timestamp with time zone default now() not null,
      "published_at" timestamp with time zone,
      "locked_until" timestamp with time zone,
      "attempts" integer default 0 not null,
      "last_error" text
    )`,
    `create index "outbox_unpublished_idx" on ${s}."outbox" using btree ("created_at") where "published_at" is null`,
    `create table ${s}."processed_events" (
      "event_id" uuid not null,
      "type" text not null,
      "processed_at" timestamp with time zone default now() not null,
      constraint "processed_events_event_id_pk" primary key ("event_id")
    )`,
    `create table ${s}."dead_letters" (
      "id" uuid primary key default gen_random_uuid() not null,
      "event_id" uuid not null,
      "type" text not null,
      "envelope" jsonb not null,
      "error" text not null,
      "attempts" integer not null,
      "created_at" timestamp with time zone default now() not null,
      "replayed_at" timestamp with time zone
    )`,
    `create unique index "dead_letters_event_id_idx" on ${s}."dead_letters" using btree ("event_id")`,
  ];
}

/** Creates the bus tables in a new schema of `database` and returns their drizzle definitions. */
export async function createBusSchema(database: Database, schema: string): Promise<BusTables> {
  for (const statement of createBusTablesSql(schema)) await database.db.execute(sql.raw(statement));
  return busTables(pgSchema(schema));
}
