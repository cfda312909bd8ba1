import { describe, expect, it } from "vitest";
import { quoteMoveSchema, quoteRequestSchema } from "../../domain/quotes/quote-request";
import { parseQuoteLines } from "./requests";

describe("pasted lines", () => {
  it("read PART, QTY with a description, tabs or semicolons, and skip a header row", () => {
    expect(parseQuoteLines("part,qty\nQW-100, 5\nQD-200\t10\n;3;Custom bracket, 10 mm\n")).toEqual([
      { partNumber: "QW-100", quantity: 5, description: "" },
      { partNumber: "QD-200", quantity: 10, description: "" },
      { partNumber: "", quantity: 3, description: "Custom bracket, 10 mm" },
    ]);
  });

  it("drop invisible characters, so a part number reads and matches as it looks", () => {
    expect(
      parseQuoteLines('QW-100\u200b, 5\n\ufeffQD-200, 1\u2060\n, 2, "Custom\nbracket \u202Egnp.exe\u0007"'),
    ).toEqual([
      { partNumber: "QW-100", quantity: 5, description: "" },
      { partNumber: "QD-200", quantity: 1, description: "" },
      { partNumber: "", quantity: 2, description: "Custom bracket gnp.exe" },
    ]);
    expect(quoteRequestSchema.parse({ source: "paste", shipTo: "profile", notes: "Dock \u202E3 kcod" }).notes).toBe(
      "Dock 3 kcod",
    );
  });

  it("name every line that is wrong", () => {
    expect(() => parseQuoteLines("QW-100, 0\nQD-200, lots\n,4")).toThrow(
      /Line 1: the quantity "0".*Line 2: the quantity "lots".*Line 3: give a part number or a description/,
    );
    expect(() => parseQuoteLines("\n\n")).toThrow(/Paste at least one line/);
    const excelUnicodeText = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("QW-100, 5", "utf16le")]);
    expect(() => parseQuoteLines(excelUnicodeText.toString("utf8"))).toThrow(/This file is UTF-16 text/);
    expect(() => parseQuoteLines(Array.from({ length: 101 }, () => "QW-100, 1").join("\n"))).toThrow(/at most 100/);
  });
});

describe("the request and move forms", () => {
  it("need a ship-to, a real day and a comment for a revision", () => {
    const issues = (input: unknown) => quoteRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(issues({ source: "paste" })).toEqual(["Choose where the order would ship."]);
    expect(issues({ source: "paste", shipTo: "profile", neededBy: "2026-02-30" })).toEqual([
      "Enter the date as YYYY-MM-DD, e.g. 2026-12-31.",
    ]);
    expect(issues({ source: "fax", shipTo: "profile" })).toEqual(["Choose where the quote's lines come from."]);
    expect(quoteMoveSchema.safeParse({ intent: "revise", comment: "  " }).error?.issues[0]?.message).toBe(
      "Say what should change in the next version.",
    );
    expect(quoteMoveSchema.parse({ intent: "decline", comment: "" })).toEqual({
      intent: "decline",
      comment: undefined,
    });
  });
});
