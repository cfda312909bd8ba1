CREATE TABLE "shipment_items" (
	"shipment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_items_shipment_id_order_item_id_pk" PRIMARY KEY("shipment_id","order_item_id"),
	CONSTRAINT "shipment_items_quantity_positive" CHECK ("shipment_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text,
	CONSTRAINT "shipments_number_positive" CHECK ("shipments"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "ship_cutoff" text DEFAULT '15:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_items_order_item_idx" ON "shipment_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_number_key" ON "shipments" USING btree ("order_id","number");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_shipped_allocated" CHECK ("order_items"."shipped_quantity" >= 0 and "order_items"."shipped_quantity" <= "order_items"."allocated_quantity");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_ship_cutoff_format" CHECK ("store_settings"."ship_cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
-- Orders shipped before shipments existed: one shipment of all that was taken from stock, by the
-- carrier and number the admin gave, when the order became shipped.
INSERT INTO "shipments" ("order_id", "number", "carrier", "tracking_number", "shipped_at", "recorded_by")
SELECT o."id", 1,
  CASE o."carrier" WHEN 'UPS' THEN 'ups' WHEN 'FedEx' THEN 'fedex' WHEN 'USPS' THEN 'usps' WHEN 'Freight/LTL' THEN 'freight_ltl' ELSE 'other' END,
  o."tracking_number",
  coalesce((SELECT min(h."at") FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."status" = 'shipped'), o."order_date"),
  (SELECT h."by_admin_id" FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."status" = 'shipped' ORDER BY h."at" LIMIT 1)
FROM "orders" o
WHERE o."carrier" IS NOT NULL;--> statement-breakpoint
INSERT INTO "shipment_items" ("shipment_id", "order_item_id", "quantity")
SELECT s."id", i."id", i."allocated_quantity"
FROM "shipments" s JOIN "order_items" i ON i."order_id" = s."order_id"
WHERE i."allocated_quantity" > 0;--> statement-breakpoint
UPDATE "order_items" i SET "shipped_quantity" = si."quantity"
FROM "shipment_items" si WHERE si."order_item_id" = i."id";--> statement-breakpoint
UPDATE "orders" o SET "shipped_at" = s."shipped_at"
FROM "shipments" s WHERE s."order_id" = o."id";
