import { describe, expect, it } from "vitest";
import { givenBack } from "../orders/given-back";
import {
  applyCredit,
  chooseReturnMove,
  creditFor,
  creditMemoNumber,
  type ReturnableLine,
  returnActions,
  returnRequestRefusal,
  returnRequestSchema,
  rmaNumber,
} from "./returns";

// Noon UTC is 7 AM in New York: the store day is the UTC date.
const shippedAt = new Date("2026-11-02T17:00:00Z");
const day = (date: string) => new Date(`${date}T17:00:00Z`);

const line = (over: Partial<ReturnableLine> = {}): ReturnableLine => ({
  id: "line-1",
  productSku: "FD-80-001",
  productName: "Flap Disc",
  shippedQuantity: 5,
  returnedQuantity: 0,
  lastShippedAt: shippedAt,
  ...over,
});

describe("the return window", () => {
  it("is open through the last day, counted in store days from the shipment", () => {
    expect(returnRequestRefusal([line()], [{ orderItemId: "line-1", quantity: 1 }], 30, day("2026-12-02"))).toBeNull();
  });

  it("is closed the day after, naming the window, the shipment date and the day it closed", () => {
    expect(returnRequestRefusal([line()], [{ orderItemId: "line-1", quantity: 1 }], 30, day("2026-12-03"))).toBe(
      "FD-80-001 shipped on Nov 2, 2026. Returns are accepted for 30 days from shipment, so the return window closed on Dec 2, 2026.",
    );
  });

  it("follows the store's setting", () => {
    expect(returnRequestRefusal([line()], [{ orderItemId: "line-1", quantity: 1 }], 7, day("2026-11-10"))).toContain(
      "Returns are accepted for 7 days",
    );
  });
});

describe("the quantities", () => {
  const now = day("2026-11-05");
  it("refuses more than shipped less what is already returned or asked, saying what may be returned", () => {
    expect(
      returnRequestRefusal([line({ returnedQuantity: 2 })], [{ orderItemId: "line-1", quantity: 4 }], 30, now),
    ).toBe("FD-80-001: 5 shipped and 2 already returned or asked to return, so 3 can be returned. Return 3 or fewer.");
    expect(
      returnRequestRefusal([line({ returnedQuantity: 2 })], [{ orderItemId: "line-1", quantity: 3 }], 30, now),
    ).toBeNull();
  });

  it("refuses a line all asked back", () => {
    expect(
      returnRequestRefusal([line({ returnedQuantity: 5 })], [{ orderItemId: "line-1", quantity: 1 }], 30, now),
    ).toBe("FD-80-001: all 5 shipped are already returned or asked to return.");
  });

  it("refuses an unshipped line, pointing to a cancellation", () => {
    expect(
      returnRequestRefusal(
        [line({ shippedQuantity: 0, lastShippedAt: null })],
        [{ orderItemId: "line-1", quantity: 1 }],
        30,
        now,
      ),
    ).toBe(
      "FD-80-001 has not shipped yet, so it cannot be returned. A line that has not shipped can be cancelled instead.",
    );
  });

  it("refuses nothing chosen, a line of another order, a line twice", () => {
    expect(returnRequestRefusal([line()], [{ orderItemId: "line-1", quantity: 0 }], 30, now)).toBe(
      "Choose a quantity to return for at least one line.",
    );
    expect(returnRequestRefusal([line()], [{ orderItemId: "other", quantity: 1 }], 30, now)).toBe(
      "That line is not on this order. Reload the order and try again.",
    );
    expect(
      returnRequestRefusal(
        [line()],
        [
          { orderItemId: "line-1", quantity: 1 },
          { orderItemId: "line-1", quantity: 1 },
        ],
        30,
        now,
      ),
    ).toBe("Each line can be listed once in a return.");
  });
});

describe("the request form", () => {
  const id = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
  it("asks a note for Other, and a reason from the list", () => {
    const other = returnRequestSchema.safeParse({ reason: "other", lines: [{ orderItemId: id, quantity: "1" }] });
    expect(other.success ? "" : other.error.issues[0]?.message).toBe("Say why you are returning the parts");
    const none = returnRequestSchema.safeParse({ reason: "bored", lines: [{ orderItemId: id, quantity: "1" }] });
    expect(none.success ? "" : none.error.issues[0]?.message).toBe("Choose a reason for the return");
    expect(returnRequestSchema.parse({ reason: "damaged", lines: [{ orderItemId: id, quantity: "2" }] })).toEqual({
      reason: "damaged",
      lines: [{ orderItemId: id, quantity: 2 }],
    });
  });
});

