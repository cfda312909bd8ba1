-- Paying on terms is named for what it is, whatever the terms' length (Net 30, 60 or 90): a
-- company is on terms, and an order is paid on terms. The checkout form keeps its 'net_30' choice.
ALTER TABLE "companies" RENAME COLUMN "net_30_approved" TO "on_terms";--> statement-breakpoint
ALTER TABLE "companies" RENAME COLUMN "net_30_approved_date" TO "on_terms_since";--> statement-breakpoint
ALTER TABLE "companies" RENAME COLUMN "net_30_approved_by" TO "on_terms_approved_by";--> statement-breakpoint
UPDATE "orders" SET "payment_method" = 'on_terms' WHERE "payment_method" = 'net_30';--> statement-breakpoint
UPDATE "admin_audit_log" SET "action" = 'approve_terms' WHERE "action" = 'approve_net_30';--> statement-breakpoint
UPDATE "admin_audit_log" SET "action" = 'revoke_terms' WHERE "action" = 'revoke_net_30';
