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
});
