// One schema for both drivers. The original tables keep their names and columns (profiles,
// user_roles, promo_codes, orders, order_items: docs/product-rules.md, Data); money is numeric.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { HazardData } from "../../domain/catalog/hazards";
import type { AttributeKind, ProductStatus } from "../../domain/catalog/product-input";
import type { SaleUnitCode } from "../../domain/catalog/sale-units";
import type { UnitFamily } from "../../domain/catalog/units";
import { user } from "./auth-schema";

export * from "./auth-schema";

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
// Full-text search vector; written by the database itself (a generated column).
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    partNumber: text("part_number").notNull(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    subcategory: text("subcategory").notNull(),
    description: text("description").notNull().default(""),
    price: money("price").notNull(),
    stockLevel: integer("stock_level").notNull().default(0),
    rating: numeric("rating", { precision: 2, scale: 1 }).notNull().default("0"),
    reviewCount: integer("review_count").notNull().default(0),
    image: text("image").notNull().default(""),
    keyFeatures: jsonb("key_features").$type<string[]>().notNull().default([]),
    specifications: jsonb("specifications").$type<Record<string, string>>().notNull().default({}),
    oemNumbers: jsonb("oem_numbers").$type<string[]>().notNull().default([]),
    documents: jsonb("documents").$type<{ name: string; url: string }[]>().notNull().default([]),
    /** GHS classification and DOT shipping of a hazardous part; null for a part that is none (docs/decisions/hazardous-materials.md). */
    hazard: jsonb("hazard").$type<HazardData>(),
    size: text("size").notNull().default(""),
    /** Shown first in listings ("featured" order), before the rest by popularity. */
    featured: boolean("featured").notNull().default(false),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    /** Part numbers of related products (resolved to slugs when shown). */
    relatedProducts: jsonb("related_products").$type<string[]>().notNull().default([]),
    /** Drafts are the operator's alone; discontinued parts stay findable but cannot be bought. */
    status: text("status").$type<ProductStatus>().notNull().default("active"),
    /** Days to get more once out of stock, as the operator promises it; null: buyers are asked to contact us. */
    leadTimeDays: integer("lead_time_days"),
    /** Buyers may order past the stock; the rest is back-ordered for the lead time (docs/decisions/back-orders.md). */
    backorderable: boolean("backorderable").notNull().default(false),
    // How the part is sold (docs/decisions/units-of-sale.md): the price, the bulk tiers, the stock and
    // every line's quantity count units of sale, each holding pack_quantity pieces; an order's
    // quantity is at least min_order_quantity and a multiple of order_multiple (a minimum of 1 is
    // none: the first multiple is the least).
    unit: text("unit").$type<SaleUnitCode>().notNull().default("EA"),
    packQuantity: integer("pack_quantity").notNull().default(1),
    minOrderQuantity: integer("min_order_quantity").notNull().default(1),
    orderMultiple: integer("order_multiple").notNull().default(1),
    /** The family of sizes the part belongs to (docs/decisions/part-families.md); null: none. */
    familyId: integer("family_id").references(() => partFamilies.id, { onDelete: "set null" }),
    /** The part number without case, dashes, spaces or dots: "gw 45-001" finds GW-45-001. */
    partKey: text("part_key").generatedAlwaysAs(sql`upper(regexp_replace(part_number, '[^A-Za-z0-9]', '', 'g'))`),
    // Names, brands, part and OEM numbers weigh most, then specifications, then the category and
    // subcategory ("abrasives", "grinding wheels": words buyers search by), then the description.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, name || ' ' || brand || ' ' || part_number), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, oem_numbers, '["string"]'), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, specifications, '["string"]'), 'B') || setweight(to_tsvector('english'::regconfig, replace(category, '-', ' ') || ' ' || replace(subcategory, '-', ' ')), 'C') || setweight(to_tsvector('english'::regconfig, description), 'D')`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("products_slug_key").on(t.slug),
    uniqueIndex("products_part_number_key").on(t.partNumber),
    uniqueIndex("products_part_key_key").on(t.partKey),
    index("products_part_key_trgm_idx").using("gin", sql`${t.partKey} gin_trgm_ops`),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_search_idx").using("gin", t.searchVector),
    // An OEM or competitor number as typed ("dw-4514") opens our part: oem_keys() is in migration 0031.
    index("products_oem_keys_idx").using("gin", sql`oem_keys(${t.oemNumbers})`),
    index("products_category_idx").on(t.category, t.subcategory, t.name),
    index("products_category_featured_idx").on(t.category, t.subcategory, t.featured, t.reviewCount),
    index("products_category_price_idx").on(t.category, t.subcategory, t.price),
    // Suggestions read the most popular matches in this order and stop after a few.
    index("products_popular_idx").on(t.featured.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.partNumber),
    // Part-number prefixes in part-number order, whatever the database's collation.
    index("products_part_key_prefix_idx").on(sql`(${t.partKey} collate "C")`),
    // The back office's filters: drafts and discontinued parts in part-number order, low and out of stock.
    index("products_status_part_number_idx").on(t.status, t.partNumber),
    index("products_stock_level_idx").on(t.stockLevel),
    index("products_family_idx").on(t.familyId),
    // What buyers see (server/catalog/products/visibility.ts), counted per category and listed in the sitemap
    // from the index alone.
    index("products_listed_idx").on(t.category, t.subcategory).where(sql`${t.status} = 'active'`),
    index("products_shown_slug_idx").on(t.slug).where(sql`${t.status} <> 'draft'`),
    check("products_price_nonnegative", sql`${t.price} >= 0`),
    check("products_stock_nonnegative", sql`${t.stockLevel} >= 0`),
    check("products_status_known", sql`${t.status} in ('draft', 'active', 'discontinued')`),
    check("products_lead_time_range", sql`${t.leadTimeDays} between 1 and 365`),
    // A back-order's expected day is counted from the lead time.
    check("products_backorderable_lead_time", sql`not ${t.backorderable} or ${t.leadTimeDays} is not null`),
    check("products_pack_quantity_positive", sql`${t.packQuantity} >= 1`),
    check(
      "products_order_quantities",
      sql`${t.orderMultiple} >= 1 and ${t.minOrderQuantity} >= 1 and (${t.minOrderQuantity} = 1 or ${t.minOrderQuantity} % ${t.orderMultiple} = 0)`,
    ),
  ],
);

