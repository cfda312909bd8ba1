// The catalogue through the API: the products a buyer can reach, page by page, with their public
// list prices and bulk tiers; and the prices the calling company pays, priced as its cart would be.
import { asc, count, inArray } from "drizzle-orm";
import { z } from "zod";
import { fromCents } from "../../app/lib/pricing/money";
import { findPartNumbers } from "../cart/quick-order";
import { priceProductLines } from "../cart/summary";
import { shownToBuyers } from "../catalog/visibility";
import { config } from "../config";
import { db } from "../db/client";
import { productBulkTiers, products } from "../db/schema";

export const MAX_PER_PAGE = 200;
export const MAX_PRICE_PARTS = 100;
const MAX_QUANTITY = 1_000_000;

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max.toLocaleString("en-US")}`);

export const pageQuerySchema = z.object({
  page: wholeNumber("page", 1, 100_000).default(1),
  perPage: wholeNumber("perPage", 1, MAX_PER_PAGE).default(50),
});

export const pricesQuerySchema = z.object({
  parts: z
    .string({ message: "Name the parts: parts=GW-45-001,FD-80-001" })
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(40, "A part number has at most 40 characters"))
        .min(1, "Name the parts: parts=GW-45-001,FD-80-001")
        .max(MAX_PRICE_PARTS, `Ask for at most ${MAX_PRICE_PARTS} parts at a time`),
    ),
  quantity: wholeNumber("quantity", 1, MAX_QUANTITY).default(1),
});

/** The query string as an object for a schema: absent parameters are undefined, so defaults apply. */
export function queryObject(url: URL, names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, url.searchParams.get(name) ?? undefined]));
}

const pageOf = (page: number, perPage: number, total: number) => ({
  page,
  perPage,
  total,
  totalPages: Math.ceil(total / perPage),
});

/** A page of the catalogue in part-number order: what any visitor could read on the product pages. */
export async function listProducts({ page, perPage }: z.output<typeof pageQuerySchema>) {
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: products.id,
        partNumber: products.partNumber,
        name: products.name,
        brand: products.brand,
        category: products.category,
        subcategory: products.subcategory,
        slug: products.slug,
        price: products.price,
        stockLevel: products.stockLevel,
        status: products.status,
      })
      .from(products)
      .where(shownToBuyers)
      .orderBy(asc(products.partNumber))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db().select({ total: count() }).from(products).where(shownToBuyers),
  ]);
  const tiers = rows.length
    ? await db()
        .select()
        .from(productBulkTiers)
        .where(
          inArray(
            productBulkTiers.productId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(productBulkTiers.minQuantity))
    : [];
  const origin = config().PUBLIC_URL;
  return {
    data: rows.map(({ id, slug, ...product }) => ({
      ...product,
      currency: "USD",
      tiers: tiers
        .filter((tier) => tier.productId === id)
        .map((tier) => ({ minQuantity: tier.minQuantity, unitPrice: tier.unitPrice })),
      url: `${origin}/products/${slug}`,
    })),
    ...pageOf(page, perPage, total?.total ?? 0),
  };
}

/**
 * What the company of `buyerId` (the key's) pays for each part: at `quantity`, and from each of the
 * part's price breaks, each figure from the function that prices carts (so the lowest of list, tier
 * and the company's contract price applies here). Part numbers not in the catalogue are named in
 * `unknownParts`.
 */
export async function priceList(
  { parts, quantity }: z.output<typeof pricesQuerySchema>,
  buyerId: string,
  now = new Date(),
) {
  const find = await findPartNumbers(parts);
  const known = parts.flatMap((part) => {
    const product = find(part);
    return product ? [product] : [];
  });
  const unique = [...new Map(known.map((product) => [product.id, product])).values()];
  const atQuantity = await priceProductLines(
    unique.map((product) => ({ productId: product.id, quantity })),
    { buyerId, now },
  );
  const breaks = await priceProductLines(
    atQuantity.lines.flatMap((line) =>
      [...new Set([1, ...line.tiers.map((tier) => tier.minQuantity)])].map((breakAt) => ({
        productId: line.productId,
        quantity: breakAt,
      })),
    ),
    { buyerId, now },
  );
  return {
    currency: "USD",
    quantity,
    prices: atQuantity.lines.map((line) => ({
      partNumber: line.partNumber,
      name: line.name,
      listPrice: line.price,
      unitPrice: fromCents(line.unitPriceCents),
      lineTotal: fromCents(line.lineTotalCents),
      stockLevel: line.stockLevel,
      priceBreaks: breaks.lines
        .filter((other) => other.productId === line.productId)
        .sort((a, b) => a.quantity - b.quantity)
        .map((other) => ({ minQuantity: other.quantity, unitPrice: fromCents(other.unitPriceCents) })),
    })),
    unknownParts: parts.filter((part) => !find(part)),
  };
}
