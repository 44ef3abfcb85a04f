CREATE TABLE "orders"."sdi_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" text NOT NULL,
	"state" text NOT NULL,
	"sending" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"provider_id" text,
	"sdi_id" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"claim_deadline" timestamp with time zone,
	"seen_receipts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders"."sdi_documents" ADD CONSTRAINT "sdi_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_documents_number_idx" ON "orders"."sdi_documents" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sdi_documents_order_idx" ON "orders"."sdi_documents" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sdi_documents_state_idx" ON "orders"."sdi_documents" USING btree ("state","next_attempt_at");