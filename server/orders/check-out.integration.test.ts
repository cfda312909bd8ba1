// The checkout's decision (checkOut): what a buyer's cart becomes, as the checkout page renders it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { poNumberRequiredMessage } from "../../domain/orders/purchase-order";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { companyMembers, products, user } from "../db/schema";
import { checkOut, checkoutCart } from "./checkout";
import { ORDER_NUMBER_PATTERN } from "./order-number";

const { handle } = withTestDatabase();
const db = () => handle().db;
let wheel = "";

beforeAll(async () => {
  const [row] = await db()
    .insert(products)
    .values({
      slug: "wheel",
      partNumber: "GW-45-001",
      name: "Grinding Wheel 4.5 in",
      brand: "Ironridge",
      category: "abrasives",
      subcategory: "grinding-wheels",
      price: "12.99",
      stockLevel: 640,
    })
    .returning({ id: products.id });
  wheel = row?.id ?? "";
});

let buyers = 0;
/** A buyer of a company of one (on terms with `creditLimit`) with two wheels in the cart ($25.98). */
async function buyerWithCart(options: { creditLimit?: string; poRequired?: boolean } = {}) {
  buyers += 1;
  const id = `checkout-buyer-${buyers}`;
  const email = `checkout${buyers}@example.com`;
  await db().insert(user).values({ id, name: "Dana", email, emailVerified: true });
  await profileWithCompany(id, options);
  const cartId = await findOrCreateCart({ userId: id });
  await addToCart(cartId, wheel, 2, null);
  return { id, email, cartId };
}

/** The decision as the checkout page asks for it: one request's cart, the buyer as the middleware resolved them. */
async function decide(who: { id: string; email: string; cartId: string }, form = checkoutInput(who.email)) {
  const buyer = await asBuyer(who);
  return checkOut(buyer, checkoutCart({}, buyer, { cartId: who.cartId }), form);
}

describe("checkOut", () => {
  it("asks for the card, for the total it priced", async () => {
    const outcome = await decide(await buyerWithCart());
    expect(outcome.kind).toBe("card");
    if (outcome.kind !== "card") return;
    // 2 × $12.99, Oregon: no tax.
    expect(outcome.charged.total).toBe("25.98");
    expect(outcome.payment.amount).toBe("25.98");
  });

  it("places an order on the company's terms at once", async () => {
    const who = await buyerWithCart({ creditLimit: "5000" });
    const outcome = await decide(who, checkoutInput(who.email, { paymentMethod: "net_30" }));
    expect(outcome).toMatchObject({ kind: "placed", termsDays: 30 });
    if (outcome.kind === "placed") expect(outcome.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
  });

  it("submits an order above the buyer's limit for approval instead", async () => {
    const who = await buyerWithCart({ creditLimit: "5000" });
    await db().update(companyMembers).set({ orderLimit: "10.00" }).where(eq(companyMembers.userId, who.id));
    const outcome = await decide(who, checkoutInput(who.email, { paymentMethod: "net_30" }));
    expect(outcome.kind).toBe("approval");
  });

  it("refuses a missing PO number on its field, before anything is charged", async () => {
    const who = await buyerWithCart({ creditLimit: "5000", poRequired: true });
    const outcome = await decide(who, checkoutInput(who.email, { paymentMethod: "net_30" }));
    expect(outcome).toMatchObject({ kind: "refused", field: "poNumber" });
    if (outcome.kind === "refused")
      expect([outcome.error.status, outcome.error.message]).toEqual([400, poNumberRequiredMessage]);
  });

  it("refuses a member whose role does not order, with the reason and no field", async () => {
    const who = await buyerWithCart();
    await db().update(companyMembers).set({ role: "viewer" }).where(eq(companyMembers.userId, who.id));
    const outcome = await decide(who);
    expect(outcome).toMatchObject({ kind: "refused", error: { status: 403 } });
    expect(outcome).not.toHaveProperty("field");
  });

  it("prices one request's cart once per shipping state", async () => {
    const who = await buyerWithCart();
    const buyer = await asBuyer(who);
    const request = {};
    const cart = checkoutCart(request, buyer, { cartId: who.cartId });
    expect(checkoutCart(request, buyer, { cartId: who.cartId })).toBe(cart);
    const oregon = cart.priced("OR");
    const california = cart.priced("CA");
    expect(cart.priced("OR")).toBe(oregon);
    expect(california).not.toBe(oregon);
    // California taxes the wheels; Oregon does not.
    expect([(await oregon).totals.taxCents, (await california).totals.taxCents > 0]).toEqual([0, true]);
    const another = checkoutCart({}, buyer, { cartId: who.cartId });
    expect(another).not.toBe(cart);
  });
});
