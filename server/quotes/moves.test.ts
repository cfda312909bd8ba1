import { describe, expect, it } from "vitest";
import { canMoveQuote, quoteStatuses } from "../../app/lib/quotes";
import { refusedMove } from "./moves";

describe("quote moves", () => {
  it("allow the life of a quote: requested, quoted, revised, quoted again, accepted, ordered", () => {
    const path = ["requested", "quoted", "requested", "quoted", "accepted", "ordered"] as const;
    for (const [from, to] of path.slice(1).map((to, i) => [path[i], to] as const))
      expect(canMoveQuote(from ?? "requested", to)).toBe(true);
  });

  it("end for good at ordered, declined, expired and withdrawn", () => {
    for (const end of ["ordered", "declined", "expired", "withdrawn"] as const)
      for (const to of quoteStatuses) expect(canMoveQuote(end, to)).toBe(false);
  });

  it("never order or accept what the store has not quoted", () => {
    expect(canMoveQuote("requested", "accepted")).toBe(false);
    expect(canMoveQuote("requested", "ordered")).toBe(false);
    expect(canMoveQuote("quoted", "ordered")).toBe(false);
  });

  it("say why a move is refused", () => {
    expect(refusedMove("expired", "accepted")).toBe("This quote is expired, so it cannot be accepted now.");
    expect(refusedMove("ordered", "requested")).toBe("This quote is already ordered, so it cannot be revised now.");
  });
});
