import { describe, expect, it } from "vitest";
import {
  allowsQuantity,
  nearestQuantities,
  type OrderRule,
  orderQuantityProblem,
  orderRuleNote,
  packNote,
  piecePriceCents,
  quantityWithUnit,
  saleUnitCode,
  saleUnitLabel,
  smallestQuantity,
  soldEach,
  unitChangedMessage,
} from "./sale-units";

const rule = (fields: Partial<OrderRule>): OrderRule => ({ ...soldEach, ...fields });

describe("how a unit of sale reads", () => {
  it.each([
    [{ unit: "BX", packQuantity: 25 }, "Box of 25"],
    [{ unit: "CS", packQuantity: 1200 }, "Case of 1,200"],
    [{ unit: "PR", packQuantity: 1 }, "Pair"],
    [{ unit: "FT", packQuantity: 1 }, "Foot"],
    [{ unit: "EA", packQuantity: 1 }, ""],
    [{ unit: "ZZ", packQuantity: 1 }, "ZZ"],
  ])("%j as %j", (unit, label) => {
    expect(saleUnitLabel(unit)).toBe(label);
  });

  it("counts units in words, each left bare", () => {
    expect(quantityWithUnit(3, "BX")).toBe("3 boxes");
    expect(quantityWithUnit(1, "FT")).toBe("1 foot");
    expect(quantityWithUnit(1200, "EA")).toBe("1,200");
  });
});

describe("the price of one piece of a pack", () => {
  it.each([
    // $29.50 / 25 = 118¢ exactly.
    [2950, 25, 118],
    // $10.00 / 3 = 333.33¢ → 333¢; $0.05 / 2 = 2.5¢ → 3¢ (half up).
    [1000, 3, 333],
    [5, 2, 3],
    // $0.01 / 4000 = 0.00025¢ → 0¢: shown as $0.00 each rather than rounded up to a cent it is not.
    [1, 4000, 0],
  ])("%i¢ for %i pieces is %i¢ each", (cents, pack, each) => {
    expect(piecePriceCents(cents, pack)).toBe(each);
  });

  it("is none for a unit of one piece", () => {
    expect(piecePriceCents(1299, 1)).toBeNull();
  });
});

