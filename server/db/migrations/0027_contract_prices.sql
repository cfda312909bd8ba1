CREATE TABLE "contract_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid,
	"category" text,
	"brand" text,
	"price" numeric(12, 2),
	"percent_off" numeric(5, 2),
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_prices_one_target" CHECK (("contract_prices"."product_id" is not null and "contract_prices"."category" is null and "contract_prices"."brand" is null and "contract_prices"."price" > 0 and "contract_prices"."percent_off" is null) or ("contract_prices"."product_id" is null and ("contract_prices"."category" is null) <> ("contract_prices"."brand" is null) and "contract_prices"."price" is null and "contract_prices"."percent_off" > 0 and "contract_prices"."percent_off" < 100)),
	CONSTRAINT "contract_prices_dates_ordered" CHECK ("contract_prices"."ends_on" is null or "contract_prices"."ends_on" >= "contract_prices"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "list_unit_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_prices_company_idx" ON "contract_prices" USING btree ("company_id","starts_on");