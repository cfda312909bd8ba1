// The storefront's member prices (GET /api/prices): where the buyer's company has a contract price
// below list and tier, the card shows it, priced by the cart's own function so the card shows what
// the cart will charge.
import { and, inArray, ne } from "drizzle-orm";
import { fromCents } from "../../domain/money/cents";
import { priceCart } from "../../domain/pricing/price-cart";
import type { Buyer } from "../companies/buyer";
import { db } from "../db/client";
import { productBulkTiers, products } from "../db/schema";
import { priceListOf } from "./price-list";

/**
 * The member's own price of one unit of each named part, where their company's contract price is
 * below list and tier: priced by the cart's function, so a card shows what the cart will charge.
 * Parts without a contract price, unknown parts and drafts are left out.
 */
export async function memberPrices(buyer: Buyer, partNumbers: readonly string[], now = new Date()) {
  const rules = (await priceListOf(buyer, now)).contractRules;
  if (rules.length === 0 || partNumbers.length === 0) return {};
  const rows = await db()
    .select({
      productId: products.id,
      partNumber: products.partNumber,
      name: products.name,
      category: products.category,
      subcategory: products.subcategory,
      brand: products.brand,
      price: products.price,
      stockLevel: products.stockLevel,
      status: products.status,
    })
    .from(products)
    .where(and(inArray(products.partNumber, [...partNumbers]), ne(products.status, "draft")));
  const tiers = rows.length
    ? await db()
        .select()
        .from(productBulkTiers)
        .where(
          inArray(
            productBulkTiers.productId,
            rows.map((row) => row.productId),
          ),
        )
    : [];
  const { lines } = priceCart({
    lines: rows.map((row) => ({
      ...row,
      quantity: 1,
      tiers: tiers.filter((tier) => tier.productId === row.productId),
    })),
    promo: null,
    now,
    contractRules: rules,
  });
  return Object.fromEntries(
    lines
      .filter((line) => line.contractApplied)
      .map((line) => [
        line.partNumber,
        { price: fromCents(line.unitPriceCents), listPrice: fromCents(line.listPriceCents) },
      ]),
  );
}