// Parts that are one part in several sizes (a wheel by diameter x thickness), moved between on the
// product page by the attributes that vary (docs/decisions/part-families.md). Names are unique
// however they are capitalised; attributes are named by slug, in the selector's order.
export const partFamilies = pgTable(
  "part_families",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    attributeSlugs: jsonb("attribute_slugs").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("part_families_name_key").on(sql`lower(${t.name})`)],
);

// The category tree the navigation, /shop, listings, breadcrumbs and sitemaps read; the operator
// edits it in the back office. Slugs are the URLs' words; products name theirs.
export const categories = pgTable("categories", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
  /** The category's UNSPSC code (segment or family), sent with its parts to procurement systems. */
  unspsc: text("unspsc"),
});

// Subcategory slugs are unique across the whole tree, as products and URLs use them on their own.
export const subcategories = pgTable(
  "subcategories",
  {
    slug: text("slug").primaryKey(),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug, { onUpdate: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("subcategories_category_idx").on(t.categorySlug, t.position)],
);

// What a subcategory's products are described by: a number in a unit family (stored in the
// family's base unit, shown in display_unit), a choice from a list, or free text.
export const attributes = pgTable(
  "attributes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    subcategorySlug: text("subcategory_slug")
      .notNull()
      .references(() => subcategories.slug, { onUpdate: "cascade", onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<AttributeKind>().notNull(),
    unitFamily: text("unit_family").$type<UnitFamily>(),
    displayUnit: text("display_unit"),
    choices: jsonb("choices").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("attributes_subcategory_slug_key").on(t.subcategorySlug, t.slug),
    check("attributes_kind_known", sql`${t.kind} in ('number', 'text', 'choice')`),
    check("attributes_number_has_family", sql`(${t.kind} = 'number') = (${t.unitFamily} is not null)`),
  ],
);

// One typed value per product and attribute: numbers in the family's base unit (a length in
// millimetres), choices and text as text. products.specifications keeps the same values as shown
// (written together, server/catalog/products/attributes.ts), for search and the quick display paths.
export const productAttributeValues = pgTable(
  "product_attribute_values",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    numberValue: doublePrecision("number_value"),
    textValue: text("text_value"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    index("product_attribute_values_number_idx").on(t.attributeId, t.numberValue),
    index("product_attribute_values_text_idx").on(t.attributeId, t.textValue),
    check("product_attribute_values_one_value", sql`(${t.numberValue} is null) <> (${t.textValue} is null)`),
  ],
);

// Every change of a product or its spec values, one row per product, written by triggers in the
// changing transaction (migration 0049), whoever changes it: the catalogue indexes of every process
// follow it by sequence number (server/catalog/index/follow.ts, docs/decisions/catalogue-index.md).
export const catalogueChanges = pgTable(
  "catalogue_changes",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    productId: uuid("product_id").notNull(),
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("catalogue_changes_logged_at_idx").on(t.loggedAt)],
);

// How far each running store process's catalogue index has taken the change log in, said every few
// seconds (server/catalog/index/follow.ts): what the seed command waits on before it says it is done.
export const catalogueIndexFollowers = pgTable("catalogue_index_followers", {
  follower: text("follower").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});

// Readable, unique account numbers (ACCT-100001, ACCT-100002 ...), safe under concurrent sign-ups.
export const accountNumberSequence = pgSequence("account_number_seq", { startWith: 100001 });

// A person's own details; the account they buy for (number, terms, credit) is their company's.
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    createdAt: createdAt(),
    shippingAddressLine1: text("shipping_address_line1"),
    shippingAddressLine2: text("shipping_address_line2"),
    shippingCity: text("shipping_city"),
    shippingState: text("shipping_state"),
    shippingZip: text("shipping_zip"),
    shippingCountry: text("shipping_country").default("United States"),
    billingAddressLine1: text("billing_address_line1"),
    billingAddressLine2: text("billing_address_line2"),
    billingCity: text("billing_city"),
    billingState: text("billing_state"),
    billingZip: text("billing_zip"),
    billingCountry: text("billing_country").default("United States"),
    sameAsShipping: boolean("same_as_shipping").notNull().default(true),
  },
  (t) => [uniqueIndex("profiles_user_id_key").on(t.userId)],
);

// The purchasing account: its number, terms, the one credit limit all its members' terms orders
// share, and the PO rule (docs/decisions/companies.md). A buyer who signs up alone is a company of one.
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null when the buyer gave none at sign-up (a person buying for themselves). */
    name: text("name"),
    accountNumber: text("account_number").notNull().default(sql`'ACCT-' || nextval('account_number_seq')`),
    onTerms: boolean("on_terms").notNull().default(false),
    onTermsSince: timestamp("on_terms_since", { withTimezone: true }),
    onTermsApprovedBy: text("on_terms_approved_by"),
    creditLimit: money("credit_limit").notNull().default("0"),
    // Set by an admin: every order of this account must carry a PO number (docs/product-rules.md, Checkout).
    poRequired: boolean("po_required").notNull().default(false),
    // The terms granted with on_terms: Net 30, 60 or 90.
    termsDays: integer("terms_days").notNull().default(30),
    createdAt: createdAt(),
    // Set when the account's one person joined another company (docs/decisions/joining-a-company.md):
    // it has no members from then on, and its orders stay readable by the person who placed them.
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("companies_account_number_key").on(t.accountNumber),
    check("companies_credit_limit_nonnegative", sql`${t.creditLimit} >= 0`),
    check("companies_terms_days_known", sql`${t.termsDays} in (30, 60, 90)`),
  ],
);

// A company's catalogue (docs/decisions/customer-catalogues.md): with a row here its members, API keys
// and PunchOut sessions see only the parts of its categories (or subcategories) and its included
// parts, less its excluded parts; without one, everything. `version` moves with every change, so
// pages cached for the catalogue's old version are never served again.
export const companyCatalogues = pgTable("company_catalogues", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// A category or subcategory slug (unique across the tree) whose parts the company's catalogue holds.
export const companyCatalogueCategories = pgTable(
  "company_catalogue_categories",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companyCatalogues.companyId, { onDelete: "cascade" }),
    category: text("category").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.category] })],
);

