import { describe, expect, it } from "vitest";
import {
  amountCents,
  checkAllocations,
  type InvoiceStanding,
  MAX_INVOICES_PER_PAYMENT,
  receiptLine,
} from "./invoice-payments";
import { invoiceReminderDue } from "./terms";

const standing = new Map<string, InvoiceStanding>([
  ["INV-000001", { state: "open", balanceCents: 10_000 }],
  ["INV-000002", { state: "open", balanceCents: 2_549 }],
  ["INV-000003", { state: "open", balanceCents: 1 }],
  ["INV-000004", { state: "paid" }],
  ["INV-000005", { state: "cancelled" }],
]);

describe("amountCents", () => {
  it.each([
    ["25.49", 2549],
    ["$25.49", 2549],
    [" 1,250.5 ", 125_050],
    ["100", 10_000],
    ["0.01", 1],
    ["0", 0],
    ["-5", -1],
    ["- $5.00", -1],
  ])("reads %j as %i cents", (text, cents) => expect(amountCents(text)).toBe(cents));

  it.each(["", "abc", "1.234", "1e3", "12..5", "1,25"])("refuses %j", (text) => expect(amountCents(text)).toBeNull());
});

describe("checkAllocations", () => {
  it("allocates exactly as chosen: one in part, two in full, summed to the cent", () => {
    expect(
      checkAllocations(
        [
          { invoiceNumber: "INV-000001", amount: "40.01" },
          { invoiceNumber: "INV-000002", amount: "25.49" },
          { invoiceNumber: "INV-000003", amount: "0.01" },
        ],
        standing,
      ),
    ).toEqual({
      allocations: [
        { invoiceNumber: "INV-000001", cents: 4_001 },
        { invoiceNumber: "INV-000002", cents: 2_549 },
        { invoiceNumber: "INV-000003", cents: 1 },
      ],
      totalCents: 6_551,
    });
  });

  it("refuses more than is owed, naming the balance", () => {
    expect(checkAllocations([{ invoiceNumber: "INV-000002", amount: "25.50" }], standing)).toEqual({
      refusal: "Invoice INV-000002 has $25.49 left to pay, so $25.50 is more than is owed. Enter $25.49 or less.",
      invoiceNumber: "INV-000002",
    });
  });

  it.each(["0", "0.00", "-10"])("refuses %j as not more than zero", (amount) => {
    expect(checkAllocations([{ invoiceNumber: "INV-000001", amount }], standing).refusal).toBe(
      "The amount to pay on invoice INV-000001 must be more than $0.00 and at most $100.00.",
    );
  });

  it("refuses text that is not an amount", () => {
    expect(checkAllocations([{ invoiceNumber: "INV-000001", amount: "ten" }], standing).refusal).toBe(
      "Enter the amount to pay on invoice INV-000001 in dollars and cents, for example 100.00.",
    );
  });

  it("refuses an invoice already paid, cancelled, or not the company's", () => {
    const refusal = (invoiceNumber: string) => checkAllocations([{ invoiceNumber, amount: "1.00" }], standing).refusal;
    expect(refusal("INV-000004")).toBe("Invoice INV-000004 is already paid.");
    expect(refusal("INV-000005")).toBe("Invoice INV-000005 was cancelled: there is nothing to pay on it.");
    expect(refusal("INV-999999")).toBe("There is no invoice INV-999999 on your account.");
  });

  it("refuses nothing chosen, the same invoice twice, and too many at once", () => {
    expect(checkAllocations([], standing).refusal).toBe("Choose at least one invoice to pay.");
    expect(
      checkAllocations(
        [
          { invoiceNumber: "INV-000001", amount: "1.00" },
          { invoiceNumber: "INV-000001", amount: "2.00" },
        ],
        standing,
      ).refusal,
    ).toBe("Invoice INV-000001 is chosen twice: give one amount for it.");
    const many = Array.from({ length: MAX_INVOICES_PER_PAYMENT + 1 }, (_, n) => ({
      invoiceNumber: `INV-${n}`,
      amount: "1",
    }));
    expect(checkAllocations(many, standing).refusal).toBe(
      `Pay at most ${MAX_INVOICES_PER_PAYMENT} invoices at a time.`,
    );
  });
});

describe("receiptLine", () => {
  it("says what was paid and what is left, or paid in full", () => {
    const line = { invoiceNumber: "INV-000001", orderNumber: "ORD1", paid: "40.01", balance: "59.99" };
    expect(receiptLine(line)).toBe("INV-000001 (order ORD1): paid $40.01, balance $59.99");
    expect(receiptLine({ ...line, balance: "0.00" })).toBe("INV-000001 (order ORD1): paid $40.01, paid in full");
  });
});

describe("invoiceReminderDue", () => {
  it.each([
    [-4, null],
    [-3, "due_soon"],
    [-1, "due_soon"],
    [0, "due_soon"],
    [1, "overdue"],
    [45, "overdue"],
  ])("%i days past due, reminded 3 days before: %s", (pastDue, kind) => {
    expect(invoiceReminderDue(pastDue, 3)).toBe(kind);
  });
});
