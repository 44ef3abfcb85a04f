CREATE TABLE "orders"."audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"service" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"changes" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"resource_id" text NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "orders"."order_placements" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"abandoned_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders"."orders_idempotency_key_idx";--> statement-breakpoint
ALTER TABLE "orders"."customers" ADD COLUMN "session_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "payment_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "payment_issue" jsonb;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "transfer_payment" jsonb;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "language" text DEFAULT 'it' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."staff_users" ADD COLUMN "session_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."staff_users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_event_idx" ON "orders"."audit_entries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "orders"."audit_entries" USING btree ("entity","entity_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_entries_occurred_idx" ON "orders"."audit_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders"."orders" USING btree ("status","payment_due_at");--> statement-breakpoint
ALTER TABLE "orders"."orders" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "orders"."orders" DROP COLUMN "idempotency_fingerprint";