// A product as the operator writes it, in the back office's editor or a row of a catalogue file:
// one set of rules for both, shared by the browser and the server. Every field arrives as text;
// the attributes are checked on the server against the subcategory's definitions
// (server/catalog/products/attributes.ts), which the browser does not hold.
import { z } from "zod";
import { oneLine, plainText } from "../text/plain-text";
import { familyName, MAX_FAMILY_NAME } from "./families";
import { hazardFieldsSchema } from "./hazard-input";
import type { HazardData } from "./hazards";
import {
  DEFAULT_SALE_UNIT,
  isSaleUnitCode,
  type SaleUnitCode,
  saleUnitCode,
  saleUnitCodes,
  soldEach,
} from "./sale-units";

export const productStatuses = ["draft", "active", "discontinued"] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const attributeKinds = ["number", "text", "choice"] as const;
export type AttributeKind = (typeof attributeKinds)[number];

export const MAX_PRODUCT_PRICE = 1_000_000;
export const MAX_STOCK_LEVEL = 10_000_000;
export const MAX_TIERS = 10;
export const MAX_LIST_ENTRIES = 20;
export const MAX_LEAD_TIME_DAYS = 365;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const moneyPattern = /^\d+(\.\d{1,2})?$/;

/** "12.9" -> "12.90": amounts are kept as the numeric column's text. */
const normalizeMoney = (amount: string) => Number(amount).toFixed(2);

export const oneLineText = (what: string, max: number) =>
  z
    .string({ message: `Enter the ${what}` })
    .transform((text) => oneLine(text).trim())
    .pipe(
      z
        .string({ message: `Enter the ${what}` })
        .min(1, `Enter the ${what}`)
        .max(max, `The ${what} can be at most ${max} characters`),
    );

