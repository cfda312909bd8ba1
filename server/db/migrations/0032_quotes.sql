CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"part_number" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "quote_request_lines_quantity_range" CHECK ("quote_request_lines"."quantity" between 1 and 999999)
);
--> statement-breakpoint
CREATE TABLE "quote_version_lines" (
	"version_id" uuid NOT NULL,
	"request_line_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"product_id" uuid,
	"product_name" text,
	"product_sku" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2),
	"total_price" numeric(12, 2),
	"note" text,
	CONSTRAINT "quote_version_lines_version_id_request_line_id_pk" PRIMARY KEY("version_id","request_line_id"),
	CONSTRAINT "quote_version_lines_quantity_range" CHECK ("quote_version_lines"."quantity" between 1 and 999999),
	CONSTRAINT "quote_version_lines_priced" CHECK (("quote_version_lines"."outcome" = 'unavailable') = ("quote_version_lines"."unit_price" is null))
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"valid_until" date NOT NULL,
	"message" text,
	"subtotal_amount" numeric(12, 2) NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"source" text NOT NULL,
	"needed_by" date,
	"ship_to" jsonb NOT NULL,
	"notes" text,
	"current_version" integer DEFAULT 0 NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_version_lines" ADD CONSTRAINT "quote_version_lines_version_id_quote_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quote_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_version_lines" ADD CONSTRAINT "quote_version_lines_request_line_id_quote_request_lines_id_fk" FOREIGN KEY ("request_line_id") REFERENCES "public"."quote_request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_version_lines" ADD CONSTRAINT "quote_version_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_request_lines_position_key" ON "quote_request_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_versions_quote_version_key" ON "quote_versions" USING btree ("quote_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_quote_number_key" ON "quotes" USING btree ("quote_number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_key" ON "quotes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at");