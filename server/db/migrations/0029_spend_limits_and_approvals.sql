CREATE TABLE "order_approval_items" (
	"approval_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "order_approval_items_approval_id_product_id_pk" PRIMARY KEY("approval_id","product_id"),
	CONSTRAINT "order_approval_items_quantity_positive" CHECK ("order_approval_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"checkout" jsonb NOT NULL,
	"promo_code_id" uuid,
	"subtotal_amount" numeric(12, 2) NOT NULL,
	"discount_amount" numeric(12, 2) NOT NULL,
	"tax_amount" numeric(12, 2) NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"note" text,
	"order_id" uuid,
	CONSTRAINT "order_approvals_status_known" CHECK ("order_approvals"."status" in ('pending', 'approved', 'rejected', 'withdrawn', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "order_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "monthly_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_approval_items" ADD CONSTRAINT "order_approval_items_approval_id_order_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."order_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approval_items" ADD CONSTRAINT "order_approval_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_approvals_company_idx" ON "order_approvals" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "order_approvals_user_idx" ON "order_approvals" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_order_limit_nonnegative" CHECK ("company_members"."order_limit" >= 0);--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_monthly_limit_nonnegative" CHECK ("company_members"."monthly_limit" >= 0);