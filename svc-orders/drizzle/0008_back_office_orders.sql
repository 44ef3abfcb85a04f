CREATE TABLE "orders"."credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."fiscal_numbers" (
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."order_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"text" text NOT NULL,
	"author_id" uuid,
	"author" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."refund_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"idempotency_key" text,
	"fingerprint" text,
	"kind" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"amount_cents" integer,
	"reason" text NOT NULL,
	"refund_reason" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"by_bank_transfer" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"requested_by_id" uuid,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders"."shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"claim_owner" text,
	"claim_deadline" timestamp with time zone,
	"packlink_reference" text,
	"packlink_state" text,
	"service_id" text NOT NULL,
	"carrier_name" text NOT NULL,
	"service_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"demo" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_by_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(customer_info->>'name', '') || ' ' || coalesce(customer_info->>'email', ''))) STORED;--> statement-breakpoint
ALTER TABLE "orders"."credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."fiscal_numbers" ADD CONSTRAINT "fiscal_numbers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_idx" ON "orders"."credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "orders"."credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "orders"."credit_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_numbers_year_seq_idx" ON "orders"."fiscal_numbers" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "fiscal_numbers_order_idx" ON "orders"."fiscal_numbers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "orders"."order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "orders"."refund_requests" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_key_idx" ON "orders"."refund_requests" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_idx" ON "orders"."shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_idx" ON "orders"."shipments" USING btree ("packlink_reference");--> statement-breakpoint
CREATE INDEX "shipments_claim_idx" ON "orders"."shipments" USING btree ("state","claim_deadline");--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders"."orders" USING btree ("created_at","id","status","payment_status","payment_method","payment_demo","total_cents","refunded_cents","search_text");--> statement-breakpoint
CREATE INDEX "orders_reference_idx" ON "orders"."orders" USING btree (right("id"::text, 8));--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders"."orders" USING btree (lower("customer_info"->>'email'));--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders"."orders" USING btree ("total_cents","created_at","id");