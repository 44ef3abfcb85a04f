ALTER TABLE "orders"."customers" ADD COLUMN "notes" text;--> statement-breakpoint
-- The Clienti search ignores accents (docs/product/back-office.md#customers); svc-catalog may have created it already.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
