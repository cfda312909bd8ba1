// The cart as the browser shows it: every figure computed here, nothing taken from the browser.
import { eq, inArray } from "drizzle-orm";
import { type Database, db } from "../db/client";
import { carts, productBulkTiers, promoCodes } from "../db/schema";
import { fromCents, toCents } from "../pricing/money";
import { checkPromo } from "../pricing/promo";
import { taxRateFor } from "../pricing/tax";
import { unitPriceFor } from "../pricing/tiers";
import { cartTotals, lineTotalCents } from "../pricing/totals";
import { cartLines } from "./cart";

export type CartSummary = Awaited<ReturnType<typeof cartSummary>>;

export async function appliedPromo(cartId: string) {
  const [row] = await db()
    .select({ promo: promoCodes })
    .from(carts)
    .innerJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId))
    .where(eq(carts.id, cartId));
  return row?.promo ?? null;
}

/** Each line's unit price from its product's bulk tiers for the line's quantity. */
export async function priceLines<Line extends { productId: string; price: string; quantity: number }>(
  lines: Line[],
  executor: Database = db(),
) {
  const tiers = lines.length
    ? await executor
        .select()
        .from(productBulkTiers)
        .where(
          inArray(
            productBulkTiers.productId,
            lines.map((line) => line.productId),
          ),
        )
    : [];
  return lines.map((line) => {
    const unitPriceCents = unitPriceFor(
      toCents(line.price),
      tiers
        .filter((tier) => tier.productId === line.productId)
        .map((tier) => ({ minQuantity: tier.minQuantity, unitPriceCents: toCents(tier.unitPrice) })),
      line.quantity,
    );
    return { ...line, unitPriceCents };
  });
}

/** Lines priced by their bulk tier, the promo re-checked, tax for the shipping state (else 8%). */
export async function cartSummary(
  cartId: string | undefined,
  { taxState, now = new Date() }: { taxState?: string | null; now?: Date } = {},
) {
  const priced = await priceLines(cartId ? await cartLines(cartId) : []);
  const subtotalCents = priced.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const promo = cartId ? await appliedPromo(cartId) : null;
  const check = promo ? checkPromo(promo, { subtotalCents, now }) : null;
  const taxRate = taxRateFor(taxState);
  const totals = cartTotals({ lines: priced, discountCents: check?.ok ? check.discountCents : 0, taxRate });
  return {
    lines: priced.map((line) => ({
      productId: line.productId,
      slug: line.slug,
      name: line.name,
      partNumber: line.partNumber,
      image: line.image,
      quantity: line.quantity,
      stockLevel: line.stockLevel,
      unitPrice: fromCents(line.unitPriceCents),
      lineTotal: fromCents(lineTotalCents(line)),
    })),
    count: priced.reduce((sum, line) => sum + line.quantity, 0),
    promo: promo
      ? { code: promo.code, description: promo.description, problem: check && !check.ok ? check.message : undefined }
      : null,
    taxRate: taxRate / 1_000_000,
    subtotal: fromCents(totals.subtotalCents),
    discount: fromCents(totals.discountCents),
    tax: fromCents(totals.taxCents),
    total: fromCents(totals.totalCents),
  };
}
