import { describe, expect, it } from "vitest";
import { type CatalogueProduct, planReorder, reportMessages, type WantedLine } from "./reorder";

const wheel: CatalogueProduct = { id: "p-wheel", name: "Grinding Wheel", stockLevel: 10 };
const disc: CatalogueProduct = { id: "p-disc", name: "Flap Disc", stockLevel: 0 };
const catalogue = new Map([
  [wheel.id, wheel],
  [disc.id, disc],
]);
const found = (line: WantedLine) => (line.productId ? catalogue.get(line.productId) : undefined);
const line = (productId: string | null, quantity: number, name = "Thing", partNumber: string | null = "TH-1") => ({
  productId,
  partNumber,
  name,
  quantity,
});

describe("planReorder", () => {
  it("adds what is in stock, all of it when there is enough", () => {
    const { adds, report } = planReorder([line(wheel.id, 4)], found, new Map());
    expect(adds).toEqual([{ productId: wheel.id, name: wheel.name, quantity: 4, wanted: 4, pricePaid: undefined }]);
    expect(report.unavailable).toEqual([]);
  });

  it("adds only the stock left beside what the cart holds (short), and counts a product asked twice once", () => {
    const { adds } = planReorder([line(wheel.id, 5), line(wheel.id, 5)], found, new Map([[wheel.id, 3]]));
    // 10 in stock, 3 in the cart: 7 left, 5 then 2.
    expect(adds.map((add) => [add.quantity, add.wanted])).toEqual([
      [5, 5],
      [2, 5],
    ]);
  });

  it("names a product out of stock, or one whose stock is all in the cart already", () => {
    const { adds, report } = planReorder([line(disc.id, 1), line(wheel.id, 1)], found, new Map([[wheel.id, 10]]));
    expect(adds).toEqual([]);
    expect(report.outOfStock).toEqual(["Flap Disc", "Grinding Wheel"]);
  });

  it("names a discontinued or unknown line with its part number, never drops it", () => {
    const { report } = planReorder(
      [line(null, 2, "Old Brush", "OB-9"), line("p-gone", 1, "Gone", null)],
      found,
      new Map(),
    );
    expect(report.unavailable).toEqual(["Old Brush (OB-9)", "Gone"]);
  });
});

describe("reportMessages", () => {
  it("says how many were added and names each line not added as asked", () => {
    expect(
      reportMessages({
        added: [
          { name: "Grinding Wheel", quantity: 7 },
          { name: "Tape", quantity: 1 },
        ],
        short: [{ name: "Grinding Wheel", wanted: 12, added: 7 }],
        unavailable: ["Old Brush (OB-9)"],
        outOfStock: ["Flap Disc"],
        priceChanged: [{ name: "Tape", was: "3.10", now: "3.25" }],
      }),
    ).toEqual({
      notice: "Added 2 item(s) to cart",
      problems: [
        "No longer available: Old Brush (OB-9)",
        "Out of stock: Flap Disc",
        "Only 7 of Grinding Wheel added (12 asked for)",
        "Price changed: Tape was $3.10, now $3.25",
      ],
    });
  });

  it("has no notice when nothing was added", () => {
    expect(
      reportMessages({ added: [], short: [], unavailable: ["X"], outOfStock: [], priceChanged: [] }).notice,
    ).toBeUndefined();
  });
});
