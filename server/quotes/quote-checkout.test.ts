import { describe, expect, it } from "vitest";
import { quoteLineProblem } from "./quote-checkout";

describe("a quoted line at checkout", () => {
  const line = { name: "Hole Saw Kit", status: "active" as const, stockLevel: 10, quantity: 10 };

  it("is fine while the stock covers the quoted quantity", () => {
    expect(quoteLineProblem(line)).toBeUndefined();
  });

  it("asks for a revision, not a smaller cart, when the stock runs short or the part is no longer sold", () => {
    expect(quoteLineProblem({ ...line, stockLevel: 3 })).toBe(
      "We have only 3 of Hole Saw Kit in stock, so we cannot fill this quote now. Ask us for a revision.",
    );
    expect(quoteLineProblem({ ...line, stockLevel: -2 })).toBe(
      "Hole Saw Kit is out of stock, so we cannot fill this quote now. Ask us for a revision.",
    );
    expect(quoteLineProblem({ ...line, status: "discontinued" })).toBe(
      "Hole Saw Kit can no longer be ordered, so we cannot fill this quote now. Ask us for a revision.",
    );
  });
});