// One part added to (included) or taken out of (not included) the company's catalogue, whatever its category.
export const companyCatalogueParts = pgTable(
  "company_catalogue_parts",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companyCatalogues.companyId, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    included: boolean("included").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId] })],
);

// A company's price list (docs/decisions/contract-prices.md): a fixed unit price for one part, or a
// percentage off a category (or subcategory) or a brand, in force from starts_on to ends_on
// (calendar days in the store's time zone, both included; no end: until removed).
export const contractPrices = pgTable(
  "contract_prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    category: text("category"),
    brand: text("brand"),
    price: money("price"),
    percentOff: numeric("percent_off", { precision: 5, scale: 2 }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contract_prices_company_idx").on(t.companyId, t.startsOn),
    check(
      "contract_prices_one_target",
      sql`(${t.productId} is not null and ${t.category} is null and ${t.brand} is null and ${t.price} > 0 and ${t.percentOff} is null) or (${t.productId} is null and (${t.category} is null) <> (${t.brand} is null) and ${t.price} is null and ${t.percentOff} > 0 and ${t.percentOff} < 100)`,
    ),
    check("contract_prices_dates_ordered", sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

import { apiScopes } from "../../domain/companies/api-keys";
import { companyRoles } from "../../domain/companies/companies";
import { certificateStatuses } from "../../domain/companies/tax-exemption";

export { type CompanyRole, companyRoles } from "../../domain/companies/companies";

// Who buys for which company, and as what. One company at a time: the user is the key.
export const companyMembers = pgTable(
  "company_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    role: text("role", { enum: companyRoles }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    // The member's spend limits, set by the company admin; null is no limit (docs/decisions/approvals.md).
    orderLimit: money("order_limit"),
    monthlyLimit: money("monthly_limit"),
  },
  (t) => [
    index("company_members_company_idx").on(t.companyId, t.joinedAt),
    check("company_members_role_known", sql`${t.role} in ('admin', 'buyer', 'approver', 'viewer')`),
    check("company_members_order_limit_nonnegative", sql`${t.orderLimit} >= 0`),
    check("company_members_monthly_limit_nonnegative", sql`${t.monthlyLimit} >= 0`),
  ],
);

// A company admin's invitation: the link's token is stored only as its SHA-256, works once
// (used_at) and until expires_at.
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: companyRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: text("used_by").references(() => user.id, { onDelete: "set null" }),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("company_invitations_token_hash_key").on(t.tokenHash),
    index("company_invitations_company_idx").on(t.companyId, t.createdAt),
  ],
);

