CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"account_number" text DEFAULT 'ACCT-' || nextval('account_number_seq') NOT NULL,
	"net_30_approved" boolean DEFAULT false NOT NULL,
	"net_30_approved_date" timestamp with time zone,
	"net_30_approved_by" text,
	"credit_limit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"po_required" boolean DEFAULT false NOT NULL,
	"terms_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_credit_limit_nonnegative" CHECK ("companies"."credit_limit" >= 0),
	CONSTRAINT "companies_terms_days_known" CHECK ("companies"."terms_days" in (30, 60, 90))
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role_known" CHECK ("company_members"."role" in ('admin', 'buyer', 'approver', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_credit_limit_nonnegative";
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_terms_days_known";
--> statement-breakpoint
ALTER TABLE "saved_lists" DROP CONSTRAINT "saved_lists_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "ship_to_addresses" DROP CONSTRAINT "ship_to_addresses_user_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "orders_user_po_number_idx";
--> statement-breakpoint
DROP INDEX "profiles_account_number_key";
--> statement-breakpoint
DROP INDEX "saved_lists_user_name_key";
--> statement-breakpoint
DROP INDEX "ship_to_addresses_user_idx";
--> statement-breakpoint
DROP INDEX "ship_to_addresses_one_default_key";
--> statement-breakpoint
ALTER TABLE "saved_lists" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
-- hand-written: every profile becomes a company of one, its person the admin, keeping the
-- profile's account number, terms, credit limit and PO rule (the profile's id is the company's);
-- a user without a profile who owns a list, an address or an order gets a company too. Orders,
-- lists and addresses then belong to their owner's company.
ALTER TABLE "saved_lists" ADD COLUMN "company_id" uuid
--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ADD COLUMN "company_id" uuid
--> statement-breakpoint
INSERT INTO "companies" ("id", "name", "account_number", "net_30_approved", "net_30_approved_date", "net_30_approved_by", "credit_limit", "po_required", "terms_days", "created_at")
SELECT "id", "company_name", coalesce("account_number", 'ACCT-' || nextval('account_number_seq')), "net_30_approved", "net_30_approved_date", "net_30_approved_by", "credit_limit", "po_required", "terms_days", "created_at"
FROM "profiles"
--> statement-breakpoint
INSERT INTO "company_members" ("user_id", "company_id", "role", "joined_at")
SELECT "user_id", "id", 'admin', "created_at" FROM "profiles"
--> statement-breakpoint
WITH "owners" AS (
  SELECT "u"."id" AS "user_id", gen_random_uuid() AS "company_id" FROM "user" "u"
  WHERE NOT EXISTS (SELECT 1 FROM "company_members" "m" WHERE "m"."user_id" = "u"."id")
    AND (EXISTS (SELECT 1 FROM "saved_lists" "l" WHERE "l"."user_id" = "u"."id")
      OR EXISTS (SELECT 1 FROM "ship_to_addresses" "a" WHERE "a"."user_id" = "u"."id")
      OR EXISTS (SELECT 1 FROM "orders" "o" WHERE "o"."user_id" = "u"."id"))
), "made" AS (
  INSERT INTO "companies" ("id") SELECT "company_id" FROM "owners"
)
INSERT INTO "company_members" ("user_id", "company_id", "role") SELECT "user_id", "company_id", 'admin' FROM "owners"
--> statement-breakpoint
UPDATE "orders" SET "company_id" = "m"."company_id" FROM "company_members" "m" WHERE "m"."user_id" = "orders"."user_id"
--> statement-breakpoint
UPDATE "saved_lists" SET "company_id" = "m"."company_id" FROM "company_members" "m" WHERE "m"."user_id" = "saved_lists"."user_id"
--> statement-breakpoint
UPDATE "ship_to_addresses" SET "company_id" = "m"."company_id" FROM "company_members" "m" WHERE "m"."user_id" = "ship_to_addresses"."user_id"
--> statement-breakpoint
ALTER TABLE "saved_lists" ALTER COLUMN "company_id" SET NOT NULL
--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ALTER COLUMN "company_id" SET NOT NULL
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_used_by_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "companies_account_number_key" ON "companies" USING btree ("account_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_hash_key" ON "company_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");
--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id","joined_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ADD CONSTRAINT "ship_to_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ADD CONSTRAINT "ship_to_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "orders_company_date_idx" ON "orders" USING btree ("company_id","order_date");
--> statement-breakpoint
CREATE INDEX "orders_company_po_number_idx" ON "orders" USING btree ("company_id",lower("po_number"));
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_company_name_key" ON "saved_lists" USING btree ("company_id",lower("name"));
--> statement-breakpoint
CREATE INDEX "ship_to_addresses_company_idx" ON "ship_to_addresses" USING btree ("company_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_addresses_one_default_key" ON "ship_to_addresses" USING btree ("company_id") WHERE "ship_to_addresses"."is_default";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "company_name";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "account_number";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "net_30_approved";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "net_30_approved_date";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "net_30_approved_by";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "credit_limit";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "po_required";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "terms_days";
