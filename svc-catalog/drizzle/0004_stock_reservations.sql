CREATE TABLE "catalog"."reservations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"lines" jsonb NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
