import { describe, expect, it } from "vitest";
import { quoteAnswerSchema, quoteTotals } from "./quote-answer";

const ids = [
  "00000000-0000-4000-8000-000000000001",
  "00000000-0000-4000-8000-000000000002",
  "00000000-0000-4000-8000-000000000003",
];

describe("a quote's totals", () => {
  it("multiplies each line in cents and adds the priced ones, skipping the unavailable", () => {
    expect(
      quoteTotals([
        { quantity: 3, unitPrice: "12.50" },
        { quantity: 7, unitPrice: "0.33" },
        { quantity: 4, unitPrice: null },
        { quantity: 10, unitPrice: "0.10" },
      ]),
    ).toEqual({ lineTotals: [3750, 231, null, 100], subtotal: 4081 });
  });

  it("stays exact where floats would not (0.1 + 0.2, large quantities at large prices)", () => {
    expect(
      quoteTotals([
        { quantity: 1, unitPrice: "0.1" },
        { quantity: 1, unitPrice: "0.2" },
      ]).subtotal,
    ).toBe(30);
    expect(quoteTotals([{ quantity: 999_999, unitPrice: "1000000.00" }]).subtotal).toBe(99_999_900_000_000);
    expect(quoteTotals([{ quantity: 3, unitPrice: "19.99" }]).lineTotals).toEqual([5997]);
  });

  it("is zero for a quote of unavailable lines", () => {
    expect(quoteTotals([{ quantity: 2, unitPrice: null }])).toEqual({ lineTotals: [null], subtotal: 0 });
  });
});

describe("the answer form", () => {
  const schema = quoteAnswerSchema("2026-11-26");
  const form = (lines: Record<string, string>[], rest: Record<string, unknown> = {}) => ({
    version: "1",
    validUntil: "2026-12-26",
    message: "Thanks for asking.",
    lines: lines.map((line, i) => ({ requestLineId: ids[i], ...line })),
    ...rest,
  });
  const problems = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("reads priced, unavailable and alternative lines, part numbers in upper case", () => {
    const result = schema.parse(
      form([
        { outcome: "priced", quantity: "10", unitPrice: "12.5", note: "" },
        { outcome: "unavailable", quantity: "", unitPrice: "" },
        { outcome: "alternative", partNumber: " gw-45-002 ", quantity: "5", unitPrice: "9.99", note: "Same size" },
      ]),
    );
    expect(result).toEqual({
      version: 1,
      validUntil: "2026-12-26",
      message: "Thanks for asking.",
      lines: [
        { requestLineId: ids[0], outcome: "priced", quantity: 10, unitPrice: "12.5", note: null },
        { requestLineId: ids[1], outcome: "unavailable", note: null },
        {
          requestLineId: ids[2],
          outcome: "alternative",
          partNumber: "GW-45-002",
          quantity: 5,
          unitPrice: "9.99",
          note: "Same size",
        },
      ],
    });
  });

  it("names the line and says how to fix it", () => {
    expect(
      problems(
        form([
          { outcome: "priced", quantity: "10", unitPrice: "" },
          { outcome: "priced", quantity: "0", unitPrice: "12.505" },
          { outcome: "alternative", quantity: "1", unitPrice: "0.00" },
        ]),
      ),
    ).toEqual([
      "lines.0.unitPrice: Line 1: enter a unit price in dollars, e.g. 12.50",
      "lines.1.quantity: Line 2: enter a quantity from 1 to 999,999.",
      "lines.1.unitPrice: Line 2: enter a unit price in dollars, e.g. 12.50",
      "lines.2.partNumber: Line 3: enter the part number of the alternative.",
      "lines.2.unitPrice: Line 3: the unit price must be more than $0 (or mark the line unavailable).",
    ]);
    expect(problems(form([{ outcome: "free", quantity: "1", unitPrice: "1" }]))).toEqual([
      "lines.0.outcome: Line 1: choose Price, Unavailable or Alternative.",
      "lines: Price at least one line or offer an alternative: a quote cannot be all unavailable.",
    ]);
    expect(problems(form([{ outcome: "priced", quantity: "1", unitPrice: "1000000.01" }]))).toEqual([
      "lines.0.unitPrice: Line 1: the unit price can be at most $1,000,000.",
    ]);
  });

  it("wants at least one line priced or offered", () => {
    expect(problems(form([{ outcome: "unavailable" }, { outcome: "unavailable" }]))).toEqual([
      "lines: Price at least one line or offer an alternative: a quote cannot be all unavailable.",
    ]);
  });

  it("wants a valid day from today on", () => {
    const line = [{ outcome: "priced", quantity: "1", unitPrice: "1" }];
    expect(problems(form(line, { validUntil: "2026-11-25" }))).toEqual([
      "validUntil: The quote must be valid at least through today: choose today or a later day.",
    ]);
    expect(problems(form(line, { validUntil: "2026-11-26" }))).toEqual([]);
    expect(problems(form(line, { validUntil: "2026-02-30" }))).toEqual([
      "validUntil: Enter the last day the quote is valid, as YYYY-MM-DD.",
    ]);
    expect(problems(form(line, { message: "x".repeat(2_001) }))).toEqual([
      "message: Keep the message to at most 2000 characters.",
    ]);
  });
});
