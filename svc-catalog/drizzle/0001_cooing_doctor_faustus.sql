ALTER TABLE "catalog"."dead_letters" ADD COLUMN "replayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."outbox" ADD COLUMN "target" text;