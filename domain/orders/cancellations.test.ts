import { describe, expect, it } from "vitest";
import {
  afterCancel,
  type CancellableLine,
  cancellationCents,
  cancellationRefusal,
  cancelRefusal,
  cancelSplit,
  everythingLeft,
  invoicedCents,
  whatIsLeft,
} from "./cancellations";
import { chooseMove } from "./lifecycle";

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const line = (n: number, overrides: Partial<CancellableLine>): CancellableLine => ({
  id: id(n),
  productSku: `P-${n}`,
  productName: `Part ${n}`,
  quantity: 5,
  allocatedQuantity: 5,
  backorderedQuantity: 0,
  shippedQuantity: 0,
  cancelledQuantity: 0,
  unitPrice: "10.00",
  ...overrides,
});

describe("what may be cancelled", () => {
  const lines = [
    line(1, { quantity: 5, shippedQuantity: 2 }),
    line(2, { quantity: 3, shippedQuantity: 3 }),
    line(3, { quantity: 4, cancelledQuantity: 4, allocatedQuantity: 0 }),
    line(4, { quantity: 6 }),
  ];

  it("is what has neither shipped nor been cancelled, and the refusal says what is left", () => {
    expect(cancellationRefusal(lines, [{ orderItemId: id(1), quantity: 3 }])).toBeUndefined();
    expect(cancellationRefusal(lines, [{ orderItemId: id(1), quantity: 4 }])).toBe(
      "P-1: 2 of 5 have shipped, so 3 can be cancelled. Cancel 3 or fewer. Once a line has shipped, it can only be returned.",
    );
    expect(cancellationRefusal(lines, [{ orderItemId: id(2), quantity: 1 }])).toBe(
      "P-2: all 3 have shipped. Once a line has shipped, it can only be returned.",
    );
    expect(cancellationRefusal(lines, [{ orderItemId: id(3), quantity: 1 }])).toBe("P-3: all 4 are cancelled already.");
    expect(cancellationRefusal(lines, [{ orderItemId: id(4), quantity: 7 }])).toBe(
      "P-4: 6 are left on the order. Cancel 6 or fewer.",
    );
    expect(cancellationRefusal(lines, [])).toBe("Enter a quantity to cancel for at least one line.");
    expect(
      cancellationRefusal(lines, [
        { orderItemId: id(4), quantity: 1 },
        { orderItemId: id(4), quantity: 1 },
      ]),
    ).toBe("Reload the order: a line you chose is not one of this order's.");
  });

  it("comes off the back-order first, then off the stock taken", () => {
    expect(cancelSplit({ backorderedQuantity: 2 }, 3)).toEqual({ fromBackorder: 2, fromStock: 1 });
    expect(cancelSplit({ backorderedQuantity: 5 }, 3)).toEqual({ fromBackorder: 3, fromStock: 0 });
    const [after] = afterCancel(
      [line(1, { allocatedQuantity: 3, backorderedQuantity: 2 })],
      [{ orderItemId: id(1), quantity: 3 }],
    );
    expect(after).toMatchObject({ allocatedQuantity: 2, backorderedQuantity: 0, cancelledQuantity: 3 });
  });

  it("leaves nothing, only what has shipped, or something still to ship", () => {
    expect(whatIsLeft(afterCancel(lines, everythingLeft(lines)))).toBe("shipped");
    expect(whatIsLeft(afterCancel(lines, [{ orderItemId: id(4), quantity: 6 }]))).toBe("open");
    const unshipped = [line(1, {}), line(2, { quantity: 2 })];
    expect(whatIsLeft(afterCancel(unshipped, everythingLeft(unshipped)))).toBe("nothing");
  });
});

