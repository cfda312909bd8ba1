import { describe, expect, it } from "vitest";
import { cartLineStatusProblem, isBuyable, notBuyableReason } from "./product-status";

describe("product status", () => {
  it("lets a buyer buy an active product only", () => {
    expect([isBuyable("active"), isBuyable("discontinued"), isBuyable("draft")]).toEqual([true, false, false]);
  });

  it("names the product when refusing a discontinued one, and says nothing of a draft's name", () => {
    expect(notBuyableReason({ name: "Wheel", status: "active" })).toBeUndefined();
    expect(notBuyableReason({ name: "Wheel", status: "discontinued" })).toBe(
      "Wheel is discontinued and can no longer be ordered.",
    );
    expect(notBuyableReason({ name: "Secret Wheel", status: "draft" })).toBe("That product is no longer available.");
  });

  it("tells the buyer what to do with a cart line that can no longer be ordered", () => {
    expect(cartLineStatusProblem({ name: "Wheel", status: "active" })).toBeUndefined();
    expect(cartLineStatusProblem({ name: "Wheel", status: "draft" })).toBe(
      "Wheel is no longer available. Remove it from your cart to continue.",
    );
  });
});
