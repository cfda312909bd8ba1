// Pricing for a buyer: the one place a cart, or lines given outright, are priced. Every figure is
// computed here from the database, nothing taken from the browser: the bulk tiers, the promo code,
// the buyer's price list (their company's contract prices and tax-exempt certificates,
// ./price-list.ts) and tax for the shipping state, through the shared rules of
// domain/pricing/price-cart.ts. The cart popover, the checkout, order placement, approvals, quotes
// and the API all price through here.
import { hazmatShippingNote } from "../../domain/catalog/hazards";
import { exemptionLine } from "../../domain/companies/tax-exemption";
import { fromCents } from "../../domain/money/cents";
import { canBackorder } from "../../domain/orders/backorderable";
import { backorderNote } from "../../domain/orders/backorders";
import { type PricedCart, priceCart } from "../../domain/pricing/price-cart";
import { getProfile } from "../accounts/account-overview";
import { type CartRead, cartLines, cartPromo, productLines, promoById } from "../cart/cart";
import type { Buyer } from "../companies/buyer";
import { priceListOf } from "./price-list";

type StoredLine = Awaited<ReturnType<typeof cartLines>>[number];
type StoredPromo = NonNullable<Awaited<ReturnType<typeof cartPromo>>>;

export interface PricingFor {
  /** Whose prices: their company's price list applies; null for a visitor. */
  buyer: Buyer | null;
  /** The shipping state; unknown or missing takes the default rate. */
  taxState?: string | null;
  now?: Date;
}

/** The stored cart's lines, promo code and the buyer's price list at `now`. */
async function storedCart(cartId: string, buyer: Buyer | null, now: Date, read: CartRead) {
  // Inside an order's transaction, one after the other: with `lock`, the products are locked
  // before the promo, in every order, and the price list is read there too. A plain read asks
  // all at once.
  if (read.executor || read.lock) {
    const lines = await cartLines(cartId, { ...read, catalogue: buyer?.catalogue });
    const promo = await cartPromo(cartId, read);
    return { lines, promo, ...(await priceListOf(buyer, now, read.executor)) };
  }
  const [lines, promo, priceList] = await Promise.all([
    cartLines(cartId, { ...read, catalogue: buyer?.catalogue }),
    cartPromo(cartId, read),
    priceListOf(buyer, now),
  ]);
  return { lines, promo, ...priceList };
}

const emptyCart = { lines: [], promo: null, contractRules: [], certificates: [] };

/** The stored cart priced for `buyer` and a shipping state at `now`; a missing cart is an empty one. */
export async function priceStoredCart(
  cartId: string | undefined,
  { buyer, taxState, now = new Date(), ...read }: CartRead & PricingFor,
): Promise<PricedCart<StoredLine, StoredPromo>> {
  const stored = cartId ? await storedCart(cartId, buyer, now, read) : emptyCart;
  return priceCart({ ...stored, taxState, now });
}

/**
 * Lines given outright, priced as a cart is (an order or a price list through the API, an approved
 * submission): the same rules for tiers, the promo code named (locked after the products, as a
 * cart's is) and the buyer's price list.
 */
export async function priceProductLines(
  items: readonly { productId: string; quantity: number }[],
  {
    buyer,
    taxState,
    promoCodeId = null,
    now = new Date(),
    ...read
  }: CartRead & PricingFor & { promoCodeId?: string | null },
): Promise<PricedCart<StoredLine, StoredPromo>> {
  const lines = await productLines(items, { ...read, catalogue: buyer?.catalogue });
  const promo = await promoById(promoCodeId, read);
  const priceList = await priceListOf(buyer, now, read.executor);
  return priceCart<StoredLine, StoredPromo>({ lines, promo, ...priceList, taxState, now });
}

/** A priced line as the row an order or a submission keeps: what was bought, at what price. */
export function lineColumns(line: {
  productId: string;
  name: string;
  partNumber: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}) {
  return {
    productId: line.productId,
    productName: line.name,
    productSku: line.partNumber,
    quantity: line.quantity,
    unitPrice: fromCents(line.unitPriceCents),
    totalPrice: fromCents(line.lineTotalCents),
  };
}

/** A priced cart's totals as the amount columns an order or a submission keeps. */
export function totalsColumns(totals: PricedCart<StoredLine, StoredPromo>["totals"]) {
  return {
    subtotalAmount: fromCents(totals.subtotalCents),
    discountAmount: fromCents(totals.discountCents),
    taxAmount: fromCents(totals.taxCents),
    totalAmount: fromCents(totals.totalCents),
  };
}

export type CartSummary = ReturnType<typeof summarize>;

/**
 * The header's cart: tax follows the signed-in buyer's shipping state; visitors see the default
 * rate. The header asks for this on every page a buyer opens, so the profile and the cart are read
 * at once.
 */
export async function buyerCartSummary(cartId: string | undefined, buyer: Buyer | null) {
  const now = new Date();
  const [profile, stored] = await Promise.all([
    buyer ? getProfile(buyer) : null,
    cartId ? storedCart(cartId, buyer, now, {}) : emptyCart,
  ]);
  return summarize(priceCart({ ...stored, taxState: profile?.shippingState, now }));
}

/** The cart as the browser shows it (popover, checkout), tax for the shipping state (else the default rate). */
export async function cartSummary(cartId: string | undefined, options: PricingFor) {
  return summarize(await priceStoredCart(cartId, options));
}

/** A priced cart in the form the browser shows it: amounts as decimal strings, the rate as a fraction. */
export function summarize({ lines, promo, taxRate, taxExemption, totals, today }: PricedCart<StoredLine, StoredPromo>) {
  return {
    lines: lines.map((line) => ({
      productId: line.productId,
      slug: line.slug,
      name: line.name,
      partNumber: line.partNumber,
      image: line.image,
      quantity: line.quantity,
      unit: line.unit,
      packQuantity: line.packQuantity,
      minOrderQuantity: line.minOrderQuantity,
      orderMultiple: line.orderMultiple,
      stockLevel: line.stockLevel,
      /** More than the stock may be asked for: the rest is back-ordered. */
      backorderable: canBackorder(line),
      /** "12 ship now, 8 back-ordered, expected Tue, Dec 15", or absent when all of it ships now. */
      backorder: line.split ? backorderNote({ quantity: line.quantity, ...line.split }, today) : undefined,
      /** "Ships by ground only (hazardous material)", or absent for a part that ships as usual. */
      shipping: hazmatShippingNote(line.hazmat),
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
