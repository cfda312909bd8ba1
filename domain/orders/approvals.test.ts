import { describe, expect, it } from "vitest";
import {
  approvalReason,
  reasonForApprover,
  rejectSchema,
  spendLimitsSchema,
  startOfStoreMonth,
  waitingFor,
} from "./approvals";

const none = { orderLimit: null, monthlyLimit: null };

describe("the spend-limit rule", () => {
  it("never asks for approval without limits", () => {
    expect(approvalReason(none, { totalCents: 99_999_999, monthToDateCents: 99_999_999 })).toBeNull();
  });

  it.each([
    // per-order limit $500: $500.00 is within it, a cent more is not
    [50_000, null],
    [50_001, "This order needs approval: it is above your $500.00 per-order limit."],
  ])("per order: $%d cents against a $500 limit", (totalCents, reason) => {
    expect(approvalReason({ orderLimit: "500.00", monthlyLimit: null }, { totalCents, monthToDateCents: 0 })).toBe(
      reason,
    );
  });

  it("a $0 per-order limit sends every order for approval", () => {
    expect(approvalReason({ orderLimit: "0.00", monthlyLimit: null }, { totalCents: 1, monthToDateCents: 0 })).toBe(
      "This order needs approval: it is above your $0.00 per-order limit.",
    );
  });

  it.each([
    // $1,000 a month, $700 ordered: $300 fits exactly, $300.01 goes over
    [30_000, null],
    [
      30_001,
      "This order needs approval: it would take your orders this month to $1,000.01, above your $1,000.00 monthly limit.",
    ],
  ])("per month: %d cents on top of $700 against $1,000", (totalCents, reason) => {
    expect(
      approvalReason({ orderLimit: null, monthlyLimit: "1000.00" }, { totalCents, monthToDateCents: 70_000 }),
    ).toBe(reason);
  });

  it("names the per-order limit first when both are passed", () => {
    expect(
      approvalReason({ orderLimit: "100.00", monthlyLimit: "150.00" }, { totalCents: 20_000, monthToDateCents: 0 }),
    ).toContain("per-order limit");
  });
});

describe("the reason as the approver reads it", () => {
  it.each([
    [
      "This order needs approval: it is above your $50.00 per-order limit.",
      "Bea Test",
      "This order needs approval: it is above Bea Test's $50.00 per-order limit.",
    ],
    [
      "This order needs approval: it would take your orders this month to $1,000.01, above your $1,000.00 monthly limit.",
      "Bea Test",
      "This order needs approval: it would take Bea Test's orders this month to $1,000.01, above Bea Test's $1,000.00 monthly limit.",
    ],
    [
      "This order needs approval: it is above your $50.00 per-order limit.",
      null,
      "This order needs approval: it is above the buyer's $50.00 per-order limit.",
    ],
  ])("%s, for %s's approver", (reason, buyerName, read) => {
    expect(reasonForApprover(reason, buyerName)).toBe(read);
  });
});

describe("the calendar month, in the store's time zone (America/New_York)", () => {
  it.each([
    // 11:30 pm on Nov 30 in New York is already Dec 1 in UTC: still November's month
    ["2026-12-01T04:30:00Z", "2026-11-01T04:00:00.000Z"],
    // a minute after midnight on Dec 1 in New York: December (EST, UTC-5)
    ["2026-12-01T05:01:00Z", "2026-12-01T05:00:00.000Z"],
    // the first of the month at midnight exactly begins it
    ["2026-12-01T05:00:00Z", "2026-12-01T05:00:00.000Z"],
    // summer time: July begins at 04:00 UTC
    ["2026-07-15T12:00:00Z", "2026-07-01T04:00:00.000Z"],
    // New Year in New York
    ["2027-01-01T04:59:59Z", "2026-12-01T05:00:00.000Z"],
  ])("at %s the month began at %s", (now, start) => {
    expect(startOfStoreMonth(new Date(now)).toISOString()).toBe(start);
  });
});

describe("the limits form", () => {
  it("takes dollar amounts, empty for none, and refuses negative or malformed ones", () => {
    expect(spendLimitsSchema.parse({ userId: "u1", orderLimit: "500", monthlyLimit: "" })).toEqual({
      userId: "u1",
      orderLimit: "500.00",
      monthlyLimit: undefined,
    });
    expect(spendLimitsSchema.parse({ userId: "u1", orderLimit: " 0 ", monthlyLimit: "2500.5" })).toMatchObject({
      orderLimit: "0.00",
      monthlyLimit: "2500.50",
    });
    for (const bad of ["-5", "abc", "1.234", "1e5", "20000000"]) {
      expect(spendLimitsSchema.safeParse({ userId: "u1", orderLimit: bad }).success, bad).toBe(false);
    }
  });

  it("needs a note to reject", () => {
    const submissionId = "00000000-0000-4000-8000-000000000000";
    expect(rejectSchema.safeParse({ submissionId, note: "  " }).error?.issues[0]?.message).toBe(
      "Say why the order is rejected",
    );
    expect(rejectSchema.parse({ submissionId, note: " Too many " }).note).toBe("Too many");
  });
});

describe("how long a submission has waited", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  it.each([
    ["2026-11-26T11:59:30Z", "just now"],
    ["2026-11-26T11:59:00Z", "1 minute"],
    ["2026-11-26T11:15:00Z", "45 minutes"],
    ["2026-11-26T09:00:00Z", "3 hours"],
    ["2026-11-24T12:00:01Z", "47 hours"],
    ["2026-11-23T12:00:00Z", "3 days"],
  ])("since %s: %s", (since, text) => {
    expect(waitingFor(since, now)).toBe(text);
  });
});
