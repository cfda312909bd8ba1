// The cart priced for the buyer: every figure computed here from the database, nothing taken from
// the browser. The checkout and order placement price it through the same function.

import { exemptionLine } from "../../domain/companies/tax-exemption";
import { fromCents } from "../../domain/money/cents";
import type { ContractRule } from "../../domain/pricing/contract";
import { type PricedCart, priceCart } from "../../domain/pricing/price-cart";
import { getProfile } from "../accounts/account-overview";
import { cartContractRules, memberContractRules } from "../companies/contract-prices";
import { companyOf } from "../companies/membership";
import { certificatesOf } from "../companies/tax-certificates";
import { type CartRead, cartLines, cartPromo, productLines, promoById } from "./cart";

type StoredLine = Awaited<ReturnType<typeof cartLines>>[number];
type StoredPromo = NonNullable<Awaited<ReturnType<typeof cartPromo>>>;

/** The stored cart's lines, promo code and its owner's company's price list at `now`; a missing cart is an empty one. */
async function storedCart(
  cartId: string | undefined,
  read: CartRead,
  now: Date,
): Promise<{ lines: StoredLine[]; promo: StoredPromo | null; contractRules: ContractRule[] }> {
  if (!cartId) return { lines: [], promo: null, contractRules: [] };
  // Inside an order's transaction, one after the other: with `lock`, the products are locked
  // before the promo, in every order; the price list is read there too, so a rule that ended
  // since the buyer saw the cart no longer applies to the order. A plain read asks all at once.
  if (read.executor || read.lock)
    return {
      lines: await cartLines(cartId, read),
      promo: await cartPromo(cartId, read),
      contractRules: await cartContractRules(cartId, now, read.executor),
    };
  const [lines, promo, contractRules] = await Promise.all([
    cartLines(cartId, read),
    cartPromo(cartId, read),
    cartContractRules(cartId, now),
  ]);
  return { lines, promo, contractRules };
}

export interface PricingFor {
  /** The shipping state; unknown or missing takes the default rate. */
  taxState?: string | null;
  /** The signed-in buyer, whose company's tax-exempt certificates apply. */
  buyerId?: string;
  now?: Date;
}

/** The buyer's company's approved certificates; a guest has none. */
const buyerCertificates = (buyerId: string | undefined, executor?: CartRead["executor"]) =>
  buyerId ? certificatesOf(companyOf(buyerId), executor) : [];

/** The stored cart priced for a shipping state and buyer at `now`; a missing cart is an empty one. */
export async function priceStoredCart(
  cartId: string | undefined,
  { taxState, buyerId, now = new Date(), ...read }: CartRead & PricingFor = {},
): Promise<PricedCart<StoredLine, StoredPromo>> {
  const stored = await storedCart(cartId, read, now);
  const certificates = await buyerCertificates(buyerId, read.executor);
  return priceCart({ ...stored, taxState, certificates, now });
}

/**
 * Lines given outright, priced as a cart is (an order or a price list through the API, an approved
 * submission): the same rules for tiers, the promo code named (locked after the products, as a
 * cart's is), the buyer's company's contract prices and its tax-exempt certificates.
 */
export async function priceProductLines(
  items: readonly { productId: string; quantity: number }[],
  {
    taxState,
    buyerId,
    promoCodeId = null,
    now = new Date(),
    ...read
  }: CartRead & PricingFor & { promoCodeId?: string | null } = {},
): Promise<PricedCart<StoredLine, StoredPromo>> {
  const lines = await productLines(items, read);
  const promo = await promoById(promoCodeId, read);
  const contractRules = buyerId ? await memberContractRules(buyerId, now, read.executor) : [];
  const certificates = await buyerCertificates(buyerId, read.executor);
  return priceCart<StoredLine, StoredPromo>({ lines, promo, contractRules, taxState, certificates, now });
}

export type CartSummary = ReturnType<typeof summarize>;

/** The cart as the browser shows it (popover, checkout), tax for the shipping state (else the default rate). */
export async function cartSummary(cartId: string | undefined, options: PricingFor = {}) {
  return summarize(await priceStoredCart(cartId, options));
}

/**
 * Tax follows the signed-in buyer's shipping state; guests see the default rate. The header asks
 * for this on every page a buyer opens, so the profile and the cart are read at once.
 */
export async function buyerCartSummary(cartId: string | undefined, userId: string | undefined) {
  const now = new Date();
  const [profile, stored, certificates] = await Promise.all([
    userId ? getProfile(userId) : null,
    storedCart(cartId, {}, now),
    buyerCertificates(userId),
  ]);
  return summarize(priceCart({ ...stored, taxState: profile?.shippingState, certificates, now }));
}

/** A priced cart in the form the browser shows it: amounts as decimal strings, the rate as a fraction. */
export function summarize({ lines, promo, taxRate, taxExemption, totals }: PricedCart<StoredLine, StoredPromo>) {
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
      // The list price shown struck through beside a contract price; absent otherwise.
      listPrice: line.contractApplied ? fromCents(line.listPriceCents) : undefined,
      lineTotal: fromCents(line.lineTotalCents),
      problem: line.problem,
    })),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    promo: promo
      ? { code: promo.code, description: promo.description, problem: promo.check.ok ? undefined : promo.check.message }
      : null,
    taxRate: taxRate / 1_000_000,
    /** Why no tax is charged ("Tax exempt: certificate TX-… (Texas)"), or null. */
    taxExemption: taxExemption ? exemptionLine(taxExemption) : null,
    subtotal: fromCents(totals.subtotalCents),
    discount: fromCents(totals.discountCents),
    tax: fromCents(totals.taxCents),
    total: fromCents(totals.totalCents),
  };
}
