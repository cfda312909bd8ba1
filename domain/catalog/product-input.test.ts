import { describe, expect, it } from "vitest";
import { formatTiers, parseTiers, productInputSchema, tierProblem } from "./product-input";

const wheel = {
  partNumber: "GW-45-001",
  name: "Grinding Wheel 4.5 in",
  category: "abrasives",
  subcategory: "grinding-wheels",
  brand: "Cascade Pro",
  price: "12.9",
  stockLevel: "640",
  description: "Type 27",
};

describe("a product as the operator writes it", () => {
  it("keeps amounts as cents-exact text and stock as a number", () => {
    const product = productInputSchema.parse(wheel);
    expect(product.price).toBe("12.90");
    expect(product.stockLevel).toBe(640);
    expect(product.status).toBe("active");
  });

  it("names what is wrong with a field", () => {
    const result = productInputSchema.safeParse({ ...wheel, price: "$12", stockLevel: "-1", category: "Abrasives" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual([
      "category: The category must be a slug of lower-case letters, digits and dashes, e.g. grinding-wheels",
      "price: The price must be an amount in dollars with at most 2 decimals, e.g. 12.99",
      "stockLevel: The stock level must be a whole number, 0 or more, e.g. 250",
    ]);
  });

  it("reads back-orderable as yes or no (the file) or the checkbox's on, empty being no, and asks for its lead time", () => {
    expect(productInputSchema.parse(wheel).backorderable).toBe(false);
    for (const [written, backorderable] of [
      ["Yes", true],
      ["on", true],
      ["no", false],
      ["", false],
    ] as const)
      expect(productInputSchema.parse({ ...wheel, backorderable: written, leadTimeDays: "14" }).backorderable).toBe(
        backorderable,
      );
    const messages = (input: Record<string, string>) =>
      productInputSchema
        .safeParse({ ...wheel, ...input })
        .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages({ backorderable: "maybe", leadTimeDays: "14" })).toEqual([
      "backorderable: Write yes or no (empty: no)",
    ]);
    expect(messages({ backorderable: "yes" })).toEqual([
      "leadTimeDays: A back-orderable part needs its lead time, e.g. 14",
    ]);
  });

  it("reads and writes bulk tiers as QTY:PRICE pairs", () => {
    const parsed = parseTiers("100:1.98|500:1.75");
    expect(parsed).toEqual({
      ok: true,
      tiers: [
        { minQuantity: 100, unitPrice: "1.98" },
        { minQuantity: 500, unitPrice: "1.75" },
      ],
    });
    if (parsed.ok) expect(formatTiers(parsed.tiers)).toBe("100:1.98|500:1.75");
    expect(parseTiers("")).toEqual({ ok: true, tiers: [] });
    expect(parseTiers("100-1.98")).toEqual({
      ok: false,
      message: '"100-1.98" is not QTY:PRICE, e.g. 100:1.98|500:1.75',
    });
  });

  it("refuses tiers out of order or not cheaper", () => {
    expect(
      tierProblem("2.10", [
        { minQuantity: 500, unitPrice: "1.75" },
        { minQuantity: 100, unitPrice: "1.98" },
      ]),
    ).toBe("Bulk tiers must go up in quantity: 100 comes after 500");
    expect(tierProblem("2.10", [{ minQuantity: 100, unitPrice: "2.10" }])).toBe(
      "The price for 100+ (2.10) must be lower than 2.10",
    );
    const result = productInputSchema.safeParse({ ...wheel, tiers: [{ minQuantity: "1", unitPrice: "1" }] });
    expect(result.error?.issues[0]?.message).toBe("A bulk tier starts at 2 units or more");
  });
});
