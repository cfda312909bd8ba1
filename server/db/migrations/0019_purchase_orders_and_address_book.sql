CREATE TABLE "ship_to_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"shipping_address_line1" text NOT NULL,
	"shipping_address_line2" text,
	"shipping_city" text NOT NULL,
	"shipping_state" text NOT NULL,
	"shipping_zip" text NOT NULL,
	"shipping_country" text DEFAULT 'United States' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "job_reference" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "po_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ADD CONSTRAINT "ship_to_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ship_to_addresses_user_idx" ON "ship_to_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_addresses_one_default_key" ON "ship_to_addresses" USING btree ("user_id") WHERE "ship_to_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "orders_po_number_trgm_idx" ON "orders" USING gin ("po_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_user_po_number_idx" ON "orders" USING btree ("user_id",lower("po_number"));