// A company's key to the JSON API (docs/decisions/api.md): only the SHA-256 of the key is kept, with
// its first characters (prefix) to find the row and for people to recognise it. Revoked keys stay,
// as the record of who made and revoked them.
export const companyApiKeys = pgTable(
  "company_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    // The company admin the key acts for: its orders are placed as theirs.
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    // What the key may do (domain/companies/api-keys.ts), chosen when it is made; never more than
    // its maker may do at the time of each call. Keys made before scopes were given every one.
    scopes: text("scopes", { enum: apiScopes }).array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("company_api_keys_secret_hash_key").on(t.secretHash),
    index("company_api_keys_prefix_idx").on(t.prefix),
    index("company_api_keys_company_idx").on(t.companyId, t.createdAt),
    check(
      "company_api_keys_scopes_known",
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${sql.raw(apiScopes.map((scope) => `'${scope}'`).join(", "))}]::text[]`,
    ),
  ],
);

// An order placed through the API under an Idempotency-Key: the key is unique per company, so of
// two identical requests at once one inserts and the other waits for it and reads its answer.
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the request's body as understood (its fields in one order), to tell a retry from a reuse. */
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    /** The answer's body, as sent the first time. */
    response: text("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_role_key").on(t.userId, t.role)],
);

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    discountType: text("discount_type", { enum: ["percentage", "fixed"] }).notNull(),
    discountValue: money("discount_value").notNull(),
    minimumOrderAmount: money("minimum_order_amount").notNull().default("0"),
    currentUses: integer("current_uses").notNull().default(0),
    maxUses: integer("max_uses"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_key").on(t.code),
    check("promo_codes_code_upper", sql`${t.code} = upper(${t.code})`),
    check("promo_codes_value_nonnegative", sql`${t.discountValue} >= 0`),
    check("promo_codes_uses_within_max", sql`${t.maxUses} is null or ${t.currentUses} <= ${t.maxUses}`),
  ],
);

import { orderStatuses } from "../../domain/orders/order-status";

export { type PaymentMethod, paymentMethods } from "../../domain/orders/lifecycle";
export { type OrderStatus, orderStatuses } from "../../domain/orders/order-status";

import { paymentMethods } from "../../domain/orders/lifecycle";

export { type CarrierCode, carrierCodes } from "../../domain/orders/carriers";

import { carrierCodes } from "../../domain/orders/carriers";

// Invoice numbers (INV-000001, INV-000002 ...): sequential and unique, also under concurrent orders.
export const invoiceNumberSequence = pgSequence("invoice_number_seq", { startWith: 1 });

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null once the buyer deleted the account: the order is kept, anonymised (docs/product-rules.md,
    // Retention). No cascade, so a user cannot be deleted without that step.
    userId: text("user_id").references(() => user.id),
    // The company the order was placed for: its members see it, its credit it uses. Null only for
    // orders of accounts deleted before companies existed.
    companyId: uuid("company_id").references(() => companies.id),
    orderNumber: text("order_number").notNull(),
    orderDate: timestamp("order_date", { withTimezone: true }).notNull().defaultNow(),
    totalAmount: money("total_amount").notNull(),
    status: text("status", { enum: orderStatuses }).notNull(),
    shippingAddressLine1: text("shipping_address_line1").notNull(),
    shippingAddressLine2: text("shipping_address_line2"),
    shippingCity: text("shipping_city").notNull(),
    shippingState: text("shipping_state").notNull(),
    shippingZip: text("shipping_zip").notNull(),
    shippingCountry: text("shipping_country").notNull().default("United States"),
    // What a buyer and an accountant need beside the original columns (docs/product-rules.md, Data).
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    companyName: text("company_name"),
    phone: text("phone").notNull(),
    billingAddressLine1: text("billing_address_line1").notNull(),
    billingAddressLine2: text("billing_address_line2"),
    billingCity: text("billing_city").notNull(),
    billingState: text("billing_state").notNull(),
    billingZip: text("billing_zip").notNull(),
    billingCountry: text("billing_country").notNull().default("United States"),
    subtotalAmount: money("subtotal_amount").notNull(),
    discountAmount: money("discount_amount").notNull().default("0"),
    promoCode: text("promo_code"),
    // In millionths, as taxRateFor gives it (82500 = 8.25%).
    taxRatePpm: integer("tax_rate_ppm").notNull(),
    taxAmount: money("tax_amount").notNull(),
    // The tax-exempt certificate the order was not taxed under (its number, as it was then).
    taxExemptCertificate: text("tax_exempt_certificate"),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull(),
    // The card payment this order was written for; unique, so one payment makes one order.
    paymentId: text("payment_id"),
    // On terms: the invoice is due terms_days store days after the order date.
    paymentDueDate: timestamp("payment_due_date", { withTimezone: true }),
    // On terms: 30, 60 or 90 (the account's terms when ordered), and the order's invoice number.
    termsDays: integer("terms_days"),
    invoiceNumber: text("invoice_number"),
    // When the money arrived: at once for a card, when the admin marks a Net 30 invoice paid.
    // A Net 30 order may ship before then, so unpaid credit is read from this, not the status.
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // When its last shipment went out, so that all of it had shipped (docs/decisions/shipments.md): a
    // terms invoice's due date counts from then. Null until then.
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    // The buyer's purchase order number and job reference, as given at checkout (domain/orders/purchase-order.ts).
    poNumber: text("po_number"),
    jobReference: text("job_reference"),
  },
  (t) => [
    uniqueIndex("orders_order_number_key").on(t.orderNumber),
    uniqueIndex("orders_payment_id_key").on(t.paymentId),
    uniqueIndex("orders_invoice_number_key").on(t.invoiceNumber),
    index("orders_user_date_idx").on(t.userId, t.orderDate),
    index("orders_company_date_idx").on(t.companyId, t.orderDate),
    index("orders_date_idx").on(t.orderDate),
    index("orders_status_date_idx").on(t.status, t.orderDate),
    // The admin's order search: any part of the number, e-mail or company (ilike, served by pg_trgm).
    index("orders_number_trgm_idx").using("gin", sql`${t.orderNumber} gin_trgm_ops`),
    index("orders_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("orders_company_trgm_idx").using("gin", sql`${t.companyName} gin_trgm_ops`),
    index("orders_po_number_trgm_idx").using("gin", sql`${t.poNumber} gin_trgm_ops`),
    // A PO number already used by the account is looked up at every checkout that gives one.
    index("orders_company_po_number_idx").on(t.companyId, sql`lower(${t.poNumber})`),
    check("orders_total_nonnegative", sql`${t.totalAmount} >= 0`),
    check("orders_total_adds_up", sql`${t.totalAmount} = ${t.subtotalAmount} - ${t.discountAmount} + ${t.taxAmount}`),
    check("orders_terms_days_known", sql`${t.termsDays} is null or ${t.termsDays} in (30, 60, 90)`),
  ],
);

// A company's address book: the places it ships to, each with a label; one of them is the default
// (docs/product-rules.md, Address book). user_id is who added it; the address stays with the company.
export const shipToAddresses = pgTable(
  "ship_to_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    label: text("label").notNull(),
    shippingAddressLine1: text("shipping_address_line1").notNull(),
    shippingAddressLine2: text("shipping_address_line2"),
    shippingCity: text("shipping_city").notNull(),
    shippingState: text("shipping_state").notNull(),
    shippingZip: text("shipping_zip").notNull(),
    shippingCountry: text("shipping_country").notNull().default("United States"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("ship_to_addresses_company_idx").on(t.companyId, t.createdAt),
    // At most one default per company; the code keeps exactly one while any address exists.
    uniqueIndex("ship_to_addresses_one_default_key").on(t.companyId).where(sql`${t.isDefault}`),
  ],
);

// A card checkout between 'Place Order' and the order: the form as submitted, the amount the
// server computed and the provider's payment. The order is written from this row once the
// provider says the payment succeeded, whether the browser or the provider's webhook says so first.
export const checkoutPayments = pgTable(
  "checkout_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // What the payment is for: the buyer's cart, or an accepted quote (docs/decisions/quotes.md).
    cartId: uuid("cart_id"),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amount: money("amount").notNull(),
    checkout: jsonb("checkout").notNull(),
    status: text("status", { enum: ["open", "ordered", "refunded", "abandoned"] })
      .notNull()
      .default("open"),
    orderId: uuid("order_id").references(() => orders.id),
    failure: text("failure"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("checkout_payments_provider_payment_key").on(t.provider, t.providerPaymentId)],
);

// The built-in test card processor's own records, standing in for the provider's servers when
// no Stripe keys are set.
export const testProcessorPayments = pgTable("test_processor_payments", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull().unique(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  reference: text("reference").notNull(),
  amount: money("amount").notNull(),
  status: text("status", { enum: ["requires_payment", "succeeded", "canceled"] })
    .notNull()
    .default("requires_payment"),
  cardLast4: text("card_last4"),
  failureMessage: text("failure_message"),
  refundedAt: timestamp("refunded_at", { withTimezone: true }),
  createdAt: createdAt(),
});

// The test processor's refunds, by their idempotency key, so that a repeated refund gives nothing twice
// and a payment is refunded in parts (a buyer cancelling lines, a return's credit) up to its amount.
export const testProcessorRefunds = pgTable("test_processor_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .references(() => testProcessorPayments.id),
  amount: money("amount").notNull(),
  createdAt: createdAt(),
});

// A buyer's card payment of open terms invoices (docs/decisions/invoices.md): the amount the server
// checked, split over the invoices as the buyer chose (invoice_payment_allocations). It counts once
// the provider says it succeeded and it is recorded (status 'recorded'), once per provider payment.
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    // Who paid; null once they deleted their account (the payment stays with the company).
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amount: money("amount").notNull(),
    status: text("status", { enum: ["open", "recorded", "refunded", "abandoned"] })
      .notNull()
      .default("open"),
    failure: text("failure"),
    createdAt: createdAt(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoice_payments_provider_payment_key").on(t.provider, t.providerPaymentId),
    index("invoice_payments_company_idx").on(t.companyId, t.createdAt),
    check("invoice_payments_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const invoicePaymentAllocations = pgTable(
  "invoice_payment_allocations",
  {
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => invoicePayments.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amount: money("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.orderId] }),
    index("invoice_payment_allocations_order_idx").on(t.orderId),
    check("invoice_payment_allocations_amount_positive", sql`${t.amount} > 0`),
  ],
);

// The reminders mailed about a terms invoice: one row per invoice and kind, claimed in the
// transaction that queues the mail, so each goes out once however many processes run the duty.
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["due_soon", "overdue"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // The product bought, for restocking on cancellation and for reorders; the name, part number
    // and price are copied beside it, so the order reads the same after the catalogue changes
    // (or the product is gone, which leaves this null).
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    productSku: text("product_sku"),
    // The unit of sale and its pack as bought: the quantity counts these units.
    unit: text("unit").notNull().default("EA"),
    packQuantity: integer("pack_quantity").notNull().default(1),
    quantity: integer("quantity").notNull(),
    // The quantity ordered, split (docs/decisions/back-orders.md): allocated was taken from stock
    // (what ships now), backordered is owed and was not; a later delivery of the part moves some
    // of it to allocated, and shipments ship what is allocated.
    allocatedQuantity: integer("allocated_quantity").notNull(),
    backorderedQuantity: integer("backordered_quantity").notNull().default(0),
    /** The day the back-ordered part is expected (store business days from the lead time); null when none is. */
    backorderExpectedOn: date("backorder_expected_on", { mode: "string" }),
    // What the order's shipments carried of the line: never more than was taken from stock for it.
    shippedQuantity: integer("shipped_quantity").notNull().default(0),
    // What the buyer (or the admin, cancelling the order) cancelled of the line before it shipped
    // (docs/decisions/order-lifecycle.md): it came off the back-ordered part first, then off what was
    // allocated, so allocated + backordered + cancelled = quantity, the quantity ordered.
    cancelledQuantity: integer("cancelled_quantity").notNull().default(0),
    unitPrice: money("unit_price").notNull(),
    totalPrice: money("total_price").notNull(),
    // The list price beside a contract price that applied, so the order and its invoice show both.
    listUnitPrice: money("list_unit_price"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    // What is owed of each part, for the delivery that fills it.
    index("order_items_backordered_idx").on(t.productId).where(sql`${t.backorderedQuantity} > 0`),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_items_quantity_split",
      sql`${t.allocatedQuantity} >= 0 and ${t.backorderedQuantity} >= 0 and ${t.cancelledQuantity} >= 0 and ${t.allocatedQuantity} + ${t.backorderedQuantity} + ${t.cancelledQuantity} = ${t.quantity}`,
    ),
    check(
      "order_items_backorder_expected",
      sql`(${t.backorderedQuantity} > 0) = (${t.backorderExpectedOn} is not null)`,
    ),
    check(
      "order_items_shipped_allocated",
      sql`${t.shippedQuantity} >= 0 and ${t.shippedQuantity} <= ${t.allocatedQuantity}`,
    ),
  ],
);

// Each cancellation of some or all of an order's lines (docs/decisions/order-lifecycle.md): numbered
// 1, 2 … within the order, what it took off the order's total (its lines, less their share of the
// discount, plus their share of the tax) and what of that was refunded to the card. A terms invoice's
// balance is its total less these amounts and its payments (server/terms/account-terms.ts).
export const orderCancellations = pgTable(
  "order_cancellations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }).notNull(),
    // The buyer or the store's admin who cancelled; null once that account is deleted.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    amount: money("amount").notNull(),
    refunded: money("refunded").notNull().default("0"),
  },
  (t) => [
    uniqueIndex("order_cancellations_order_number_key").on(t.orderId, t.number),
    check("order_cancellations_amounts", sql`${t.amount} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);

