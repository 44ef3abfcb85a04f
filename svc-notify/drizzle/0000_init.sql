CREATE SCHEMA "notify";
--> statement-breakpoint
CREATE TABLE "notify"."dead_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "notify"."processed_events" (
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_event_id_pk" PRIMARY KEY("event_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dead_letters_event_id_idx" ON "notify"."dead_letters" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "notify"."outbox" USING btree ("created_at") WHERE "notify"."outbox"."published_at" is null;