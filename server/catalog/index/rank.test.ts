// The ranker's own bookkeeping: a word's entries found without a branch, and ranks remembered by
// the document's shape from product to product. Ranks themselves are checked against
// PostgreSQL's ts_rank_cd in rank.integration.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstEntryOf, rankerOf } from "./rank";
import { parseTsQuery } from "./tsquery";

describe("firstEntryOf", () => {
  it("finds the first entry of a word, or where it would be, in any run of ascending ids", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 2_000_000 }), { maxLength: 80 }).map((ids) => ids.sort((a, b) => a - b)),
        fc.integer({ min: -1, max: 2_000_001 }),
        fc.nat(5),
        (ids, word, margin) => {
          // The run sits inside a pool, other products' entries on either side.
          const pool = Int32Array.from([...Array(margin).fill(7), ...ids, ...Array(margin).fill(3)]);
          const start = margin;
          const end = margin + ids.length;
          let expected = start;
          while (expected < end && (pool[expected] as number) < word) expected++;
          expect(firstEntryOf(pool, start, end, word)).toBe(expected);
        },
      ),
      { numRuns: 2_000, seed: 34 },
    );
  });
});

describe("a ranker ranking many products", () => {
  // Documents of four words, each word's positions ascending, grouped by word as the index's pools hold them.
  const documents = fc.sample(
    fc.array(
      fc
        .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 4 })
        .chain((positions) =>
          fc.tuple(
            fc.constant(positions.sort((a, b) => a - b)),
            fc.array(fc.integer({ min: 0, max: 3 }), { minLength: positions.length, maxLength: positions.length }),
          ),
        ),
      { minLength: 4, maxLength: 4 },
    ),
    { numRuns: 6_000, seed: 34 },
  );
  const pool = { entryWord: [] as number[], entryPos: [] as number[] };
  const runs = documents.map((document) => {
    const start = pool.entryWord.length;
    document.forEach(([positions, weights], word) => {
      positions.forEach((position, i) => {
        pool.entryWord.push(word);
        pool.entryPos.push((position << 2) | (weights[i] as number));
      });
    });
    return [start, pool.entryWord.length] as const;
  });
  const pools = { entryWord: Int32Array.from(pool.entryWord), entryPos: Uint16Array.from(pool.entryPos) };

  it.each(["'w0' & 'w2'", "'w3' & 'w1' & 'w0'", "( 'w1' <-> 'w2' ) | 'w3'", "'w0' <2> 'w1' & 'w3'"])(
    "gives each the rank it has alone, its shape known already or not: %s",
    (query) => {
      const tree = parseTsQuery(query) as never;
      const id = (word: string) => Number(word.slice(1));
      const shared = rankerOf(tree, id);
      // Each document twice, the second time after thousands of others' shapes.
      const order = [...runs.keys(), ...runs.keys()].reverse();
      for (const at of order) {
        const [start, end] = runs[at] as readonly [number, number];
        const alone = rankerOf(
          tree,
          id,
        )?.({
          entryWord: pools.entryWord.slice(start, end),
          entryPos: pools.entryPos.slice(start, end),
        });
        expect(shared?.(pools, start, end), `document ${at}`).toBe(alone);
      }
    },
  );
});