export const slugField = (what: string) =>
  z
    .string({ message: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .regex(slugPattern, `The ${what} must be a slug of lower-case letters, digits and dashes, e.g. grinding-wheels`);

/** A dollar amount with at most 2 decimals, from $0 to $1,000,000, written without "$" or commas. */
export const moneyField = (what: string) =>
  z
    .string({ message: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .regex(moneyPattern, {
      message: `The ${what} must be an amount in dollars with at most 2 decimals, e.g. 12.99`,
      abort: true,
    })
    .refine((amount) => Number(amount) <= MAX_PRODUCT_PRICE, `The ${what} can be at most $1,000,000`)
    .transform(normalizeMoney);

export const partNumberField = z
  .string({ message: "Enter the part number" })
  .trim()
  .min(1, "Enter the part number")
  .max(40, "The part number can be at most 40 characters")
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/,
    "The part number may use letters, digits, spaces, dots, dashes and slashes, e.g. GW-45-001",
  );

export const stockLevelField = z
  .string({ message: "Enter the stock level" })
  .trim()
  .regex(/^\d+$/, { message: "The stock level must be a whole number, 0 or more, e.g. 250", abort: true })
  .transform(Number)
  .refine((stock) => stock <= MAX_STOCK_LEVEL, "The stock level can be at most 10,000,000");

/**
 * Days to get an out-of-stock part again, shown on its page; empty means none promised (buyers are
 * asked to contact us). A form sends an empty field as none at all, a file's row as "".
 */
export const leadTimeField = z
  .string()
  .trim()
  .regex(/^\d*$/, { message: "The lead time must be a whole number of days, e.g. 14, or empty", abort: true })
  .optional()
  .transform((days) => (days ? Number(days) : null))
  .refine(
    (days) => days === null || (days >= 1 && days <= MAX_LEAD_TIME_DAYS),
    `The lead time must be from 1 to ${MAX_LEAD_TIME_DAYS} days, or empty`,
  );

/**
 * Whether buyers may order the part past its stock (docs/decisions/back-orders.md): the editor's
 * checkbox sends "on", a file's cell says yes or no; empty is no.
 */
export const backorderableField = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((text) => !text || ["yes", "no", "on"].includes(text), "Write yes or no (empty: no)")
  .transform((text) => text === "yes" || text === "on");

/**
 * The unit of sale's UN/CEFACT code (sale-units.ts), any case, FOT read as FT; empty is each (EA).
 * Absent (a file without the column) stays absent: the product keeps its unit.
 */
export const saleUnitField = z
  .string()
  .optional()
  .transform((code) => (code === undefined ? undefined : saleUnitCode(code) || DEFAULT_SALE_UNIT))
  .refine(
    (code) => code === undefined || isSaleUnitCode(code),
    `The unit must be one of ${saleUnitCodes.join(", ")} (FOT is read as FT; empty: EA)`,
  )
  .transform((code) => code as SaleUnitCode | undefined);

/** A count of units or pieces from 1, e.g. a pack quantity; empty is 1; absent stays absent (kept). */
export const countField = (what: string, example: number) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, { message: `The ${what} must be a whole number from 1, e.g. ${example}, or empty`, abort: true })
    .optional()
    .transform((count) => (count === undefined ? undefined : count ? Number(count) : 1))
    .refine(
      (count) => count === undefined || (count >= 1 && count <= MAX_STOCK_LEVEL),
      `The ${what} must be from 1 to 10,000,000, or empty`,
    );

/**
 * A minimum off the multiples' grid could never be ordered exactly (docs/decisions/units-of-sale.md);
 * 1 is no minimum at all.
 */
export function minimumProblem(minOrderQuantity: number, orderMultiple: number): string | undefined {
  if (minOrderQuantity <= 1 || minOrderQuantity % orderMultiple === 0) return undefined;
  return `The minimum order quantity must be a multiple of the order multiple (${orderMultiple}), e.g. ${orderMultiple * Math.max(1, Math.round(minOrderQuantity / orderMultiple))}`;
}

export interface TierInput {
  minQuantity: number;
  unitPrice: string;
}

/**
 * Quantity breaks must read as a price list does: each from more units than the one before, each
 * cheaper than the one before and than the price of one.
 */
export function tierProblem(price: string, tiers: TierInput[]): string | undefined {
  let previous = { minQuantity: 1, unitPrice: price };
  for (const tier of tiers) {
    if (tier.minQuantity <= previous.minQuantity)
      return tier.minQuantity < 2
        ? "A bulk tier starts at 2 units or more"
        : `Bulk tiers must go up in quantity: ${tier.minQuantity} comes after ${previous.minQuantity}`;
    if (Number(tier.unitPrice) >= Number(previous.unitPrice))
      return `The price for ${tier.minQuantity}+ (${tier.unitPrice}) must be lower than ${previous.unitPrice}`;
    previous = tier;
  }
  return undefined;
}

/** "100:1.98|500:1.75", the import's tiers column, read; an error names what is wrong. */
export function parseTiers(text: string): { ok: true; tiers: TierInput[] } | { ok: false; message: string } {
  const written = text.trim();
  if (written === "") return { ok: true, tiers: [] };
  const pairs = written.split("|").map((pair) => pair.trim());
  if (pairs.length > MAX_TIERS) return { ok: false, message: `At most ${MAX_TIERS} bulk tiers` };
  const tiers: TierInput[] = [];
  for (const pair of pairs) {
    const match = /^(\d{1,7})\s*:\s*(\d+(?:\.\d{1,2})?)$/.exec(pair);
    if (!match) return { ok: false, message: `"${pair}" is not QTY:PRICE, e.g. 100:1.98|500:1.75` };
    tiers.push({ minQuantity: Number(match[1]), unitPrice: normalizeMoney(String(match[2])) });
  }
  return { ok: true, tiers };
}

/** Tiers written back as the import reads them. */
export const formatTiers = (tiers: TierInput[]) =>
  tiers.map((tier) => `${tier.minQuantity}:${tier.unitPrice}`).join("|");

const tierSchema = z.object({
  minQuantity: z.coerce
    .number({ message: "Enter the tier's quantity" })
    .int("A tier's quantity must be a whole number")
    .min(2, "A bulk tier starts at 2 units or more")
    .max(MAX_STOCK_LEVEL, "A tier's quantity can be at most 10,000,000"),
  unitPrice: moneyField("tier price"),
});

const listOf = (what: string, item: z.ZodType<string>) =>
  z.array(item).max(MAX_LIST_ENTRIES, `At most ${MAX_LIST_ENTRIES} ${what}`).default([]);

export const productInputSchema = z
  .object({
    partNumber: partNumberField,
    name: oneLineText("name", 200),
    category: slugField("category"),
    subcategory: slugField("subcategory"),
    brand: oneLineText("brand", 80),
    price: moneyField("price"),
    stockLevel: stockLevelField,
    leadTimeDays: leadTimeField,
    backorderable: backorderableField,
    unit: saleUnitField,
    packQuantity: countField("pack quantity", 25),
    minOrderQuantity: countField("minimum order quantity", 10),
    orderMultiple: countField("order multiple", 25),
    /** Null: no hazardous material; absent (a file without the column) keeps the part's. */
    hazard: hazardFieldsSchema.optional(),
    // Optional rather than defaulted, and no pipe after the transform: a form sends an empty
    // description as no field at all, and Conform reads an empty result as none too.
    description: z
      .string()
      .max(5000, "The description can be at most 5,000 characters")
      .optional()
      .transform((text) => plainText(text ?? "").trim()),
    tiers: z.array(tierSchema).max(MAX_TIERS, `At most ${MAX_TIERS} bulk tiers`).default([]),
    status: z.enum(productStatuses, { message: "The status must be draft, active or discontinued" }).default("active"),
    oemNumbers: listOf("OEM numbers", oneLineText("OEM number", 40)),
    relatedParts: listOf("related parts", partNumberField),
    /** Stored image keys (server/media), in the order shown. */
    images: listOf("images", oneLineText("image", 200)),
    documents: z
      .array(z.object({ name: oneLineText("document name", 100), url: oneLineText("document address", 500) }))
      .max(MAX_LIST_ENTRIES, `At most ${MAX_LIST_ENTRIES} documents`)
      .default([]),
    /**
     * The family of sizes the part belongs to, by name (docs/decisions/part-families.md): "" none;
     * absent (a file without the column) leaves the part's family as it is.
     */
    family: z
      .string()
      .max(MAX_FAMILY_NAME, `A family's name can be at most ${MAX_FAMILY_NAME} characters`)
      .optional()
      .transform((name) => (name === undefined ? undefined : familyName(name))),
    /** The editor's choice of the attribute slugs the family's parts differ in; none: they follow from the parts. */
    familyAttributes: z
      .array(z.string().max(100))
      .max(MAX_LIST_ENTRIES, `At most ${MAX_LIST_ENTRIES} attributes`)
      .default([]),
    /** Attribute slug -> the value as written ("4-1/2 in"); an empty value means none. */
    attributes: z
      .record(z.string(), z.string().max(200, "An attribute value can be at most 200 characters"))
      .default({}),
  })
  .superRefine((product, context) => {
    const problem = tierProblem(product.price, product.tiers);
    if (problem) context.addIssue({ code: "custom", path: ["tiers"], message: problem });
    // With one of the two absent, the part's own is not known here: the save checks the pair.
    const minimum = minimumProblem(product.minOrderQuantity ?? 1, product.orderMultiple ?? 1);
    if (minimum) context.addIssue({ code: "custom", path: ["minOrderQuantity"], message: minimum });
    // A back-order's expected day is counted from the lead time.
    if (product.backorderable && product.leadTimeDays === null)
      context.addIssue({
        code: "custom",
        path: ["leadTimeDays"],
        message: "A back-orderable part needs its lead time, e.g. 14",
      });
  });

export type ProductInput = z.output<typeof productInputSchema>;

/** What a product file may leave out, each then kept as the product has it. */
export interface KeptFields {
  unit: SaleUnitCode;
  packQuantity: number;
  minOrderQuantity: number;
  orderMultiple: number;
  hazard: HazardData | null;
}

/** A product with every field settled: what is saved. */
export type CompleteProductInput = Omit<ProductInput, keyof KeptFields> & KeptFields;

const newProduct: KeptFields = { ...soldEach, unit: DEFAULT_SALE_UNIT, hazard: null };

/** The input with each absent field the product's own (`current`), or a new product's default. */
export function completeProduct(input: ProductInput, current: KeptFields = newProduct): CompleteProductInput {
  return {
    ...input,
    unit: input.unit ?? current.unit,
    packQuantity: input.packQuantity ?? current.packQuantity,
    minOrderQuantity: input.minOrderQuantity ?? current.minOrderQuantity,
    orderMultiple: input.orderMultiple ?? current.orderMultiple,
    hazard: input.hazard === undefined ? current.hazard : input.hazard,
  };
}
