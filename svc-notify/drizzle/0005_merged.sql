CREATE TABLE "notify"."emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"outsider" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "emails_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "notify"."orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"status" text NOT NULL,
	"order_version" integer NOT NULL,
	"payment_due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify"."scheduled_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_emails_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "notify"."newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "notify"."newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notify"."newsletter_subscribers" ADD COLUMN "language" text DEFAULT 'it' NOT NULL;--> statement-breakpoint
CREATE INDEX "emails_order_idx" ON "notify"."emails" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "emails_recipient_idx" ON "notify"."emails" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_emails_due_idx" ON "notify"."scheduled_emails" USING btree ("due_at") WHERE "notify"."scheduled_emails"."done_at" is null;--> statement-breakpoint
ALTER TABLE "notify"."newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_confirm_token_hash_unique" UNIQUE("confirm_token_hash");