import { describe, expect, it } from "vitest";
import { quoteLineProblem } from "./quote-checkout";

describe("a quoted line at checkout", () => {
  const line = {
    name: "Hole Saw Kit",
    partNumber: "HS-KIT-10",
    status: "active" as const,
    stockLevel: 10,
    backorderable: false,
    leadTimeDays: null,
    quantity: 10,
  };
  const today = "2026-12-01";

  it("is fine while the stock covers the quoted quantity", () => {
    expect(quoteLineProblem(line, today)).toBeUndefined();
  });

  it("is fine past the stock of a back-orderable part: the rest is back-ordered", () => {
    expect(quoteLineProblem({ ...line, stockLevel: 3, backorderable: true, leadTimeDays: 15 }, today)).toBeUndefined();
  });

  it("asks for a revision, not a smaller cart, when the stock runs short or the part is no longer sold", () => {
    expect(quoteLineProblem({ ...line, stockLevel: 3 }, today)).toBe(
      "Only 3 in stock for HS-KIT-10, so we cannot fill this quote now. Ask us for a revision.",
    );
    expect(quoteLineProblem({ ...line, stockLevel: -2 }, today)).toBe(
      "Hole Saw Kit is out of stock, so we cannot fill this quote now. Ask us for a revision.",
    );
    expect(quoteLineProblem({ ...line, status: "discontinued" }, today)).toBe(
      "Hole Saw Kit can no longer be ordered, so we cannot fill this quote now. Ask us for a revision.",
    );
  });
});