// An order's shipments (docs/decisions/shipments.md): numbered 1, 2 … within the order, each by a
// carrier with its tracking number (none for Freight/LTL or Other), and what it carried of each line.
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    carrier: text("carrier", { enum: carrierCodes }).notNull(),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull().defaultNow(),
    // The admin who recorded it; null once their account is gone (the audit log keeps the entry).
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("shipments_order_number_key").on(t.orderId, t.number),
    check("shipments_number_positive", sql`${t.number} > 0`),
  ],
);

export const shipmentItems = pgTable(
  "shipment_items",
  {
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderItemId] }),
    index("shipment_items_order_item_idx").on(t.orderItemId),
    check("shipment_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

import { returnReasons, returnStatuses } from "../../domain/returns/returns";

export const rmaNumberSequence = pgSequence("rma_number_seq", { startWith: 1 });
export const creditMemoNumberSequence = pgSequence("credit_memo_number_seq", { startWith: 1 });

// A buyer's return of shipped lines (docs/decisions/returns.md): asked for with a reason, approved by
// the store with an RMA number (drawn at approval) or refused with a reason, then received.
export const returns = pgTable(
  "returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    // Who asked; null once their account is gone (the return stays with the order).
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason", { enum: returnReasons }).notNull(),
    note: text("note"),
    status: text("status", { enum: returnStatuses }).notNull().default("requested"),
    rmaNumber: text("rma_number"),
    refusalReason: text("refusal_reason"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    receivedBy: text("received_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("returns_rma_number_key").on(t.rmaNumber),
    index("returns_order_idx").on(t.orderId),
    index("returns_status_requested_idx").on(t.status, t.requestedAt),
    check("returns_rma_when_approved", sql`(${t.status} in ('approved', 'received')) = (${t.rmaNumber} is not null)`),
    check("returns_refusal_reason", sql`(${t.status} = 'refused') = (${t.refusalReason} is not null)`),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    returnId: uuid("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id),
    quantity: integer("quantity").notNull(),
    // Chosen at receipt: whether the parts went back on the shelf. Null until received.
    restocked: boolean("restocked"),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderItemId] }),
    index("return_lines_order_item_idx").on(t.orderItemId),
    check("return_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

// What a received return credited (docs/decisions/returns.md): the lines at the prices paid, less
// their share of the discount, plus their tax. A card order's is refunded to the card; a terms
// order's is applied to invoices (credit_memo_applications), the rest is free credit on the account.
export const creditMemos = pgTable(
  "credit_memos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returns.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    companyId: uuid("company_id").references(() => companies.id),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull(),
    linesAmount: money("lines_amount").notNull(),
    discountAmount: money("discount_amount").notNull(),
    taxAmount: money("tax_amount").notNull(),
    amount: money("amount").notNull(),
    // On a card order: what went back to the card (all of it).
    refundedAmount: money("refunded_amount").notNull().default("0"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    issuedBy: text("issued_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("credit_memos_number_key").on(t.number),
    uniqueIndex("credit_memos_return_key").on(t.returnId),
    index("credit_memos_company_idx").on(t.companyId, t.issuedAt),
    index("credit_memos_order_idx").on(t.orderId),
    check("credit_memos_adds_up", sql`${t.amount} = ${t.linesAmount} - ${t.discountAmount} + ${t.taxAmount}`),
    check("credit_memos_amount_nonnegative", sql`${t.amount} >= 0 and ${t.taxAmount} >= 0`),
    check("credit_memos_refund", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

// How much of a terms credit memo went to which invoice: its own first, then the oldest open ones.
export const creditMemoApplications = pgTable(
  "credit_memo_applications",
  {
    creditMemoId: uuid("credit_memo_id")
      .notNull()
      .references(() => creditMemos.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amount: money("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creditMemoId, t.orderId] }),
    index("credit_memo_applications_order_idx").on(t.orderId),
    check("credit_memo_applications_amount_positive", sql`${t.amount} > 0`),
  ],
);

// Every e-mail is stored before it is sent, so a mail server that is down delays mail but
// never loses it; the delivery loop retries with backoff until it goes out.
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    // Files sent with the message (an invoice PDF), their content in base64.
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_queue_pending_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

// The store's settings an admin changes in the back office: one row.
export const storeSettings = pgTable(
  "store_settings",
  {
    id: boolean("id").primaryKey().default(true),
    // Terms orders stop once an open invoice is more than this many days past due (docs/product-rules.md, Terms).
    overdueGraceDays: integer("overdue_grace_days").notNull().default(15),
    // How long a company's invitation link works (docs/product-rules.md, Companies).
    invitationDays: integer("invitation_days").notNull().default(7),
    // How many days before a tax-exempt certificate expires its company's admins are reminded.
    certificateReminderDays: integer("certificate_reminder_days").notNull().default(30),
    // How many days before a terms invoice falls due its company is reminded (docs/decisions/invoices.md).
    invoiceReminderDays: integer("invoice_reminder_days").notNull().default(3),
    // Orders placed on a business day before this time ("HH:MM", the store's time zone) ship that day.
    shipCutoff: text("ship_cutoff").notNull().default("15:00"),
    // How many days after its shipment a line may be asked back (docs/decisions/returns.md).
    returnWindowDays: integer("return_window_days").notNull().default(30),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("store_settings_one_row", sql`${t.id}`),
    check("store_settings_grace_days_range", sql`${t.overdueGraceDays} between 0 and 365`),
    check("store_settings_invitation_days_range", sql`${t.invitationDays} between 1 and 30`),
    check("store_settings_reminder_days_range", sql`${t.certificateReminderDays} between 1 and 90`),
    check("store_settings_invoice_reminder_days_range", sql`${t.invoiceReminderDays} between 1 and 30`),
    check("store_settings_return_window_days_range", sql`${t.returnWindowDays} between 1 and 365`),
    check("store_settings_ship_cutoff_format", sql`${t.shipCutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

// When the store backs itself up (server/backup/schedule.ts): one row. `lastRunOn` is the store day
// the last scheduled backup was claimed for, so one runs per day however many processes compete.
export const backupSchedule = pgTable(
  "backup_schedule",
  {
    id: boolean("id").primaryKey().default(true),
    enabled: boolean("enabled").notNull().default(true),
    // "HH:MM" in the store's time zone.
    time: text("time").notNull().default("02:00"),
    keep: integer("keep").notNull().default(7),
    lastRunOn: date("last_run_on", { mode: "string" }),
    lastResult: text("last_result"),
    lastFailed: boolean("last_failed").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("backup_schedule_one_row", sql`${t.id}`),
    check("backup_schedule_time_format", sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("backup_schedule_keep_range", sql`${t.keep} between 1 and 365`),
  ],
);

// The trade's synonyms and abbreviations the operator keeps: each row is phrases that mean the
// same to a buyer ('ss', 'stainless steel'), lower case; search looks for any of them.
export const searchSynonyms = pgTable("search_synonyms", {
  id: uuid("id").primaryKey().defaultRandom(),
  phrases: jsonb("phrases").$type<string[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

// Every change an admin makes: who, what, when, and the record before and after.
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Who made the change: a store admin, or a company admin for their company's API keys. A
    // company admin may delete their account; the entry stays, naming nobody.
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);

// A cart belongs to a signed-in user, or to a guest through a signed cookie holding its id.
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("carts_user_id_key").on(t.userId)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

// Quantity breaks: from min_quantity units up, each costs unit_price. The price of one is the
// product's price, so a break starts at 2 units (the rule the editor and the import hold).
export const productBulkTiers = pgTable(
  "product_bulk_tiers",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull(),
    unitPrice: money("unit_price").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.minQuantity] }),
    check("product_bulk_tiers_from_two", sql`${t.minQuantity} >= 2`),
    check("product_bulk_tiers_price_nonnegative", sql`${t.unitPrice} >= 0`),
  ],
);

// Every status an order has had, with when and why: written by placement, payment, the admin's
// changes and cancellation (server/orders/status-history.ts), shown to the buyer with dates.
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: orderStatuses }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** What the buyer reads beside the status ("Paid by card", "Shipped by UPS"). */
    note: text("note"),
    /** The admin who made the change; null for the store itself (placement, payment). Admins are never deleted. */
    byAdminId: text("by_admin_id").references(() => user.id),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.at)],
);

// Saved (requisition) lists: a company's named lists of parts and quantities to order again.
// user_id is who made it; the list stays with the company when they leave.
export const savedLists = pgTable(
  "saved_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_lists_company_name_key").on(t.companyId, sql`lower(${t.name})`)],
);

// A list line names its part; the product may leave the catalogue later (then product_id is null
// and adding the list to the cart names it as no longer available).
export const savedListLines = pgTable(
  "saved_list_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listId: uuid("list_id")
      .notNull()
      .references(() => savedLists.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    partNumber: text("part_number").notNull(),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_list_lines_list_part_key").on(t.listId, t.partNumber),
    check("saved_list_lines_quantity_range", sql`${t.quantity} between 1 and 9999`),
  ],
);

// A buyer's review of a part they bought: one per buyer and product (a second one edits the
// first); an admin may hide one, which takes it out of the product's stars and count
// (docs/product-rules.md, Reviews and honest figures).
export const productReviews = pgTable(
  "product_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    hidden: boolean("hidden").notNull().default(false),
    /** The admin who hid it and when; null while it is shown. Admins are never deleted. */
    hiddenBy: text("hidden_by").references(() => user.id),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("product_reviews_product_user_key").on(t.productId, t.userId),
    index("product_reviews_product_idx").on(t.productId, t.createdAt),
    index("product_reviews_created_idx").on(t.createdAt),
    index("product_reviews_user_idx").on(t.userId),
    check("product_reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

// A company's tax-exempt certificate for one state (docs/decisions/tax-exemption.md). The file is
// private: kept in the `tax-certificates` space of the file storage (DATA_DIR/files, PostgreSQL or
// the bucket) by `file_key`, opened by store admins only.
export const taxCertificates = pgTable(
  "tax_certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    certificateNumber: text("certificate_number").notNull(),
    // The last day it holds, a calendar day in the store's time zone.
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: certificateStatuses }).notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    // Set in the transaction that queues the expiry reminder, so it goes out once.
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
  },
  (t) => [
    index("tax_certificates_company_idx").on(t.companyId, t.state),
    index("tax_certificates_status_idx").on(t.status, t.uploadedAt),
  ],
);

import { approvalStatuses } from "../../domain/orders/approvals";

// An order above the buyer's spend limit, waiting for an approver: what was priced, where it
// ships and how it was to be paid (the checkout form as the schema outputs it), and the decision.
// An approved one is placed then, and names its order (docs/decisions/approvals.md).
export const orderApprovals = pgTable(
  "order_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: approvalStatuses }).notNull().default("pending"),
    reason: text("reason").notNull(),
    checkout: jsonb("checkout").notNull(),
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    subtotalAmount: money("subtotal_amount").notNull(),
    discountAmount: money("discount_amount").notNull(),
    taxAmount: money("tax_amount").notNull(),
    totalAmount: money("total_amount").notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    // An accepted quote's order waits here as a cart's does, and is placed at the quote's prices.
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("order_approvals_company_idx").on(t.companyId, t.status, t.createdAt),
    index("order_approvals_user_idx").on(t.userId, t.createdAt),
    // A quote waits for one approval at a time.
    uniqueIndex("order_approvals_pending_quote_key").on(t.quoteId).where(sql`${t.status} = 'pending'`),
    check(
      "order_approvals_status_known",
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn', 'failed')`,
    ),
  ],
);

// The priced lines of a submission, as the buyer saw them.
export const orderApprovalItems = pgTable(
  "order_approval_items",
  {
    approvalId: uuid("approval_id")
      .notNull()
      .references(() => orderApprovals.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    productName: text("product_name").notNull(),
    productSku: text("product_sku").notNull(),
    quantity: integer("quantity").notNull(),
    // The unit of sale and its pack as submitted: the approver approves what the buyer asked for.
    unit: text("unit").notNull().default("EA"),
    packQuantity: integer("pack_quantity").notNull().default(1),
    unitPrice: money("unit_price").notNull(),
    totalPrice: money("total_price").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.approvalId, t.productId] }),
    check("order_approval_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

// A signed-in buyer's wish to be e-mailed when an out-of-stock part is back: one per buyer and
// product. When the operator restocks it (editor or import), the e-mail is queued in the same
// transaction and notified_at set, so each wish is answered once (docs/decisions/product-page.md).
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("back_in_stock_requests_user_product_key").on(t.userId, t.productId),
    index("back_in_stock_requests_waiting_idx").on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
);

import { quoteLineOutcomes, quoteSources, quoteStatuses } from "../../domain/quotes/quotes";

// Quote numbers (Q-000001 ...): sequential and unique, like invoice numbers.
export const quoteNumberSequence = pgSequence("quote_number_seq", { startWith: 1 });

// A buyer's request for quote and where it stands (docs/decisions/quotes.md). The request's lines
// are quote_request_lines; each answer of the store is a numbered version in quote_versions, the
// earlier ones kept readable. Where it ships is copied from the address book as it was then.
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteNumber: text("quote_number").notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    // Who asked; the quote stays with the company when they leave.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: quoteStatuses }).notNull().default("requested"),
    source: text("source", { enum: quoteSources }).notNull(),
    neededBy: date("needed_by", { mode: "string" }),
    shipTo: jsonb("ship_to").$type<QuoteShipTo>().notNull(),
    notes: text("notes"),
    // The version the buyer sees now (0 until the store first answers).
    currentVersion: integer("current_version").notNull().default(0),
    // The order an accepted quote became.
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotes_quote_number_key").on(t.quoteNumber),
    uniqueIndex("quotes_order_key").on(t.orderId),
    index("quotes_company_idx").on(t.companyId, t.createdAt),
    index("quotes_status_idx").on(t.status, t.createdAt),
  ],
);

export interface QuoteShipTo {
  label?: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
}

// What the buyer asked for: a catalogue part (product_id set) or a free-text line the store does
// not list (product_id null, the part number as typed, if any, and a description).
export const quoteRequestLines = pgTable(
  "quote_request_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    partNumber: text("part_number"),
    description: text("description").notNull(),
    // The catalogue part's unit of sale when asked for (EA for a free-text line): the quantity counts it.
    unit: text("unit").notNull().default("EA"),
    packQuantity: integer("pack_quantity").notNull().default(1),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    uniqueIndex("quote_request_lines_position_key").on(t.quoteId, t.position),
    check("quote_request_lines_quantity_range", sql`${t.quantity} between 1 and 999999`),
  ],
);

// One answer of the store: valid until a store day, with a message; its lines price each request
// line, mark it unavailable, or offer another part in its place.
export const quoteVersions = pgTable(
  "quote_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    // The last day it can be accepted and ordered, a calendar day in the store's time zone.
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    message: text("message"),
    subtotalAmount: money("subtotal_amount").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("quote_versions_quote_version_key").on(t.quoteId, t.version)],
);

export const quoteVersionLines = pgTable(
  "quote_version_lines",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => quoteVersions.id, { onDelete: "cascade" }),
    requestLineId: uuid("request_line_id")
      .notNull()
      .references(() => quoteRequestLines.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: quoteLineOutcomes }).notNull(),
    // The part quoted: the one asked for, or the alternative offered; null when unavailable.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name"),
    productSku: text("product_sku"),
    // The quoted part's unit of sale when quoted: the quantity and the unit price count it.
    unit: text("unit").notNull().default("EA"),
    packQuantity: integer("pack_quantity").notNull().default(1),
    quantity: integer("quantity").notNull(),
    unitPrice: money("unit_price"),
    totalPrice: money("total_price"),
    note: text("note"),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.requestLineId] }),
    check("quote_version_lines_quantity_range", sql`${t.quantity} between 1 and 999999`),
    check("quote_version_lines_priced", sql`(${t.outcome} = 'unavailable') = (${t.unitPrice} is null)`),
  ],
);

