import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PackedStrings, Vocabulary } from "./packed-strings";

// Short strings of few letters (so that prefixes and fragments are shared), now and then one
// beyond ASCII or with a lone surrogate: code units are kept, not characters.
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", "b", "c", "-", "1"), maxLength: 6 }),
  fc.string({ unit: "binary", maxLength: 4 }),
);
const sign = (n: number) => Math.sign(n);
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("strings kept by number in one pool", () => {
  it("answers as the strings themselves do, through sets, clears and the pool's compactions", () => {
    const step = fc.tuple(fc.nat({ max: 40 }), fc.option(text, { nil: undefined }));
    fc.assert(
      fc.property(fc.array(step, { minLength: 50, maxLength: 400 }), text, (steps, probe) => {
        const packed = new PackedStrings();
        const model = new Map<number, string>();
        for (const [n, value] of steps) {
          if (value === undefined) {
            packed.clear(n);
            model.delete(n);
          } else {
            packed.set(n, value);
            model.set(n, value);
          }
        }
        for (let n = 0; n <= 41; n++) {
          const held = model.get(n);
          expect(packed.has(n)).toBe(held !== undefined);
          expect(packed.get(n)).toBe(held);
          expect(packed.equals(n, probe)).toBe(held === probe);
          expect(packed.startsWith(n, probe)).toBe(held?.startsWith(probe) ?? false);
          expect(packed.includes(n, probe)).toBe(held?.includes(probe) ?? false);
          if (held === undefined) continue;
          expect(sign(packed.compareWith(n, probe))).toBe(order(held, probe));
          for (const [other, otherText] of model) expect(sign(packed.compare(n, other))).toBe(order(held, otherText));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a string set again and again in a pool that stays small", () => {
    const packed = new PackedStrings();
    for (let i = 0; i < 100_000; i++) packed.set(i % 3, `part-${i}`);
    expect([packed.get(0), packed.get(1), packed.get(2)]).toEqual(["part-99999", "part-99997", "part-99998"]);
    // Three strings of 10 code units live: what was set before them is dropped as the pool fills.
    expect(packed.bytes).toBeLessThan(1_000);
  });
});

describe("the index's vocabulary", () => {
  it("numbers words in the order first met, finds each again, and lists those a prefix starts in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(text, { minLength: 10, maxLength: 100 }), { minLength: 1, maxLength: 4 }),
        text,
        (batches, prefix) => {
          const vocabulary = new Vocabulary();
          const ids = new Map<string, number>();
          // Batches with prefixes asked between them: the words numbered since are merged into the order.
          for (const batch of batches) {
            for (const word of batch) {
              const expected = ids.get(word) ?? ids.size;
              ids.set(word, expected);
              expect(vocabulary.add(word)).toBe(expected);
            }
            const { ids: inOrder, from, to } = vocabulary.startingWith(prefix);
            const words = [...inOrder.subarray(from, to)].map((id) => vocabulary.wordAt(id));
            expect(words).toEqual([...ids.keys()].filter((word) => word.startsWith(prefix)).sort());
          }
          expect(vocabulary.size).toBe(ids.size);
          for (const [word, id] of ids) {
            expect(vocabulary.idOf(word)).toBe(id);
            expect(vocabulary.wordAt(id)).toBe(word);
          }
          if (!ids.has(prefix)) expect(vocabulary.idOf(prefix)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds every word as its table grows past its first size", () => {
    const vocabulary = new Vocabulary();
    const words = Array.from({ length: 20_000 }, (_, i) => `w${(i * 7919) % 20_000}`);
    for (const word of words) vocabulary.add(word);
    for (const [id, word] of words.entries()) expect(vocabulary.idOf(word)).toBe(id);
    expect(vocabulary.idOf("w20000")).toBeUndefined();
    const { ids, from, to } = vocabulary.startingWith("w1999");
    expect([...ids.subarray(from, to)].map((id) => vocabulary.wordAt(id))).toEqual([
      "w1999",
      "w19990",
      "w19991",
      "w19992",
      "w19993",
      "w19994",
      "w19995",
      "w19996",
      "w19997",
      "w19998",
      "w19999",
    ]);
  });
});
