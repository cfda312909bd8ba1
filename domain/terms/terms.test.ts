import { describe, expect, it } from "vitest";
import { startOfStoreDay } from "../dates/store-day-bounds";
import {
  agingBucket,
  creditHold,
  creditHoldMessage,
  daysPastDue,
  dueDay,
  formatInvoiceNumber,
  INVOICE_NUMBER_PATTERN,
  isTermsDays,
  termsOptionLabel,
  termsOrderPlaced,
} from "./terms";

describe("due dates", () => {
  it("are the order's store day plus the terms", () => {
    expect(dueDay("2026-11-24T15:00:00Z", 30)).toBe("2026-12-24");
    expect(dueDay("2026-11-24T15:00:00Z", 60)).toBe("2027-01-23");
    expect(dueDay("2026-11-24T15:00:00Z", 90)).toBe("2027-02-22");
  });
  it("count from the store's day, not UTC's: 11 PM Eastern on Nov 24 is still Nov 24", () => {
    expect(dueDay("2026-11-25T04:00:00Z", 60)).toBe("2027-01-23");
    expect(dueDay("2026-11-25T05:00:00Z", 60)).toBe("2027-01-24");
  });
  it("cross a daylight-saving change as calendar days", () => {
    expect(dueDay("2026-02-20T12:00:00Z", 30)).toBe("2026-03-22");
  });
});

describe("days past due and aging buckets", () => {
  const due = startOfStoreDay("2026-12-24");
  it("is 0 on the due day, 1 the day after, negative before", () => {
    expect(daysPastDue(due, "2026-12-23")).toBe(-1);
    expect(daysPastDue(due, "2026-12-24")).toBe(0);
    expect(daysPastDue(due, "2026-12-25")).toBe(1);
    expect(daysPastDue(due, "2027-03-24")).toBe(90);
  });
  it.each([
    [-10, "current"],
    [0, "current"],
    [1, "1-30"],
    [30, "1-30"],
    [31, "31-60"],
    [60, "31-60"],
    [61, "61-90"],
    [90, "61-90"],
    [91, "over-90"],
    [400, "over-90"],
  ] as const)("%i days past due is %s", (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });
});

describe("invoice numbers", () => {
  it("are INV- and six digits at least, never cut", () => {
    expect(formatInvoiceNumber(1)).toBe("INV-000001");
    expect(formatInvoiceNumber(123)).toBe("INV-000123");
    expect(formatInvoiceNumber(1_234_567)).toBe("INV-1234567");
    expect(formatInvoiceNumber(12n)).toBe("INV-000012");
  });
  it("are recognised by their pattern", () => {
    expect(INVOICE_NUMBER_PATTERN.test("INV-000123")).toBe(true);
    expect(INVOICE_NUMBER_PATTERN.test("INV-1234567")).toBe(true);
    expect(INVOICE_NUMBER_PATTERN.test("INV-123")).toBe(false);
    expect(INVOICE_NUMBER_PATTERN.test("ORD1700000000000AAAAA")).toBe(false);
  });
});

describe("the overdue rule (credit hold)", () => {
  const invoice = (invoiceNumber: string, due: string) => ({ invoiceNumber, dueDate: startOfStoreDay(due) });
  const open = [invoice("INV-000001", "2026-11-01"), invoice("INV-000002", "2026-10-20")];
  it("holds once an invoice is more than the grace days past due, naming the most overdue", () => {
    // On Nov 16, INV-000002 is 27 days past due, INV-000001 15.
    expect(creditHold(open, 15, "2026-11-16")).toMatchObject({ invoiceNumber: "INV-000002", daysPastDue: 27 });
    expect(creditHold(open, 27, "2026-11-16")).toBeNull();
    expect(creditHold(open, 26, "2026-11-16")?.invoiceNumber).toBe("INV-000002");
  });
  it("with 0 grace days holds from the day after the due day, never on it", () => {
    expect(creditHold([invoice("INV-000003", "2026-12-24")], 0, "2026-12-24")).toBeNull();
    expect(creditHold([invoice("INV-000003", "2026-12-24")], 0, "2026-12-25")?.daysPastDue).toBe(1);
  });
  it("does not hold an account with nothing open", () => {
    expect(creditHold([], 0, "2026-12-25")).toBeNull();
  });
  it("tells the buyer which invoice, since when, and that the card still works", () => {
    const held = creditHold(open, 15, "2026-11-16");
    expect(held && creditHoldMessage(held)).toBe(
      "Terms orders are on hold: invoice INV-000002 was due October 20, 2026 and is 27 days past due. Please pay it, or pay for this order by card.",
    );
  });
});

describe("terms texts", () => {
  it("keep the specification's Net 30 words and say the same for Net 60 and 90", () => {
    expect(termsOptionLabel(30)).toBe("Net 30 Terms (Pay within 30 days)");
    expect(termsOptionLabel(60)).toBe("Net 60 Terms (Pay within 60 days)");
    expect(termsOrderPlaced(30)).toBe("Net 30 order placed successfully! Payment due within 30 days.");
    expect(termsOrderPlaced(90)).toBe("Net 90 order placed successfully! Payment due within 90 days.");
  });
  it("knows only 30, 60 and 90", () => {
    expect([30, 60, 90, 45, "30", null].map(isTermsDays)).toEqual([true, true, true, false, false, false]);
  });
});