// Every move of a quote: from which state to which, who and when, with the comment given
// (a revision's reason, a decline's reason).
export const quoteEvents = pgTable(
  "quote_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: quoteStatuses }),
    toStatus: text("to_status", { enum: quoteStatuses }).notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    comment: text("comment"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_events_quote_idx").on(t.quoteId, t.at)],
);

// A procurement system that buys for a company (docs/punchout.md): cXML (Ariba, Coupa, Jaggaer)
// or OCI (SAP SRM). `identity` is the cXML From/Sender identity, or the OCI user name; the secret
// (cXML shared secret or OCI password) is kept only as an scrypt hash. Orders and PunchOut
// sessions act as `member_user_id`, a member of the company.
export const procurementConnections = pgTable(
  "procurement_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    protocol: text("protocol", { enum: ["cxml", "oci"] }).notNull(),
    identity: text("identity").notNull(),
    /** The credential's domain as the buyer's system sends it (NetworkID, DUNS, ...); cXML only. */
    domain: text("domain"),
    secretHash: text("secret_hash").notNull(),
    memberUserId: text("member_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** An incoming order whose prices differ from the company's own is refused (else accepted and flagged). */
    pricesMustMatch: boolean("prices_must_match").notNull().default(true),
    /** Where later documents (confirmations, ship notices, invoices) are posted. */
    pushUrl: text("push_url"),
    /**
     * The shared secret sealed with AUTH_SECRET (AES-GCM), only to sign the documents the store sends;
     * incoming credentials are checked against the hash. Null for a secret set before documents were sent.
     */
    secretSealed: text("secret_sealed"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Identities are matched without regard to case, as procurement systems vary in it.
    uniqueIndex("procurement_connections_identity_key").on(t.protocol, sql`lower(${t.identity})`),
    index("procurement_connections_company_idx").on(t.companyId),
    check("procurement_connections_protocol_known", sql`${t.protocol} in ('cxml', 'oci')`),
  ],
);

// One PunchOut session from its setup request: the one-time StartPage token (its SHA-256), what the
// procurement system asked (operation, BuyerCookie, where to post the cart back) and, for edit and
// inspect, the lines it sent. The browser session it opens names it (session.punchout_session_id).
export const punchoutSessions = pgTable(
  "punchout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => procurementConnections.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    operation: text("operation", { enum: ["create", "edit", "inspect"] }).notNull(),
    buyerCookie: text("buyer_cookie").notNull(),
    returnUrl: text("return_url").notNull(),
    /** For edit and inspect: the part numbers and quantities the procurement system sent back. */
    lines: jsonb("lines").$type<{ partNumber: string; quantity: number }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("punchout_sessions_token_key").on(t.tokenHash)],
);

// An OrderRequest accepted from a procurement system, once per payloadID: a retry answers with the
// same order. `price_differences` lists the lines whose price differed, for a connection that accepts them.
export const procurementOrders = pgTable(
  "procurement_orders",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => procurementConnections.id, { onDelete: "cascade" }),
    payloadId: text("payload_id").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderNumber: text("order_number").notNull(),
    priceDifferences: jsonb("price_differences")
      .$type<{ partNumber: string; sent: string; ours: string }[]>()
      .notNull()
      .default([]),
    /** The purchase order's lineNumber of each product ordered, which the documents sent back refer to. */
    lineNumbers: jsonb("line_numbers").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.payloadId] }), index("procurement_orders_order_idx").on(t.orderId)],
);

// The background job queue (docs/decisions/job-queue.md): work done after the transaction that
// asked for it, retried with backoff. `unique_key` makes a job once each (a second enqueue with the
// same key is a no-op); a claimed job is leased until `leased_until`, so one whose process died runs
// again; after `max_attempts` it is failed and stays for the operator to see.
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    uniqueKey: text("unique_key"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("jobs_unique_key").on(t.uniqueKey),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

// Uploaded files when the store runs on PostgreSQL without a bucket (docs/decisions/media-storage.md),
// so that every process on every machine reads the same ones. `key` is the file's space and its
// key ("media/3f9c….webp", "tax-certificates/….pdf"): media keys are made from the content, so a
// second write of one is a no-op. Unused on PGlite, whose files stay in DATA_DIR/files.
export const storedFiles = pgTable("stored_files", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

// A short hold on something one request at a time may change, across the store's processes, for work
// a row lock cannot cover: an order's refund goes to the provider before the transaction recording
// it (server/db/leases.ts). A holder that dies lets go when its lease expires.
export const leases = pgTable("leases", {
  key: text("key").primaryKey(),
  holder: uuid("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
