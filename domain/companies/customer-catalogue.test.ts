import { describe, expect, it } from "vitest";
import { soldEach } from "../catalog/sale-units";
import { priceCart } from "../pricing/price-cart";
import { customerCatalogueFormSchema, outsideCatalogueProblem, partNumberList } from "./customer-catalogue";

const issues = (fields: Record<string, unknown>) =>
  customerCatalogueFormSchema.safeParse(fields).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];

describe("a company catalogue's form", () => {
  it("reads part numbers one a line or separated by commas, each once however it is spelled", () => {
    expect(partNumberList("GW-45-001\r\nfd-80-001, FD 80 001;CW-45-045\n\n")).toEqual([
      "GW-45-001",
      "fd-80-001",
      "CW-45-045",
    ]);
  });

  it("takes one ticked category as a list, and none as an empty one", () => {
    expect(customerCatalogueFormSchema.parse({ categories: "flap-discs" }).categories).toEqual(["flap-discs"]);
    expect(customerCatalogueFormSchema.parse({ included: "GW-45-001" }).categories).toEqual([]);
  });

  it("refuses a catalogue of nothing, pointing to removing it instead", () => {
    expect(issues({ excluded: "GW-45-001" })).toEqual([
      [
        "categories",
        "Choose at least one category or include at least one part; to show this company everything, remove its catalogue instead.",
      ],
    ]);
  });

  it("refuses a part both included and excluded, naming it", () => {
    expect(issues({ categories: ["abrasives"], included: "GW-45-001\nFD-80-001", excluded: "gw 45 001" })).toEqual([
      ["excluded", "GW-45-001 is both included and excluded: keep each part in one list."],
    ]);
  });
});

describe("a cart line outside the buyer's company catalogue", () => {
  it("stops the order, naming the part, before its stock is looked at", () => {
    const line = {
      name: "Flap Disc 80 Grit",
      partNumber: "FD-80-002",
      price: "8.49",
      status: "active" as const,
      quantity: 1,
      tiers: [],
      stockLevel: 0,
      backorderable: false,
      leadTimeDays: null,
      ...soldEach,
    };
    const inside = priceCart({ lines: [line], promo: null, now: new Date("2026-12-01T17:00:00Z") });
    const outside = priceCart({
      lines: [{ ...line, outsideCatalogue: true }],
      promo: null,
      now: new Date("2026-12-01T17:00:00Z"),
    });
    expect(outside.problems).toEqual([
      "Flap Disc 80 Grit (FD-80-002) is not in your company's catalogue. Remove it from your cart to continue.",
    ]);
    expect(inside.problems).toEqual(["Flap Disc 80 Grit is now out of stock. Remove it from your cart to continue."]);
    expect(outsideCatalogueProblem({ name: "Wheel" })).toBe(
      "Wheel is not in your company's catalogue. Remove it from your cart to continue.",
    );
  });
});
