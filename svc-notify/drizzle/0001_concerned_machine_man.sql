ALTER TABLE "notify"."dead_letters" ADD COLUMN "replayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notify"."outbox" ADD COLUMN "target" text;