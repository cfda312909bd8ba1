import { describe, expect, it } from "vitest";
import { startOfStoreDay } from "../dates/store-day-bounds";
import { buildStatement, type StatementInvoice } from "./statement";

// Noon Eastern on a day, so the store day is plain to read.
const at = (day: string) => new Date(startOfStoreDay(day).getTime() + 12 * 3600_000);

const invoice = (n: number, issued: string, due: string, total: string, paid?: string): StatementInvoice => ({
  invoiceNumber: `INV-00000${n}`,
  orderNumber: `ORD170000000000${n}AAAAA`,
  invoiceDate: at(issued),
  dueDate: startOfStoreDay(due),
  total,
  paidAt: paid ? at(paid) : null,
});

describe("an account statement", () => {
  const invoices = [
    invoice(1, "2026-08-01", "2026-08-31", "100.00", "2026-09-10"), // before and paid in range
    invoice(2, "2026-09-05", "2026-11-04", "250.50"), // in range, open
    invoice(3, "2026-07-01", "2026-07-31", "40.00", "2026-08-15"), // settled before the range
    invoice(4, "2026-06-01", "2026-06-30", "10.00"), // long overdue
    invoice(5, "2026-10-15", "2027-01-13", "99.99"), // after the range
  ];
  const statement = buildStatement(invoices, "2026-09-01", "2026-09-30");

  it("opens with what was owed, lists invoices and payments with the running balance, and closes", () => {
    expect(statement.opening).toBe("110.00"); // invoices 1 and 4
    expect(statement.lines.map((line) => [line.day, line.kind, line.invoiceNumber, line.balance])).toEqual([
      ["2026-09-05", "invoice", "INV-000002", "360.50"],
      ["2026-09-10", "payment", "INV-000001", "260.50"],
    ]);
    expect(statement.charges).toBe("250.50");
    expect(statement.payments).toBe("100.00");
    expect(statement.closing).toBe("260.50");
  });

  it("ages the invoices open at the end of the range as of its last day", () => {
    expect(statement.open.map((open) => [open.invoiceNumber, open.daysPastDue, open.bucket])).toEqual([
      ["INV-000004", 92, "over-90"],
      ["INV-000002", -35, "current"],
    ]);
    expect(statement.aging).toEqual({
      current: "250.50",
      "1-30": "0.00",
      "31-60": "0.00",
      "61-90": "0.00",
      "over-90": "10.00",
    });
  });

  it("puts an invoice issued and paid on one day before its payment", () => {
    const sameDay = buildStatement(
      [invoice(6, "2026-09-02", "2026-10-02", "5.00", "2026-09-02")],
      "2026-09-01",
      "2026-09-30",
    );
    expect(sameDay.lines.map((line) => line.kind)).toEqual(["invoice", "payment"]);
    expect(sameDay.closing).toBe("0.00");
    expect(sameDay.open).toEqual([]);
  });

  it("counts online part payments on their days, the rest when the invoice is marked paid, and ages what is owed", () => {
    const partPaid = {
      ...invoice(7, "2026-08-20", "2026-09-19", "120.00"),
      payments: [
        { at: at("2026-08-25"), amount: "20.00" },
        { at: at("2026-09-12"), amount: "30.01" },
      ],
    };
    const settled = {
      ...invoice(8, "2026-09-03", "2026-10-03", "50.00", "2026-09-20"),
      payments: [{ at: at("2026-09-04"), amount: "10.00" }],
    };
    const byCard = {
      ...invoice(9, "2026-09-06", "2026-10-06", "9.99", "2026-09-07"),
      payments: [{ at: at("2026-09-07"), amount: "9.99" }],
    };
    const statement = buildStatement([partPaid, settled, byCard], "2026-09-01", "2026-09-30");
    expect(statement.opening).toBe("100.00");
    expect(
      statement.lines.map((line) => [line.day, line.kind, line.invoiceNumber, line.payment, line.balance]),
    ).toEqual([
      ["2026-09-03", "invoice", "INV-000008", "0.00", "150.00"],
      ["2026-09-04", "payment", "INV-000008", "10.00", "140.00"],
      ["2026-09-06", "invoice", "INV-000009", "0.00", "149.99"],
      ["2026-09-07", "payment", "INV-000009", "9.99", "140.00"],
      ["2026-09-12", "payment", "INV-000007", "30.01", "109.99"],
      ["2026-09-20", "payment", "INV-000008", "40.00", "69.99"],
    ]);
    expect(statement.closing).toBe("69.99");
    expect(statement.open.map((open) => [open.invoiceNumber, open.owed])).toEqual([["INV-000007", "69.99"]]);
    expect(statement.aging["1-30"]).toBe("69.99");
  });
});

describe("a statement with credit memos (docs/decisions/returns.md)", () => {
  // $100 invoiced; a $30 credit memo on Sep 12 takes $20 off it (then paid by cheque on Sep 20,
  // the $80 left) and leaves $10 of free credit.
  const invoices: StatementInvoice[] = [
    {
      ...invoice(1, "2026-09-01", "2026-10-01", "100.00", "2026-09-20"),
      credits: [{ at: at("2026-09-12"), amount: "20.00" }],
    },
    invoice(2, "2026-09-15", "2026-10-15", "50.00"),
  ];
  const credit = {
    creditMemoNumber: "CM-000001",
    orderNumber: "ORD1700000000001AAAAA",
    issuedAt: at("2026-09-12"),
    amount: "30.00",
    unapplied: "10.00",
  };

  it("lists the credit memo as a negative charge on its day, and counts only the rest of the invoice as paid", () => {
    const statement = buildStatement(invoices, "2026-09-01", "2026-09-30", [credit]);
    expect(
      statement.lines.map((line) => [line.day, line.kind, line.invoiceNumber, line.charge, line.payment, line.balance]),
    ).toEqual([
      ["2026-09-01", "invoice", "INV-000001", "100.00", "0.00", "100.00"],
      ["2026-09-12", "credit", "CM-000001", "-30.00", "0.00", "70.00"],
      ["2026-09-15", "invoice", "INV-000002", "50.00", "0.00", "120.00"],
      ["2026-09-20", "payment", "INV-000001", "0.00", "80.00", "40.00"],
    ]);
    expect(statement.closing).toBe("40.00");
    expect(statement.open.map((open) => [open.invoiceNumber, open.owed])).toEqual([["INV-000002", "50.00"]]);
    expect(statement.openCredits.map((open) => [open.creditMemoNumber, open.unapplied])).toEqual([
      ["CM-000001", "10.00"],
    ]);
    expect(statement.aging.current).toBe("40.00");
  });

  it("opens a later range with the credit already taken off", () => {
    expect(buildStatement(invoices, "2026-10-01", "2026-10-31", [credit]).opening).toBe("40.00");
  });
});
