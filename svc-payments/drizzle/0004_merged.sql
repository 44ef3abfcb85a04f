CREATE TABLE "payments"."idempotency_keys" (
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
CREATE TABLE "payments"."payment_refunds" (
	"payment_id" uuid NOT NULL,
	"refund_id" text NOT NULL,
	"cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_payment_id_refund_id_pk" PRIMARY KEY("payment_id","refund_id")
);
--> statement-breakpoint
ALTER TABLE "payments"."payments" ADD COLUMN "captured_cents" integer;--> statement-breakpoint
ALTER TABLE "payments"."payments" ADD COLUMN "captured_currency" text;