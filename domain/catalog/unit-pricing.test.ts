import { describe, expect, it } from "vitest";
import { merchantUnitPricing, unitPriceSpecification } from "./unit-pricing";

describe("a unit of sale's price, said to machines", () => {
  it("says a box's price is for the box, which holds its pack of pieces", () => {
    expect(unitPriceSpecification({ unit: "BX", packQuantity: 25 }, "35.75")).toEqual({
      "@type": "UnitPriceSpecification",
      price: "35.75",
      priceCurrency: "USD",
      unitCode: "BX",
      unitText: "Box of 25",
      referenceQuantity: { "@type": "QuantitativeValue", value: 25, unitCode: "EA" },
    });
  });

  it("writes a foot as Rec 20 does (FOT), and adds nothing for a part sold each", () => {
    expect(unitPriceSpecification({ unit: "FT", packQuantity: 1 }, "0.85")).toMatchObject({
      unitCode: "FOT",
      unitText: "Foot",
      referenceQuantity: { value: 1, unitCode: "FOT" },
    });
    expect(unitPriceSpecification({ unit: "EA", packQuantity: 1 }, "12.99")).toBeNull();
  });

  it("gives Google a pack's count and a measure's unit, and nothing else", () => {
    expect(merchantUnitPricing({ unit: "BX", packQuantity: 25 })).toEqual({ measure: "25ct", base: "1ct" });
    expect(merchantUnitPricing({ unit: "GLL", packQuantity: 1 })).toEqual({ measure: "1gal", base: "1gal" });
    expect(merchantUnitPricing({ unit: "PR", packQuantity: 1 })).toBeNull();
    expect(merchantUnitPricing({ unit: "EA", packQuantity: 1 })).toBeNull();
  });
});
