-- An account whose one person joined another company is closed (docs/decisions/joining-a-company.md):
-- it keeps its orders, which stay readable by the person who placed them. Two settings the store
-- had fixed become the admin's: how long an invitation link works, and how long before a tax-exempt
-- certificate expires its company is reminded (the values they had are the defaults).
ALTER TABLE "companies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "invitation_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "certificate_reminder_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_invitation_days_range" CHECK ("store_settings"."invitation_days" between 1 and 30);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_reminder_days_range" CHECK ("store_settings"."certificate_reminder_days" between 1 and 90);