// The storefront's member prices (GET /api/prices): where the buyer's company has a contract price
// below list and tier, the card shows it, priced by the cart's own function so the card shows what
// the cart will charge.
import { fromCents } from "../../domain/money/cents";
import { priceCart } from "../../domain/pricing/price-cart";
import { pricedProducts } from "../cart/cart";
import type { Buyer } from "../companies/buyer";
import { priceListOf } from "./price-list";

/**
 * The member's own price of one unit of each named part, where their company's contract price is
 * below list and tier. Parts without a contract price, unknown parts and drafts are left out.
 */
export async function memberPrices(buyer: Buyer, partNumbers: readonly string[], now = new Date()) {
  const { contractRules } = await priceListOf(buyer, now);
  if (contractRules.length === 0 || partNumbers.length === 0) return {};
  const rows = await pricedProducts(partNumbers);
  const { lines } = priceCart({ lines: rows.map((row) => ({ ...row, quantity: 1 })), promo: null, now, contractRules });
  return Object.fromEntries(
    lines
      .filter((line) => line.contractApplied)
      .map((line) => [
        line.partNumber,
        { price: fromCents(line.unitPriceCents), listPrice: fromCents(line.listPriceCents) },
      ]),
  );
}
