import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logger } from "../logger";
import { answerError } from "./http";

describe("an API call that fails", () => {
  const request = new Request("http://store.test/api/v1/products?q=wheel");
  // What each failure logs is not what is tested here.
  const level = logger.level;
  beforeAll(() => {
    logger.level = "silent";
  });
  afterAll(() => {
    logger.level = level;
  });

  it("is a 503 to ask again shortly when no database connection came free in time", async () => {
    // As drizzle wraps pg-pool's refusal: the query's error, the pool's as its cause.
    const refused = new Error("Failed query: select ...", {
      cause: new Error("timeout exceeded when trying to connect"),
    });
    const response = answerError(refused, request);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({
      error: {
        code: "unavailable",
        message: "The store is busy answering other requests. Please try again in a few seconds.",
      },
    });
  });

  it("is a plain 500 for anything else, saying nothing of its cause", async () => {
    const response = answerError(new Error("relation products does not exist"), request);
    expect(response.status).toBe(500);
    expect(response.headers.get("Retry-After")).toBeNull();
    expect(await response.json()).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side. Please try again in a moment." },
    });
  });
});
