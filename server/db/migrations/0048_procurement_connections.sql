CREATE TABLE "procurement_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"identity" text NOT NULL,
	"domain" text,
	"secret_hash" text NOT NULL,
	"member_user_id" text NOT NULL,
	"prices_must_match" boolean DEFAULT true NOT NULL,
	"push_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_connections_protocol_known" CHECK ("procurement_connections"."protocol" in ('cxml', 'oci'))
);
--> statement-breakpoint
CREATE TABLE "procurement_orders" (
	"connection_id" uuid NOT NULL,
	"payload_id" text NOT NULL,
	"order_id" uuid,
	"order_number" text NOT NULL,
	"price_differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_orders_connection_id_payload_id_pk" PRIMARY KEY("connection_id","payload_id")
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"operation" text NOT NULL,
	"buyer_cookie" text NOT NULL,
	"return_url" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "unspsc" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "punchout_session_id" text;--> statement-breakpoint
ALTER TABLE "procurement_connections" ADD CONSTRAINT "procurement_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_connections" ADD CONSTRAINT "procurement_connections_member_user_id_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD CONSTRAINT "procurement_orders_connection_id_procurement_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."procurement_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD CONSTRAINT "procurement_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_connection_id_procurement_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."procurement_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_connections_identity_key" ON "procurement_connections" USING btree ("protocol",lower("identity"));--> statement-breakpoint
CREATE INDEX "procurement_connections_company_idx" ON "procurement_connections" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_token_key" ON "punchout_sessions" USING btree ("token_hash");--> statement-breakpoint
-- The seeded tree's UNSPSC codes (family level where one family holds the category, else the segment):
-- procurement systems file each PunchOut line under its code. The operator may change them.
UPDATE "categories" SET "unspsc" = CASE "slug"
	WHEN 'abrasives' THEN '31190000'
	WHEN 'cutting-tools' THEN '27110000'
	WHEN 'hand-tools' THEN '27110000'
	WHEN 'electrical' THEN '39120000'
	WHEN 'safety' THEN '46180000'
	WHEN 'chemicals' THEN '12000000'
	WHEN 'paint' THEN '31210000'
	WHEN 'shop-supplies' THEN '47130000'
	WHEN 'automotive' THEN '31160000'
	WHEN 'tire-supplies' THEN '25170000'
	WHEN 'hazmat' THEN '46000000'
	WHEN 'storage' THEN '24110000'
END WHERE "unspsc" IS NULL;