describe("what a cancellation takes off the order", () => {
  // 3 × 1.00 at 8.25%: tax 0.25 on 3.00 (never 3 × 0.08), total 3.25.
  const order = { subtotalAmount: "3.00", discountAmount: "0.00", taxAmount: "0.25", totalAmount: "3.25" };
  const threeLines = [1, 2, 3].map((n) => line(n, { quantity: 1, allocatedQuantity: 1, unitPrice: "1.00" }));

  it("is the lines' totals and their share of the tax, and the shares add up to the total exactly", () => {
    const first = cancellationCents(order, threeLines, [{ orderItemId: id(1), quantity: 1 }]);
    expect(first).toBe(108); // 1.00 + 0.25 / 3 = 0.0833 → 0.08
    const afterFirst = afterCancel(threeLines, [{ orderItemId: id(1), quantity: 1 }]);
    const second = cancellationCents(order, afterFirst, [{ orderItemId: id(2), quantity: 1 }]);
    expect(second).toBe(109); // 2/3 of 0.25 = 0.1667 → 0.17, less the 0.08 already given
    const afterSecond = afterCancel(afterFirst, [{ orderItemId: id(2), quantity: 1 }]);
    const last = cancellationCents(order, afterSecond, [{ orderItemId: id(3), quantity: 1 }]);
    expect(first + second + last).toBe(325);
  });

  it("takes the line's share of a discount off, and the whole order is its total", () => {
    // 100.00 less 10.00 off, 8.25% on 90.00 = 7.43 (7.425 half up); total 97.43.
    const discounted = { subtotalAmount: "100.00", discountAmount: "10.00", taxAmount: "7.43", totalAmount: "97.43" };
    const lines = [
      line(1, { quantity: 3, allocatedQuantity: 3, unitPrice: "20.00" }),
      line(2, { quantity: 4, allocatedQuantity: 4, unitPrice: "10.00" }),
    ];
    // 20.00 − 2.00 discount share + 1.49 tax share (7.43 × 0.2 = 1.486).
    expect(cancellationCents(discounted, lines, [{ orderItemId: id(1), quantity: 1 }])).toBe(1949);
    expect(cancellationCents(discounted, lines, everythingLeft(lines))).toBe(9743);
  });

  it("leaves an invoice of what is not cancelled whose parts add up to the total less the cancellations", () => {
    const discounted = { subtotalAmount: "100.00", discountAmount: "10.00", taxAmount: "7.43", totalAmount: "97.43" };
    const lines = [
      line(1, { quantity: 3, allocatedQuantity: 3, unitPrice: "20.00" }),
      line(2, { quantity: 4, allocatedQuantity: 4, unitPrice: "10.00" }),
    ];
    expect(invoicedCents(discounted, lines)).toEqual({ subtotal: 10000, discount: 1000, tax: 743, net: 9743 });
    const after = afterCancel(lines, [{ orderItemId: id(1), quantity: 1 }]);
    // 80.00 of lines, 10.00 − 2.00 discount, 7.43 − 1.49 tax: 77.94 = 97.43 − 19.49.
    expect(invoicedCents(discounted, after)).toEqual({ subtotal: 8000, discount: 800, tax: 594, net: 7794 });
    expect(invoicedCents(discounted, afterCancel(lines, everythingLeft(lines)))).toEqual({
      subtotal: 0,
      discount: 0,
      tax: 0,
      net: 0,
    });
  });
});

describe("who may cancel", () => {
  const order = { userId: "placer", companyId: "co" };
  it("is the placer and the company admin; a colleague, an approver, a viewer are refused", () => {
    expect(cancelRefusal({ userId: "placer", companyId: "co", role: "buyer" }, order)).toBeUndefined();
    expect(cancelRefusal({ userId: "boss", companyId: "co", role: "admin" }, order)).toBeUndefined();
    expect(cancelRefusal({ userId: "colleague", companyId: "co", role: "buyer" }, order)).toBe(
      "Only the buyer who placed this order or your company admin can cancel it.",
    );
    for (const role of ["approver", "viewer"] as const)
      expect(cancelRefusal({ userId: "placer", companyId: "co", role }, order)).toBe(
        "Your role in this company does not allow cancelling orders. Ask your company admin.",
      );
    // An order of an account of one's own that closed when its placer joined a company stays theirs.
    expect(cancelRefusal({ userId: "placer", companyId: "new", role: "viewer" }, order)).toBeUndefined();
  });
});

describe("the lifecycle's cancel moves", () => {
  const state = (status: "paid" | "processing" | "shipped" | "cancelled") => ({
    orderNumber: "ORD1",
    status,
    paymentMethod: "credit_card" as const,
    paidAt: null,
  });
  it("cancel with nothing left, ship in full with only shipped left, else stay; refuse once shipped or cancelled", () => {
    expect(chooseMove(state("paid"), { on: "linesCancelled", leaves: "nothing" }, "buyer").move?.to).toBe("cancelled");
    expect(chooseMove(state("paid"), { on: "linesCancelled", leaves: "open" }, "buyer").move?.to).toBe("paid");
    expect(chooseMove(state("processing"), { on: "linesCancelled", leaves: "shipped" }, "buyer").move?.steps).toContain(
      "shippedInFull",
    );
    expect(chooseMove(state("shipped"), { on: "linesCancelled", leaves: "open" }, "buyer").refusal).toBe(
      "An order that is Shipped cannot be cancelled. Once a line has shipped, it can only be returned.",
    );
    expect(chooseMove(state("cancelled"), { on: "linesCancelled", leaves: "open" }, "buyer").refusal).toBe(
      "This order is cancelled already.",
    );
  });
});
