CREATE TABLE "catalog"."restocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"restocked_at" timestamp with time zone DEFAULT now() NOT NULL
);
