// The cart priced for the buyer: every figure computed here from the database, nothing taken from
// the browser. The checkout and order placement price it through the same function.
import { fromCents } from "../../app/lib/pricing/money";
import { type PricedCart, priceCart } from "../../app/lib/pricing/price-cart";
import { getProfile } from "../accounts/account-overview";
import { type CartRead, cartLines, cartPromo, productLines } from "./cart";

type StoredLine = Awaited<ReturnType<typeof cartLines>>[number];
type StoredPromo = NonNullable<Awaited<ReturnType<typeof cartPromo>>>;

/** The stored cart's lines and promo code; a missing cart is an empty one. */
async function storedCart(
  cartId: string | undefined,
  read: CartRead,
): Promise<{ lines: StoredLine[]; promo: StoredPromo | null }> {
  if (!cartId) return { lines: [], promo: null };
  // Inside an order's transaction, one after the other: with `lock`, the products are locked
  // before the promo, in every order. A plain read asks both at once.
  if (read.executor || read.lock) return { lines: await cartLines(cartId, read), promo: await cartPromo(cartId, read) };
  const [lines, promo] = await Promise.all([cartLines(cartId, read), cartPromo(cartId, read)]);
  return { lines, promo };
}

/** The stored cart priced for a shipping state at `now`; a missing cart is an empty one. */
export async function priceStoredCart(
  cartId: string | undefined,
  { taxState, now = new Date(), ...read }: CartRead & { taxState?: string | null; now?: Date } = {},
): Promise<PricedCart<StoredLine, StoredPromo>> {
  return priceCart({ ...(await storedCart(cartId, read)), taxState, now });
}

/**
 * Lines given outright, priced as a cart without a promo code is (an order or a price list through
 * the API): the same rule for tiers, and for every price rule that comes to carts.
 */
export async function priceProductLines(
  items: readonly { productId: string; quantity: number }[],
  { taxState, now = new Date(), ...read }: CartRead & { taxState?: string | null; now?: Date } = {},
): Promise<PricedCart<StoredLine, StoredPromo>> {
  return priceCart<StoredLine, StoredPromo>({ lines: await productLines(items, read), promo: null, taxState, now });
}

export type CartSummary = ReturnType<typeof summarize>;

/** The cart as the browser shows it (popover, checkout), tax for the shipping state (else the default rate). */
export async function cartSummary(cartId: string | undefined, options: { taxState?: string | null; now?: Date } = {}) {
  return summarize(await priceStoredCart(cartId, options));
}

/**
 * Tax follows the signed-in buyer's shipping state; guests see the default rate. The header asks
 * for this on every page a buyer opens, so the profile and the cart are read at once.
 */
export async function buyerCartSummary(cartId: string | undefined, userId: string | undefined) {
  const [profile, stored] = await Promise.all([userId ? getProfile(userId) : null, storedCart(cartId, {})]);
  return summarize(priceCart({ ...stored, taxState: profile?.shippingState, now: new Date() }));
}

/** A priced cart in the form the browser shows it: amounts as decimal strings, the rate as a fraction. */
export function summarize({ lines, promo, taxRate, totals }: PricedCart<StoredLine, StoredPromo>) {
  return {
    lines: lines.map((line) => ({
      productId: line.productId,
      slug: line.slug,
      name: line.name,
      partNumber: line.partNumber,
      image: line.image,
      quantity: line.quantity,
      stockLevel: line.stockLevel,
      unitPrice: fromCents(line.unitPriceCents),
      lineTotal: fromCents(line.lineTotalCents),
      problem: line.problem,
    })),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    promo: promo
      ? { code: promo.code, description: promo.description, problem: promo.check.ok ? undefined : promo.check.message }
      : null,
    taxRate: taxRate / 1_000_000,
    subtotal: fromCents(totals.subtotalCents),
    discount: fromCents(totals.discountCents),
    tax: fromCents(totals.taxCents),
    total: fromCents(totals.totalCents),
  };
}
