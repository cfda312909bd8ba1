import { describe, expect, it } from "vitest";
import { quoteQuantity } from "../quotes/quote-request";
import { cartActionSchema } from "./cart-schemas";
import { addToListSchema, listActionSchema, listName, listQuantity, reorderSchema } from "./saved-lists";

describe("saved list rules", () => {
  it("takes a trimmed name of 1 to 80 printable characters", () => {
    expect(listName.parse("  Weekly shop ")).toBe("Weekly shop");
    expect(listName.safeParse("   ").error?.issues[0]?.message).toBe("List name is required");
    expect(listName.safeParse("x".repeat(81)).success).toBe(false);
    expect(listName.safeParse("bad\u0000name").success).toBe(false);
  });

  it("keeps a line's quantity a whole number from 1 to 9,999", () => {
    const line = "00000000-0000-4000-8000-000000000001";
    const quantity = (value: string) =>
      listActionSchema.safeParse({ intent: "set-quantity", lineId: line, quantity: value }).error?.issues[0]?.message;
    expect(quantity("1")).toBeUndefined();
    expect(quantity("9999")).toBeUndefined();
    expect(quantity("0")).toBe("Quantity must be at least 1.");
    expect(quantity("10000")).toBe("Quantity can be at most 9,999.");
    expect(quantity("2.5")).toBe("Quantity must be a whole number.");
  });

  it("adds to a list chosen or named, with a quantity for each product", () => {
    const productId = ["00000000-0000-4000-8000-000000000001"];
    expect(addToListSchema.safeParse({ productId, quantity: [2] }).error?.issues[0]?.message).toBe(
      "Choose a list or name a new one",
    );
    expect(addToListSchema.safeParse({ newName: "Site B", productId, quantity: [] }).error?.issues[0]?.message).toBe(
      "Give a quantity for each item",
    );
    expect(addToListSchema.parse({ newName: "Site B", productId, quantity: ["2"] }).quantity).toEqual([2]);
  });

  it("reorders a whole order, or at least one chosen line", () => {
    expect(reorderSchema.safeParse({ intent: "order", orderNumber: "ORD1" }).success).toBe(true);
    expect(
      reorderSchema.safeParse({ intent: "order", orderNumber: "ORD1", itemId: [] }).error?.issues[0]?.message,
    ).toBe("Choose at least one item to add to the cart.");
  });
});

describe("a quantity as typed, in the cart, a list and a request for quote", () => {
  const cart = (quantity: unknown) => {
    const parsed = cartActionSchema.safeParse({
      intent: "set",
      productId: "00000000-0000-4000-8000-000000000000",
      quantity,
    });
    return parsed.success ? (parsed.data as { quantity: number }).quantity : parsed.error.issues[0]?.message;
  };
  it("reads digits, and refuses what only JavaScript would read as a number", () => {
    const wholeNumber = "Quantity must be a whole number.";
    for (const quantity of ["0x10", "1e2", "", " ", "0b11", "1_000", "Infinity", "+5", "1.0", "٣"]) {
      expect(cart(quantity), quantity).toBe(wholeNumber);
      expect(listQuantity.safeParse(quantity).error?.issues[0]?.message, quantity).toBe(wholeNumber);
      expect(quoteQuantity.safeParse(quantity).error?.issues[0]?.message, quantity).toBe(wholeNumber);
    }
    expect(cart(" 12 ")).toBe(12);
    expect(cart("0")).toBe(0);
    expect(cart("-3")).toBe(-3);
    expect(cart(7)).toBe(7);
    expect(cart("100001")).toBe("Quantity can be at most 100,000.");
    expect(listQuantity.parse("16")).toBe(16);
  });
});
