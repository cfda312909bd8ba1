import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ProductIds } from "./product-ids";

describe("the index's product ids", () => {
  it("numbers ids in order and finds each again, UUIDs as bytes and any other id as it is", () => {
    const anyId = fc.oneof(
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
      fc.string({ maxLength: 40 }),
      fc.constant("00000000-0000-0000-0000-00000000000g"),
    );
    fc.assert(
      fc.property(fc.uniqueArray(anyId, { maxLength: 300 }), fc.array(anyId, { maxLength: 20 }), (ids, asked) => {
        const numbered = new ProductIds();
        for (const [ordinal, id] of ids.entries()) expect(numbered.add(id)).toBe(ordinal);
        expect(numbered.length).toBe(ids.length);
        ids.forEach((id, ordinal) => {
          expect(numbered.ordinalOf(id)).toBe(ordinal);
          expect(numbered.idAt(ordinal)).toBe(id);
        });
        for (const id of asked) expect(numbered.ordinalOf(id)).toBe(ids.includes(id) ? ids.indexOf(id) : undefined);
      }),
    );
  });

  it("keeps finding them as its table grows past its first size", () => {
    const ids = Array.from({ length: 5_000 }, () => randomUUID());
    const numbered = new ProductIds();
    for (const id of ids) numbered.add(id);
    ids.forEach((id, ordinal) => {
      expect(numbered.ordinalOf(id)).toBe(ordinal);
      expect(numbered.idAt(ordinal)).toBe(id);
    });
    expect(numbered.ordinalOf(randomUUID())).toBeUndefined();
  });
});
