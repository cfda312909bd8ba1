// The prices the calling company pays through the API, priced as its cart would be, and the
// paging of the API's lists (the catalogue itself is server/api/products.ts).
import { z } from "zod";
import { fromCents } from "../../domain/money/cents";
import { findPartNumbers } from "../cart/quick-order";
import type { Buyer } from "../companies/buyer";
import { priceProductLines } from "../pricing/price";

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

/**
 * What the company of `buyer` (the key's member) pays for each part: at `quantity`, and from each of the
 * part's price breaks, each figure from the function that prices carts (so the lowest of list, tier
 * and the company's contract price applies here). Part numbers not in the catalogue are named in
 * `unknownParts`.
 */
export async function priceList(
  { parts, quantity }: z.output<typeof pricesQuerySchema>,
  buyer: Buyer,
  now = new Date(),
) {
  const find = await findPartNumbers(parts, buyer.catalogue);
  const known = parts.flatMap((part) => {
    const product = find(part);
    return product ? [product] : [];
  });
  const unique = [...new Map(known.map((product) => [product.id, product])).values()];
  const atQuantity = await priceProductLines(
    unique.map((product) => ({ productId: product.id, quantity })),
    { buyer, now },
  );
  const breaks = await priceProductLines(
    atQuantity.lines.flatMap((line) =>
      [...new Set([1, ...line.tiers.map((tier) => tier.minQuantity)])].map((breakAt) => ({
        productId: line.productId,
        quantity: breakAt,
      })),
    ),
    { buyer, now },
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
      backorderable: line.backorderable,
      leadTimeDays: line.leadTimeDays,
      unit: line.unit,
      packQuantity: line.packQuantity,
      minOrderQuantity: line.minOrderQuantity,
      orderMultiple: line.orderMultiple,
      priceBreaks: breaks.lines
        .filter((other) => other.productId === line.productId)
        .sort((a, b) => a.quantity - b.quantity)
        .map((other) => ({ minQuantity: other.quantity, unitPrice: fromCents(other.unitPriceCents) })),
    })),
    unknownParts: parts.filter((part) => !find(part)),
  };
}
