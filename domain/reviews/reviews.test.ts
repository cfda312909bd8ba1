import { describe, expect, it } from "vitest";
import { orderStatuses } from "../orders/order-status";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, reviewSchema } from "./review-form";
import { reviewableOrderStatuses, reviewCountLabel, wholeStars } from "./reviews";

const valid = { rating: "4", title: "Cuts clean", body: "Lasted a whole shift on stainless." };
const errorsOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    (reviewSchema.safeParse(fields).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
  );

describe("the review form", () => {
  it("takes a rating of 1 to 5 stars as the radio group sends it, with a plain title and body", () => {
    expect(reviewSchema.parse(valid)).toEqual({ rating: 4, title: "Cuts clean", body: valid.body });
    expect(reviewSchema.parse({ ...valid, rating: "1" }).rating).toBe(1);
    expect(reviewSchema.parse({ ...valid, rating: "5" }).rating).toBe(5);
  });

  it.each([undefined, "", "0", "6", "4.5", "-1", "five", "1e308"])("refuses the rating %j", (rating) => {
    expect(errorsOf({ ...valid, rating })).toEqual({ rating: "Choose a rating from 1 to 5 stars" });
  });

  it("asks for a title and a review of at least 10 characters", () => {
    expect(errorsOf({ rating: "3" })).toEqual({ title: "Give your review a title", body: "Write your review" });
    expect(errorsOf({ ...valid, title: "   ", body: " short  " })).toEqual({
      title: "Give your review a title",
      body: "Write at least 10 characters",
    });
  });

  it("refuses text past the limits, saying the limit", () => {
    expect(errorsOf({ ...valid, title: "x".repeat(REVIEW_TITLE_MAX + 1) })).toEqual({
      title: "Use at most 120 characters",
    });
    expect(errorsOf({ ...valid, body: "x".repeat(REVIEW_BODY_MAX + 1) })).toEqual({
      body: "Use at most 4,000 characters",
    });
    expect(reviewSchema.safeParse({ ...valid, body: "x".repeat(REVIEW_BODY_MAX) }).success).toBe(true);
  });

  it("keeps plain text: the title on one line, the body's paragraphs, no control characters", () => {
    const parsed = reviewSchema.parse({
      rating: "5",
      title: "Great\nwheel\u0000",
      body: "First line\u0007.\n\nSecond paragraph <b>as typed</b>.",
    });
    expect(parsed.title).toBe("Great wheel");
    expect(parsed.body).toBe("First line .\n\nSecond paragraph <b>as typed</b>.");
  });
});

describe("what counts as having bought a part", () => {
  it("is any order placed and not cancelled", () => {
    expect(orderStatuses.filter((status) => !(reviewableOrderStatuses as readonly string[]).includes(status))).toEqual([
      "cancelled",
    ]);
  });
});

describe("how stars and counts read", () => {
  it("draws the rating's floor in whole stars", () => {
    expect([wholeStars("4.9"), wholeStars("4.0"), wholeStars(1), wholeStars("0")]).toEqual([4, 4, 1, 0]);
  });

  it("says review or reviews, with thousands separators", () => {
    expect([reviewCountLabel(1), reviewCountLabel(2), reviewCountLabel(1204)]).toEqual([
      "1 review",
      "2 reviews",
      "1,204 reviews",
    ]);
  });
});
