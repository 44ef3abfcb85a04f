ALTER TABLE "orders"."dead_letters" ADD COLUMN "replayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."outbox" ADD COLUMN "target" text;