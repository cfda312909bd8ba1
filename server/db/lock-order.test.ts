import { describe, expect, it } from "vitest";
import { inProductOrder } from "./lock-order";

describe("inProductOrder", () => {
  it("sorts by product id in byte order, rows without a product first, leaving the input as it was", () => {
    const rows = [
      { productId: "f0000000-0000-4000-8000-000000000000", n: 1 },
      { productId: null, n: 2 },
      { productId: "0a000000-0000-4000-8000-000000000000", n: 3 },
      { productId: "09000000-0000-4000-8000-000000000000", n: 4 },
    ];
    expect(inProductOrder(rows).map((row) => row.n)).toEqual([2, 4, 3, 1]);
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 4]);
  });
});
