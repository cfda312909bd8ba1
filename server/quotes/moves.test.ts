import { describe, expect, it } from "vitest";
import { canMoveQuote, quoteStatuses } from "../../domain/quotes/quotes";
import { refusedMove } from "./moves";

describe("quote moves", () => {
  it("allow the life of a quote: requested, quoted, revised, quoted again, accepted, ordered", () => {
    const steps = [
      ["requested", "quoted"],
      ["quoted", "requested"],
      ["requested", "quoted"],
      ["quoted", "accepted"],
      ["accepted", "ordered"],
    ] as const;
    expect(steps.map(([from, to]) => canMoveQuote(from, to))).toEqual([true, true, true, true, true]);
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
