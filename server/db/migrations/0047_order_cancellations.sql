CREATE TABLE "order_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	"user_id" text,
	"amount" numeric(12, 2) NOT NULL,
	"refunded" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_cancellations_amounts" CHECK ("order_cancellations"."amount" >= 0 and "order_cancellations"."refunded" >= 0 and "order_cancellations"."refunded" <= "order_cancellations"."amount")
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_quantity_split";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancelled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_cancellations_order_number_key" ON "order_cancellations" USING btree ("order_id","number");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_split" CHECK ("order_items"."allocated_quantity" >= 0 and "order_items"."backordered_quantity" >= 0 and "order_items"."cancelled_quantity" >= 0 and "order_items"."allocated_quantity" + "order_items"."backordered_quantity" + "order_items"."cancelled_quantity" = "order_items"."quantity");--> statement-breakpoint
-- Orders cancelled before this migration were cancelled whole by the admin: what had not shipped of
-- each line is cancelled, and the order has one cancellation of its total, refunded when paid by card.
UPDATE "order_items" SET "cancelled_quantity" = "quantity" - "shipped_quantity", "allocated_quantity" = "shipped_quantity", "backordered_quantity" = 0, "backorder_expected_on" = NULL
WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "status" = 'cancelled');--> statement-breakpoint
INSERT INTO "order_cancellations" ("order_id", "number", "cancelled_at", "amount", "refunded")
SELECT o."id", 1, coalesce((SELECT max(h."at") FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."status" = 'cancelled'), o."order_date"), o."total_amount", CASE WHEN o."payment_id" IS NULL THEN 0 ELSE o."total_amount" END
FROM "orders" o WHERE o."status" = 'cancelled';
