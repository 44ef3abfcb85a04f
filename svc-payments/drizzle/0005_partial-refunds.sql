CREATE TABLE "payments"."refund_requests" (
	"id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer,
	"reason" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"provider_refund_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_id_payment_id_pk" PRIMARY KEY("id","payment_id")
);
--> statement-breakpoint
CREATE INDEX "refund_requests_payment_idx" ON "payments"."refund_requests" USING btree ("payment_id");