describe("the state table", () => {
  it("moves requested to approved or refused, approved to received, and nothing else", () => {
    expect(chooseReturnMove("requested", "approve").move?.to).toBe("approved");
    expect(chooseReturnMove("requested", "refuse").move?.to).toBe("refused");
    expect(chooseReturnMove("approved", "receive").move?.steps).toEqual([
      "refundCard",
      "restock",
      "issueCreditMemo",
      "mailCreditMemo",
    ]);
    expect(returnActions("requested")).toEqual(["approve", "refuse"]);
    expect(returnActions("received")).toEqual([]);
  });

  it("refuses approving twice and receiving before approval, naming the status", () => {
    expect(chooseReturnMove("approved", "approve").refusal).toBe("A return that is Approved cannot be approved.");
    expect(chooseReturnMove("requested", "receive").refusal).toBe(
      "A return that is Requested cannot be received. Approve it first.",
    );
    expect(chooseReturnMove("received", "receive").refusal).toBe("A return that is Received cannot be received.");
    expect(chooseReturnMove("refused", "approve").refusal).toBe("A return that is Refused cannot be approved.");
  });

  it("numbers RMAs and credit memos with six digits", () => {
    expect(rmaNumber(123)).toBe("RMA-000123");
    expect(creditMemoNumber("45")).toBe("CM-000045");
  });
});

describe("the credit", () => {
  // 3 × $8.49 and 4 × $12.99 = $77.43, 8.25% tax $6.39.
  const order = { subtotalAmount: "77.43", discountAmount: "0.00", taxAmount: "6.39", totalAmount: "83.82" };
  const basis = { order, givenBackCents: 0, takenOffCents: 0 };

  it("is the lines at the prices paid plus their share of the order's tax, rounded half up", () => {
    // 2 × $8.49 = $16.98; tax 6.39 × 16.98 / 77.43 = 1.4013 → $1.40.
    expect(creditFor(basis, [{ quantity: 2, unitPriceCents: 849 }])).toEqual({
      linesCents: 1698,
      discountCents: 0,
      taxCents: 140,
      totalCents: 1838,
    });
  });

  it("takes off the lines' share of the order's discount, and their share of its tax", () => {
    // $10 off $77.43; the lines are $16.98, so their share is 10 × 16.98 / 77.43 = $2.19 (2.1929…);
    // tax $5.56 on $67.43, their share 5.56 × 16.98 / 77.43 = $1.22 (1.2192…).
    const discounted = { subtotalAmount: "77.43", discountAmount: "10.00", taxAmount: "5.56", totalAmount: "72.99" };
    const credit = creditFor({ ...basis, order: discounted }, [{ quantity: 2, unitPriceCents: 849 }]);
    expect(credit).toEqual({ linesCents: 1698, discountCents: 219, taxCents: 122, totalCents: 1601 });
  });

  it("adds up with the order's cancellations to its total, to the cent, whatever was given back first", () => {
    // Three lines of $0.33 at 8.25% ($0.08 of tax on $0.99): each share alone would round to $0.03.
    const small = { subtotalAmount: "0.99", discountAmount: "0.00", taxAmount: "0.08", totalAmount: "1.07" };
    const cancelled = givenBack(small, 33n).totalCents; // one line cancelled before it shipped
    const first = creditFor({ order: small, givenBackCents: 33, takenOffCents: cancelled }, [
      { quantity: 1, unitPriceCents: 33 },
    ]);
    const last = creditFor({ order: small, givenBackCents: 66, takenOffCents: cancelled + first.totalCents }, [
      { quantity: 1, unitPriceCents: 33 },
    ]);
    expect(cancelled + first.totalCents + last.totalCents).toBe(107);
    expect(last.linesCents - last.discountCents + last.taxCents).toBe(last.totalCents);
  });

  it("never credits more than the order's total less what its cancellations and credits took off", () => {
    const all = creditFor({ ...basis, takenOffCents: 8000 }, [{ quantity: 3, unitPriceCents: 849 }]);
    expect(all.totalCents).toBe(382);
    expect(all.linesCents - all.discountCents + all.taxCents).toBe(all.totalCents);
  });

  it("goes to the invoice's balance first, the rest free credit", () => {
    expect(applyCredit(1838, 5000)).toEqual({ appliedCents: 1838, unappliedCents: 0 });
    expect(applyCredit(1838, 1000)).toEqual({ appliedCents: 1000, unappliedCents: 838 });
    expect(applyCredit(1838, 0)).toEqual({ appliedCents: 0, unappliedCents: 1838 });
  });
});
