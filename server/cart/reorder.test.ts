import { describe, expect, it } from "vitest";
import { type CatalogueProduct, planReorder, reportMessages, type WantedLine } from "./reorder";

const supply = { backorderable: false, leadTimeDays: null };
const wheel: CatalogueProduct = {
  id: "p-wheel",
  name: "Grinding Wheel",
  partNumber: "GW-45-001",
  stockLevel: 10,
  ...supply,
};
const disc: CatalogueProduct = { id: "p-disc", name: "Flap Disc", partNumber: "FD-80-001", stockLevel: 0, ...supply };
const orderedIn: CatalogueProduct = {
  id: "p-in",
  name: "Ordered-In Wheel",
  partNumber: "BO-10-001",
  stockLevel: 2,
  backorderable: true,
  leadTimeDays: 10,
};
const catalogue = new Map([
  [wheel.id, wheel],
  [disc.id, disc],
  [orderedIn.id, orderedIn],
]);
const found = (line: WantedLine) => (line.productId ? catalogue.get(line.productId) : undefined);
const line = (productId: string | null, quantity: number, name = "Thing", partNumber: string | null = "TH-1") => ({
  productId,
  partNumber,
  name,
  quantity,
});
const today = "2026-12-01";

describe("planReorder", () => {
  it("adds what is in stock, all of it when there is enough", () => {
    const { adds, report } = planReorder([line(wheel.id, 4)], found, new Map(), today);
    expect(adds).toEqual([{ productId: wheel.id, name: wheel.name, quantity: 4, pricePaid: undefined }]);
    expect(report.unavailable).toEqual([]);
  });

  it("never cuts a line to the stock: one the stock left beside the cart cannot supply is not added, and says what is in stock", () => {
    const { adds, report } = planReorder(
      [line(wheel.id, 5), line(wheel.id, 5)],
      found,
      new Map([[wheel.id, 3]]),
      today,
    );
    // 10 in stock, 3 in the cart: the first 5 fit, the second 5 would make 13.
    expect(adds.map((add) => add.quantity)).toEqual([5]);
    expect(report.notSupplied).toEqual([
      "Not added: Grinding Wheel (5 asked for). Only 10 in stock for GW-45-001 and your cart has 8; add 2 or fewer.",
    ]);
  });

  it("adds the whole line of a back-orderable part past its stock", () => {
    const { adds, report } = planReorder([line(orderedIn.id, 50)], found, new Map(), today);
    expect(adds.map((add) => add.quantity)).toEqual([50]);
    expect(report.notSupplied).toEqual([]);
  });

  it("names a product out of stock, and one whose stock is all in the cart already", () => {
    const { adds, report } = planReorder(
      [line(disc.id, 1), line(wheel.id, 1)],
      found,
      new Map([[wheel.id, 10]]),
      today,
    );
    expect(adds).toEqual([]);
    expect(report.outOfStock).toEqual(["Flap Disc"]);
    expect(report.notSupplied).toEqual([
      "Not added: Grinding Wheel (1 asked for). Only 10 in stock for GW-45-001, and your cart has 10 already.",
    ]);
  });

  it("names a discontinued or unknown line with its part number, never drops it", () => {
    const { report } = planReorder(
      [line(null, 2, "Old Brush", "OB-9"), line("p-gone", 1, "Gone", null)],
      found,
      new Map(),
      today,
    );
    expect(report.unavailable).toEqual(["Old Brush (OB-9)", "Gone"]);
  });
});

describe("reportMessages", () => {
  it("says how many were added and names each line not added as asked", () => {
    expect(
      reportMessages({
        added: [{ name: "Tape", quantity: 1 }],
        notSupplied: ["Not added: Grinding Wheel (12 asked for). Only 7 in stock for GW-45-001; ask for 7 or fewer."],
        unavailable: ["Old Brush (OB-9)"],
        outOfStock: ["Flap Disc"],
        priceChanged: [{ name: "Tape", was: "3.10", now: "3.25" }],
      }),
    ).toEqual({
      notice: "Added 1 item(s) to cart",
      problems: [
        "No longer available: Old Brush (OB-9)",
        "Out of stock: Flap Disc",
        "Not added: Grinding Wheel (12 asked for). Only 7 in stock for GW-45-001; ask for 7 or fewer.",
        "Price changed: Tape was $3.10, now $3.25",
      ],
    });
  });

  it("has no notice when nothing was added", () => {
    expect(
      reportMessages({ added: [], notSupplied: [], unavailable: ["X"], outOfStock: [], priceChanged: [] }).notice,
    ).toBeUndefined();
  });
});