describe("which quantities a part may be ordered in", () => {
  it("takes any quantity from 1 of a part sold each", () => {
    expect(orderQuantityProblem(soldEach, 1)).toBeUndefined();
    expect(orderQuantityProblem(soldEach, 99_999)).toBeUndefined();
  });

  it("offers the multiples either side, the issue's wording", () => {
    expect(orderQuantityProblem(rule({ orderMultiple: 25 }), 60)).toBe("Sold in multiples of 25: 50 or 75?");
    expect(orderQuantityProblem(rule({ orderMultiple: 25 }), 30)).toBe("Sold in multiples of 25: 25 or 50?");
    expect(orderQuantityProblem(rule({ orderMultiple: 25 }), 50)).toBeUndefined();
  });

  it("offers only the first multiple below it", () => {
    expect(orderQuantityProblem(rule({ orderMultiple: 25 }), 3)).toBe("Sold in multiples of 25: 25?");
  });

  it("names the unit of a part not sold each", () => {
    expect(orderQuantityProblem(rule({ unit: "BX", packQuantity: 25, orderMultiple: 2 }), 3)).toBe(
      "Sold in multiples of 2 boxes: 2 or 4?",
    );
  });

  it("offers the minimum below it", () => {
    expect(orderQuantityProblem(rule({ unit: "BX", packQuantity: 25, minOrderQuantity: 10 }), 4)).toBe(
      "Minimum order is 10 boxes: 10?",
    );
    expect(orderQuantityProblem(rule({ unit: "FT", minOrderQuantity: 10 }), 9)).toBe("Minimum order is 10 feet: 10?");
    expect(orderQuantityProblem(rule({ minOrderQuantity: 10 }), 9)).toBe("Minimum order is 10 pieces: 10?");
    expect(orderQuantityProblem(rule({ minOrderQuantity: 10 }), 11)).toBeUndefined();
  });

  it("holds a minimum and a multiple together", () => {
    const both = rule({ minOrderQuantity: 50, orderMultiple: 25 });
    expect(orderQuantityProblem(both, 25)).toBe("Minimum order is 50 pieces, in multiples of 25: 50?");
    expect(orderQuantityProblem(both, 60)).toBe("Sold in multiples of 25: 50 or 75?");
    expect(orderQuantityProblem(both, 75)).toBeUndefined();
  });

  it("starts from the first multiple at or above a minimum off the grid", () => {
    // The import refuses such a minimum; one written before the rule still reads sensibly.
    const offGrid = rule({ minOrderQuantity: 30, orderMultiple: 25 });
    expect(smallestQuantity(offGrid)).toBe(50);
    expect(allowsQuantity(offGrid, 25)).toBe(false);
    expect(orderQuantityProblem(offGrid, 40)).toBe("Minimum order is 30 pieces, in multiples of 25: 50?");
    expect(orderQuantityProblem(offGrid, 60)).toBe("Sold in multiples of 25: 50 or 75?");
  });

  it("offers nothing past the most a line may hold", () => {
    const multiples = rule({ orderMultiple: 25 });
    expect(nearestQuantities(multiples, 99_990, 100_000)).toEqual([99_975, 100_000]);
    expect(nearestQuantities(multiples, 99_990, 99_990)).toEqual([99_975]);
    expect(orderQuantityProblem(multiples, 120_001, 100_000)).toBe("Sold in multiples of 25: 100,000?");
    expect(orderQuantityProblem(rule({ minOrderQuantity: 200 }), 5, 100)).toBe("Minimum order is 200 pieces.");
  });

  it("keeps exact at huge quantities", () => {
    const big = Number.MAX_SAFE_INTEGER - 1;
    const multiples = rule({ orderMultiple: 1000 });
    const [below, above] = nearestQuantities(multiples, big);
    expect(below).toBe(Math.floor(big / 1000) * 1000);
    expect(above).toBeUndefined();
    expect(orderQuantityProblem(multiples, 1_000_000_001)).toBe(
      "Sold in multiples of 1,000: 1,000,000,000 or 1,000,001,000?",
    );
  });
});

describe("the note beside a unit price", () => {
  it("gives the pack and the price of a piece", () => {
    expect(packNote({ unit: "BX", packQuantity: 25 }, 2950)).toBe("Box of 25 ($1.18 each)");
    expect(packNote({ unit: "FT", packQuantity: 1 }, 39)).toBe("");
    expect(packNote(soldEach, 1299)).toBe("");
  });
});

describe("the rule said beside the quantity box", () => {
  it.each([
    [soldEach, ""],
    [rule({ orderMultiple: 25 }), "Sold in multiples of 25"],
    [rule({ unit: "FT", minOrderQuantity: 10 }), "Minimum order: 10 feet"],
    [rule({ minOrderQuantity: 50, orderMultiple: 25 }), "Minimum order: 50 pieces, in multiples of 25"],
    [rule({ unit: "BX", orderMultiple: 2 }), "Sold in multiples of 2 boxes"],
  ])("%j: %j", (part, note) => {
    expect(orderRuleNote(part)).toBe(note);
  });
});

describe("a unit code as written", () => {
  it("is read in any case, Rec 20's foot as the store's FT, and an unknown one left for the check to name", () => {
    expect(saleUnitCode(" bx ")).toBe("BX");
    expect(saleUnitCode("fot")).toBe("FT");
    expect(saleUnitCode("box")).toBe("BOX");
  });
});

describe("a line asked in one unit, the part sold in another now", () => {
  it("says both, each named", () => {
    expect(unitChangedMessage("Cut-off Wheel", { unit: "BX", packQuantity: 25 }, soldEach)).toBe(
      "Cut-off Wheel is now sold as Each, not as Box of 25 as it was asked for. Please order it again.",
    );
  });
});
