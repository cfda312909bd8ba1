import { describe, expect, it } from "vitest";
import { addToListSchema, listActionSchema, listName, reorderSchema } from "./saved-lists";

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
