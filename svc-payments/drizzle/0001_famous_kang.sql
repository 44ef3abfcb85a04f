ALTER TABLE "payments"."dead_letters" ADD COLUMN "replayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments"."outbox" ADD COLUMN "target" text;