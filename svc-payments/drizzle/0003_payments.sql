CREATE TABLE "payments"."payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"demo" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"request_key" text NOT NULL,
	"provider_object_id" text,
	"provider_payment_id" text,
	"failure_reason" text,
	"failure_detail" text,
	"refund_id" text,
	"refunded_cents" integer,
	"refund_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "payments_provider_object_id_unique" UNIQUE("provider_object_id")
);
--> statement-breakpoint
CREATE TABLE "payments"."provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "payments_order_id_idx" ON "payments"."payments" USING btree ("order_id");