import { describe, expect, it } from "vitest";
import { EntryPool } from "./load";

describe("a batch's entry pool", () => {
  it("keeps each product's entries as pushed, whatever room it was made with, as it grows", () => {
    for (const capacity of [undefined, 0, 1, 5, 1_000]) {
      const pool = new EntryPool(capacity);
      const views = Array.from({ length: 60 }, (_, product) => {
        const first = pool.used;
        for (let k = 0; k < 7; k++) pool.push(product * 10 + k, k);
        return pool.since(first);
      });
      views.forEach((view, product) => {
        expect([...view.entryWord], `capacity ${capacity}, product ${product}`).toEqual(
          Array.from({ length: 7 }, (_, k) => product * 10 + k),
        );
        expect([...view.entryPos]).toEqual([0, 1, 2, 3, 4, 5, 6]);
      });
      expect(pool.used).toBe(420);
    }
  });
});
