// Spec facets counted by the index either way (walking the products in scope, or a bitmap
// intersection per value) come out the same, also for a product with more values than a slot row
// first holds, and after it changes. A synonym's phrase kept with its products stays current as
// products change.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ScopeAttribute } from "../search/spec-facets";
import {
  CatalogueIndex,
  type IndexedProduct,
  type IndexQuery,
  indexSorts,
  indexTuning,
  initializeBitmaps,
  smallestFirst,
  smallestPlaces,
} from "./catalogue-index";
import { positionedWords } from "./load";
import { parseTsQuery } from "./tsquery";

beforeAll(() => initializeBitmaps());

const product = (
  id: string,
  values: [number, number][],
  stockLevel = 5,
  vector = "'grind':1A 'wheel':2A",
): IndexedProduct => ({
  id,
  status: "active",
  category: "abrasives",
  subcategory: "grinding-wheels",
  brand: "Norton",
  stockLevel,
  partKey: `GW${id}`,
  name: `Grinding Wheel ${id}`,
  featured: false,
  price: 10,
  rating: 0,
  reviewCount: 0,
  sortKey: Number(id),
  ...positionedWords(vector),
  values: values.map(([attributeId, num]) => [attributeId, num, null]),
});

// Attributes 1..12: a part with all twelve, more than the index's first slot row of eight.
const attributes: ScopeAttribute[] = Array.from({ length: 12 }, (_, i) => ({
  slug: `a${i + 1}`,
  name: `A${i + 1}`,
  kind: "number",
  unitFamily: null,
  displayUnit: null,
  choices: [],
  ids: [i + 1],
  position: i,
}));

const query = (spec: IndexQuery["spec"]): IndexQuery => ({
  catalogue: null,
  sort: "name",
  offset: 0,
  limit: 10,
  spec,
  attributes,
  definedChoices: false,
});

function counts(index: CatalogueIndex, spec: IndexQuery["spec"], narrowed: Partial<IndexQuery> = {}) {
  const byWay = (["walk", "bitmaps"] as const).map((way) => {
    indexTuning.walkStepsPerChunk = way === "walk" ? Number.POSITIVE_INFINITY : 0;
    return index
      .answer({ ...query(spec), ...narrowed })
      ?.facetRows.map((row) => [row.facet, row.num, row.present, row.n]);
  });
  expect(byWay[0]).toEqual(byWay[1]);
  return byWay[0];
}

// Attribute 1 = 4 on both, attribute 2 = 10 on one and 20 on the other.
const twoParts = () => [
  product("1", [
    [1, 4],
    [2, 10],
  ]),
  product("2", [
    [1, 4],
    [2, 20],
  ]),
];

describe("spec facets in the catalogue index", () => {
  it("counts a value the same walked or intersected, with filters on other attributes", () => {
    const index = new CatalogueIndex();
    index.apply([
      ...twoParts(),
      product(
        "3",
        Array.from({ length: 12 }, (_, i) => [i + 1, 4] as [number, number]),
        0,
      ),
    ]);
    const ids = ["1", "2", "3"];
    index.setOrders(Object.fromEntries(indexSorts.map((sort) => [sort, ids])) as never, index.ordersVersion);
    const none = { filters: [], units: "inch" as const };
    // Attribute 1 = 4: three parts; attribute 9 = 4: the one with twelve values, past its first eight.
    expect(counts(index, none)).toContainEqual([0, 4, 3, 3]);
    expect(counts(index, none)).toContainEqual([8, 4, 1, 1]);
    // Only the ten attributes shown are read: 11 and 12 (one part each, last in the operator's order) are not.
    expect(new Set(counts(index, none)?.map(([facet]) => facet))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    // Filtered on attribute 2 = 10: attribute 1's 4 counts one part; attribute 2 itself still counts its other values.
    const filtered = {
      filters: [{ slug: "a2", kind: "number" as const, family: "length" as const, unit: null, values: [10] }],
      units: "inch" as const,
    };
    expect(counts(index, filtered)).toContainEqual([0, 4, 3, 1]);
    expect(counts(index, filtered)).toContainEqual([1, 20, 1, 1]);

    // The part of twelve values loses all but one: counted no more under the others.
    index.apply([product("3", [[1, 4]])]);
    index.setOrders(Object.fromEntries(indexSorts.map((sort) => [sort, ids])) as never, index.ordersVersion);
    expect(counts(index, none)).toContainEqual([0, 4, 3, 3]);
    expect(counts(index, none)?.some((row) => row[0] === 8)).toBe(false);
    index.dispose();
  });

  it("counts a scope without filters from its products, or from those outside it when it holds most", () => {
    const index = new CatalogueIndex();
    index.apply([
      ...twoParts(),
      product("3", [[1, 5]]),
      {
        ...product("4", [
          [1, 4],
          [2, 20],
        ]),
        category: "safety",
      },
    ]);
    const ids = ["1", "2", "3", "4"];
    index.setOrders(Object.fromEntries(indexSorts.map((sort) => [sort, ids])) as never, index.ordersVersion);
    const none = { filters: [], units: "inch" as const };
    // Three of four in scope: counted as each value's products less the one outside.
    expect(counts(index, none, { category: "abrasives" })).toEqual([
      [0, 4, 2, 2],
      [0, 5, 1, 1],
      [1, 10, 1, 1],
      [1, 20, 1, 1],
    ]);
    // One of four: its own values.
    expect(counts(index, none, { category: "safety" })).toEqual([
      [0, 4, 1, 1],
      [1, 20, 1, 1],
    ]);
    index.dispose();
  });
});

describe("a common word's tally of its products", () => {
  // A part: some of the words 'a', 'b', 'c'; values of attributes 1-3 (new ones appear as parts
  // change); one of two categories and three brands; now and then no longer active.
  const part = fc.record({
    words: fc.subarray(["a", "b", "c"]),
    values: fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 5 })), {
      selector: ([attribute]) => attribute,
    }),
    category: fc.constantFrom("abrasives", "safety"),
    brand: fc.constantFrom("Norton", "3M", "Ansell"),
    active: fc.boolean(),
  });
  type Part = typeof part extends fc.Arbitrary<infer T> ? T : never;
  const indexed = (id: string, { words, values, category, brand, active }: Part): IndexedProduct => ({
    ...product(id, values, 5, words.map((word, at) => `'${word}':${at + 1}A`).join(" ")),
    category,
    brand,
    status: active ? "active" : "draft",
  });
  /** What `index` answers for each word searched alone: total, categories and brands, facet rows. */
  const answers = (index: CatalogueIndex, ids: string[]) => {
    index.setOrders(Object.fromEntries(indexSorts.map((sort) => [sort, ids])) as never, index.ordersVersion);
    return ["a", "b", "c"].map((word) => {
      const answer = index.answer({
        ...query({ filters: [], units: "inch" }),
        attributes: attributes.slice(0, 3),
        groupCounts: true,
        match: { tree: parseTsQuery(`'${word}'`), partKey: "", partFragment: false },
      });
      return answer && { ...answer, ids: undefined };
    });
  };

  it("counts as its products counted anew, through products changing, coming and going", () => {
    const talliedFrom = indexTuning.talliedFrom;
    try {
      fc.assert(
        fc.property(
          fc.array(part, { minLength: 1, maxLength: 30 }),
          fc.array(part, { maxLength: 30 }),
          fc.array(fc.nat(29), { maxLength: 5 }),
          (first, after, gone) => {
            // The first part has every word: each has a tally from the start.
            const before: Part[] = [{ ...(first[0] as Part), words: ["a", "b", "c"], active: true }, ...first.slice(1)];
            const [tallied, counted] = [1, Number.POSITIVE_INFINITY].map((from) => {
              indexTuning.talliedFrom = from;
              const index = new CatalogueIndex();
              index.apply(before.map((entry, n) => indexed(String(n + 1), entry)));
              return index;
            }) as [CatalogueIndex, CatalogueIndex];
            // Read from the tallies: no products counted anew (had a tally drifted from its word's
            // products in number, they would be).
            const recounted = vi.spyOn(tallied as unknown as { groupTotals: () => Int32Array }, "groupTotals");
            try {
              const ids = before.map((_, n) => String(n + 1));
              expect(answers(tallied, ids)).toEqual(answers(counted, ids));
              const removed = [...new Set(gone.map((n) => String(n + 1)))].filter((id) => Number(id) > after.length);
              for (const index of [tallied, counted]) {
                indexTuning.talliedFrom = index === tallied ? 1 : Number.POSITIVE_INFINITY;
                index.apply(
                  after.map((entry, n) => indexed(String(n + 1), entry)),
                  removed,
                );
              }
              const now = [...new Set([...ids, ...after.map((_, n) => String(n + 1))])].filter(
                (id) => !removed.includes(id),
              );
              expect(answers(tallied, now)).toEqual(answers(counted, now));
              expect(recounted).not.toHaveBeenCalled();
            } finally {
              tallied.dispose();
              counted.dispose();
            }
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      indexTuning.talliedFrom = talliedFrom;
    }
  });
});

describe("a synonym's phrase kept by the index", () => {
  const worded = (id: string, vector: string) => product(id, [], 5, vector);
  let listed = ["1", "2", "3"];
  /** The ids matching `tsquery`, by name, as `index` answers. */
  const matching = (index: CatalogueIndex, tsquery: string) => {
    index.setOrders(Object.fromEntries(indexSorts.map((sort) => [sort, listed])) as never, index.ordersVersion);
    return index.answer({
      ...query({ filters: [], units: "inch" }),
      attributes: [],
      match: { tree: parseTsQuery(tsquery), partKey: "", partFragment: false },
    })?.ids;
  };

  it("answers as the phrase tested product by product, before and after its products change", () => {
    const [kept, tested] = [new CatalogueIndex(), new CatalogueIndex()];
    const both = (products: IndexedProduct[], removed: string[] = []) => {
      for (const index of [kept, tested]) index.apply(products, removed);
    };
    both([
      worded("1", "'aluminum':1A 'oxid':2A 'wheel':3A"),
      // Both words, not in the phrase's order.
      worded("2", "'oxid':1A 'aluminum':2A"),
      worded("3", "'ao':1A 'disc':2A"),
    ]);
    // The second phrase's words are in no product yet.
    kept.keepPhrases(
      [parseTsQuery("'aluminum' <-> 'oxid'"), parseTsQuery("'silicon' <-> 'carbid'")].flatMap((node) => node ?? []),
    );
    const ao = "'ao' | 'aluminum' <-> 'oxid'";
    const sic = "'silicon' <-> 'carbid'";
    expect(matching(kept, ao)).toEqual(["1", "3"]);
    expect(matching(kept, sic)).toEqual([]);

    both([
      worded("2", "'aluminum':1A 'oxid':2A"),
      worded("1", "'zirconia':1A"),
      worded("4", "'silicon':1A 'carbid':2A"),
    ]);
    both([], ["3"]);
    listed = ["1", "2", "4"];
    for (const tsquery of [ao, sic]) expect(matching(kept, tsquery), tsquery).toEqual(matching(tested, tsquery));
    expect(matching(kept, ao)).toEqual(["2"]);
    expect(matching(kept, sic)).toEqual(["4"]);
    kept.dispose();
    tested.dispose();
  });
});

describe("the sort orders made from the name order", () => {
  it("sort by featured, reviews, price or rating first, and by the name order where those are equal", () => {
    const index = new CatalogueIndex();
    // By name: 3, 1, 4, 2 (Alpha, Bravo, Charlie, Delta).
    const parts: [string, Partial<IndexedProduct>][] = [
      ["1", { price: 10, rating: 4.5, reviewCount: 2 }],
      ["2", { price: 5, rating: 4.5, reviewCount: 7 }],
      ["3", { price: 10, rating: 3, reviewCount: 9 }],
      ["4", { price: 5, rating: 4.5, reviewCount: 2, featured: true }],
    ];
    index.apply(parts.map(([id, fields]) => ({ ...product(id, []), ...fields })));
    const ordinals = (ids: string[]) => [...index.ordinalsOf(ids)];
    const popularity = index.ordinalsOf(["4", "3", "2", "1"]);
    const orders = index.ordersFrom({ byName: index.ordinalsOf(["3", "1", "4", "2"]), popularity });
    expect([...orders.name]).toEqual(ordinals(["3", "1", "4", "2"]));
    expect([...orders["price-asc"]]).toEqual(ordinals(["4", "2", "3", "1"]));
    expect([...orders["price-desc"]]).toEqual(ordinals(["3", "1", "4", "2"]));
    // 4.5 thrice: the most reviewed first, then 1 and 4 (two reviews each) by name.
    expect([...orders["rating-desc"]]).toEqual(ordinals(["2", "1", "4", "3"]));
    expect([...orders.featured]).toEqual(ordinals(["4", "3", "2", "1"]));
    expect(orders.popularity).toBe(popularity);
    index.dispose();
  });
});

describe("a word's products", () => {
  /** The ids `index` finds for `tsquery`, sorted, with every id listed. */
  const found = (index: CatalogueIndex, ids: string[], tsquery: string) => {
    index.setOrders(Object.fromEntries(indexSorts.map((sort) => [sort, ids])) as never, index.ordersVersion);
    return index
      .answer({
        ...query({ filters: [], units: "inch" }),
        attributes: [],
        limit: 1_000,
        match: { tree: parseTsQuery(tsquery), partKey: "", partFragment: false },
      })
      ?.ids?.sort();
  };

  it("are its run while few and its bitmap once more, through products gaining and losing it", () => {
    const rareUpTo = indexTuning.rareUpTo;
    indexTuning.rareUpTo = 3;
    const index = new CatalogueIndex();
    try {
      // What each product holds, as the index is told it: the expected answers come from here.
      const holds = new Map<string, string[]>();
      const tell = (id: string, words: string[]) => {
        holds.set(id, words);
        return product(id, [], 5, words.map((word, at) => `'${word}':${at + 1}`).join(" "));
      };
      const expected = (word: string) =>
        [...holds]
          .filter(([, words]) => words.includes(word))
          .map(([id]) => id)
          .sort();
      const check = () => {
        const ids = [...holds.keys()];
        for (const word of ["bolt", "nut", "washer", "w0", "w7"])
          expect(found(index, ids, `'${word}'`), word).toEqual(expected(word));
        // A prefix: its words' runs and bitmaps together.
        expect(found(index, ids, "'bol':*")).toEqual(expected("bolt"));
        expect(found(index, ids, "'bolt' | 'nut'")).toEqual(
          [...new Set([...expected("bolt"), ...expected("nut")])].sort(),
        );
      };

      // One by one: 'bolt' grows past three products (a bitmap), 'nut' stays in its run.
      for (const id of ["1", "2", "3", "4", "5"]) index.apply([tell(id, ["bolt", id === "2" ? "nut" : "washer"])]);
      check();
      // Products lose it, one is gone, one gains it back.
      index.apply([tell("1", ["washer"]), tell("2", ["bolt"]), tell("6", ["nut", "bolt"])], ["3"]);
      holds.delete("3");
      check();
      // A batch of many words (the build's way): three hundred parts of fifteen words each.
      const many = Array.from({ length: 300 }, (_, n) =>
        tell(`${100 + n}`, [
          ...Array.from({ length: 14 }, (_, w) => `w${(n + w) % 40}`),
          n % 50 === 0 ? "nut" : "part",
        ]),
      );
      index.apply(many);
      check();
      index.apply([tell("100", ["bolt"])], ["101"]);
      holds.delete("101");
      check();
    } finally {
      indexTuning.rareUpTo = rareUpTo;
      index.dispose();
    }
  });

  it("are found by a prefix whether the word came with the build or after it", () => {
    const index = new CatalogueIndex();
    const worded = (id: string, words: string[]) =>
      product(id, [], 5, words.map((word, at) => `'${word}':${at + 1}`).join(" "));
    index.apply([worded("1", ["bolt", "nut"]), worded("2", ["bracket", "washer"])]);
    index.layOut();
    const ids = ["1", "2", "3", "4", "5"];
    expect(found(index, ids, "'bol':*")).toEqual(["1"]);
    // New words before, between and after those the build put in order, in two changes.
    index.apply([worded("3", ["bolster", "anchor"]), worded("4", ["zinc", "bolt"])]);
    index.apply([worded("5", ["bo", "boltz"])]);
    expect(found(index, ids, "'bol':*")).toEqual(["1", "3", "4", "5"]);
    expect(found(index, ids, "'bo':*")).toEqual(["1", "3", "4", "5"]);
    expect(found(index, ids, "'b':*")).toEqual(["1", "2", "3", "4", "5"]);
    expect(found(index, ids, "'a':*")).toEqual(["3"]);
    expect(found(index, ids, "'zi':*")).toEqual(["4"]);
    expect(found(index, ids, "'was':*")).toEqual(["2"]);
    // A prefix after a word: its words' products or-ed, or the word's few products read for one.
    const entriesPerPrefixWord = indexTuning.entriesPerPrefixWord;
    for (const entries of [0, Number.POSITIVE_INFINITY]) {
      indexTuning.entriesPerPrefixWord = entries;
      expect(found(index, ids, "'nut' & 'bo':*")).toEqual(["1"]);
      expect(found(index, ids, "'bolt' & 'z':*")).toEqual(["4"]);
      expect(found(index, ids, "'bolt' & 'bols':*")).toEqual([]);
      expect(found(index, ids, "'anchor' & 'b':* | 'washer'")).toEqual(["2", "3"]);
    }
    indexTuning.entriesPerPrefixWord = entriesPerPrefixWord;
    index.dispose();
  });

  it("are a prefix's, kept once asked, through products taken in, changed and taken out", () => {
    const { keptPrefixFrom, mostKeptPrefixes } = indexTuning;
    const index = new CatalogueIndex();
    try {
      const worded = (id: string, words: string[], status = "active") => ({
        ...product(id, [], 5, words.map((word, at) => `'${word}':${at + 1}`).join(" ")),
        status,
      });
      index.apply([worded("1", ["bolt", "bond", "nut"]), worded("2", ["bracket", "washer"]), worded("3", ["nut"])]);
      // Each prefix starting two words or more is kept, two at most: 'b' before it is asked (a
      // character), 'bo' once asked; the others are or-ed each time.
      Object.assign(indexTuning, { keptPrefixFrom: 2, mostKeptPrefixes: 2 });
      index.layOut();
      index.keepPrefixesOfOneCharacter();
      let listed = ["1", "2", "3"];
      const asked = ["'b':*", "'bo':*", "'n':*", "'nut' & 'b':*", "'w':* | 'bolt'"];
      const bothWays = () => {
        for (const tsquery of asked) {
          const kept = found(index, listed, tsquery);
          Object.assign(indexTuning, { keptPrefixFrom: Number.POSITIVE_INFINITY });
          const ored = found(index, listed, tsquery);
          Object.assign(indexTuning, { keptPrefixFrom: 2 });
          expect(kept, tsquery).toBeDefined();
          expect(kept, tsquery).toEqual(ored);
        }
      };
      bothWays();
      expect(found(index, listed, "'b':*")).toEqual(["1", "2"]);
      // A new product with a new word the kept 'b' starts; one losing its 'b' word; one taken out.
      index.apply([worded("4", ["bin"]), worded("1", ["nut"])]);
      index.apply([worded("5", ["brace", "washer"])], ["2"]);
      index.apply([worded("3", ["nut", "bolt"], "discontinued")]);
      listed = ["1", "4", "5"];
      bothWays();
      expect(found(index, listed, "'b':*")).toEqual(["4", "5"]);
      expect(found(index, listed, "'bo':*")).toEqual([]);
      expect(found(index, listed, "'nut' & 'b':*")).toEqual([]);
    } finally {
      Object.assign(indexTuning, { keptPrefixFrom, mostKeptPrefixes });
      index.dispose();
    }
  });

  it("are all kept by a build of thousands, its pools grown as its first products foretell and beyond", () => {
    const index = new CatalogueIndex();
    try {
      // The first thousand of few words foretell too little for the rest, of many: the pools grow
      // to the foretold size, then past it.
      const wordsOf = (n: number) => [
        "part",
        `only${n}`,
        ...Array.from({ length: n < 1_000 ? 4 : 40 }, (_, w) => `w${(n + w) % 97}`),
      ];
      const ids = Array.from({ length: 6_000 }, (_, n) => `${n + 1}`);
      index.number(ids);
      for (let start = 0; start < ids.length; start += 2_000)
        index.apply(
          ids.slice(start, start + 2_000).map((id, k) =>
            product(
              id,
              [],
              5,
              wordsOf(start + k)
                .map((word, at) => `'${word}':${at + 1}`)
                .join(" "),
            ),
          ),
        );
      index.layOut();
      const matched = (tsquery: string) =>
        index.answer({
          ...query({ filters: [], units: "inch" }),
          attributes: [],
          match: { tree: parseTsQuery(tsquery), partKey: "", partFragment: false },
        })?.total;
      expect(found(index, ids, "'part'")).toHaveLength(1_000); // a page of 1,000; the orders set
      expect(matched("'part'")).toBe(6_000);
      expect(matched("'w5'")).toBe(ids.filter((_, n) => wordsOf(n).includes("w5")).length);
      for (const n of [0, 999, 1_000, 3_456, 5_999]) expect(found(index, ids, `'only${n}'`)).toEqual([`${n + 1}`]);
      expect(found(index, ids, "'only5999' & 'w0'")).toEqual(wordsOf(5_999).includes("w0") ? ["6000"] : []);
    } finally {
      index.dispose();
    }
  });
});

describe("a page's places", () => {
  it("are the smallest, in order, however many and whatever their values", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 400 }), fc.nat(60), (values, count) => {
        const sorted = [...values].sort((a, b) => a - b);
        const first = smallestFirst(Int32Array.from(values), Math.max(1, Math.min(count, values.length)));
        expect([...first].sort((a, b) => a - b)).toEqual(sorted);
        expect([...first.subarray(0, count)]).toEqual(sorted.slice(0, count));
      }),
    );
  });

  it("are the smallest of the products walked, in order, read one pass through", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(500), { maxLength: 400 }),
        fc.integer({ min: 1, max: 60 }),
        (places, wanted) => {
          // Product k is at places[k] in the order.
          const walked = Uint32Array.from(places.keys());
          const smallest = smallestPlaces(walked, Int32Array.from(places), wanted);
          expect([...smallest]).toEqual([...places].sort((a, b) => a - b).slice(0, wanted));
        },
      ),
    );
  });
});

describe("two common words ranked a pair of shapes at a time", () => {
  // A word's positions and weights in a product: its shape.
  const shape = fc.uniqueArray(
    fc.record({ at: fc.integer({ min: 1, max: 60 }), weight: fc.constantFrom("A", "B", "C", "") }),
    {
      selector: (entry) => entry.at,
      minLength: 1,
      maxLength: 3,
    },
  );
  /**
   * A product holding 'a' and 'b' (at distinct positions), and 'c' now and then; or one holding
   * 'b' alone, or neither, which only its part number's fragment finds.
   */
  const holding = (
    id: string,
    a: { at: number; weight: string }[],
    b: { at: number; weight: string }[],
    c: boolean,
    featured = false,
    holds: "both" | "b" | "neither" = "both",
  ) => {
    const taken = new Set(a.map((entry) => entry.at));
    const positions = (entries: { at: number; weight: string }[]) =>
      entries
        .map((entry) => ({ ...entry, at: taken.has(entry.at) && entries !== a ? entry.at + 60 : entry.at }))
        .sort((x, y) => x.at - y.at)
        .map((entry) => `${entry.at}${entry.weight}`)
        .join(",");
    const words = [
      holds === "both" ? `'a':${positions(a)}` : "",
      holds === "neither" ? "" : `'b':${positions(b)}`,
      c || holds === "neither" ? "'c':200" : "",
    ];
    return { ...product(id, [], 5, words.filter(Boolean).join(" ")), featured };
  };
  /**
   * Each page of 'a & b' by relevance, of an index kept by shape from `shapedFrom` products: with
   * a part key every part starts (each boosted alike), with one none does (none boosted), and with
   * a fragment of some parts' keys (GW1, GW10-GW19: found whatever words they hold, and boosted).
   */
  const pages = (index: CatalogueIndex, ids: string[]) => {
    index.setOrders(Object.fromEntries(indexSorts.map((sort) => [sort, ids])) as never, index.ordersVersion);
    return (
      [
        ["", false],
        ["ZZ", false],
        ["GW1", true],
      ] as const
    ).flatMap(([partKey, partFragment]) =>
      [0, 7, 14].map(
        (offset) =>
          index.answer({
            ...query({ filters: [], units: "inch" }),
            attributes: [],
            sort: "relevance",
            offset,
            limit: 7,
            match: { tree: parseTsQuery("'a' & 'b'"), partKey, partFragment },
          })?.ids,
      ),
    );
  };
  // More than `indexTuning.rareUpTo` (16): a word of fewer products has no bitmap to keep by shape.
  // Some featured: half a point more, which a match below the page's worst may still make up.
  const documents = fc.array(
    fc.tuple(shape, shape, fc.boolean(), fc.boolean(), fc.constantFrom("both", "both", "both", "b", "neither")),
    { minLength: 20, maxLength: 50 },
  );

  it("ranks as ts_rank_cd match by match, through products changing and going, and with too many shapes to keep", () => {
    const shapedFrom = indexTuning.shapedFrom;
    try {
      fc.assert(
        fc.property(documents, documents, fc.nat(40), (before, after, gone) => {
          const ids = before.map((_, n) => String(n + 1));
          const [shaped, plain] = [1, Number.POSITIVE_INFINITY].map((from) => {
            indexTuning.shapedFrom = from;
            const index = new CatalogueIndex();
            index.apply(
              before.map(([a, b, c, featured, holds], n) => holding(String(n + 1), a, b, c, featured, holds)),
            );
            return index;
          }) as [CatalogueIndex, CatalogueIndex];
          try {
            expect(pages(shaped, ids)).toEqual(pages(plain, ids));
            // Some change their words, more come, and one not among them goes.
            const goes =
              before.length > after.length ? [ids[after.length + (gone % (before.length - after.length))] ?? ""] : [];
            for (const index of [shaped, plain]) {
              indexTuning.shapedFrom = index === shaped ? 1 : Number.POSITIVE_INFINITY;
              index.apply(
                after.map(([a, b, c, featured, holds], n) => holding(String(n + 1), a, b, c, featured, holds)),
                goes,
              );
            }
            const now = [...new Set([...ids, ...after.map((_, n) => String(n + 1))])].filter(
              (id) => !goes.includes(id),
            );
            expect(pages(shaped, now)).toEqual(pages(plain, now));
          } finally {
            shaped.dispose();
            plain.dispose();
          }
        }),
        { numRuns: 60 },
      );
      // 300 products of 'a' at as many places: more shapes than a word is kept by, ranked one by one.
      const many = Array.from({ length: 300 }, (_, n) =>
        holding(String(n + 1), [{ at: n + 1, weight: "" }], [{ at: 400, weight: "A" }], false),
      );
      const ids = many.map((entry) => entry.id);
      const [shaped, plain] = [1, Number.POSITIVE_INFINITY].map((from) => {
        indexTuning.shapedFrom = from;
        const index = new CatalogueIndex();
        index.apply(many);
        return index;
      }) as [CatalogueIndex, CatalogueIndex];
      expect(pages(shaped, ids)).toEqual(pages(plain, ids));
      expect(pages(shaped, ids)[0]).toEqual(["300", "299", "298", "297", "296", "295", "294"]);
      shaped.dispose();
      plain.dispose();
    } finally {
      indexTuning.shapedFrom = shapedFrom;
    }
  });
});

describe("suggestions for words typed", () => {
  const vocabulary = ["sand", "sanding", "disc", "dish", "wheel", "wire", "grind"];
  const part = fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 });
  const typed = fc.tuple(
    fc.constantFrom("s", "sa", "sanding", "w", "g", "d"),
    fc.constantFrom("d", "di", "w", "wi", "g"),
  );
  // How a suggestion may be found: each step of the popular walk asking the bitmap, or the matches
  // marked from the start, or marked after a step or three (the walk then going on from the first
  // of their places); few reads allowed (the last word's matches found first), or many.
  const ways = [
    { callsBeforeMarks: Number.POSITIVE_INFINITY, bitmapCallSteps: 0 },
    { callsBeforeMarks: 0, bitmapCallSteps: 0 },
    { callsBeforeMarks: 1, bitmapCallSteps: 0 },
    { callsBeforeMarks: 3, bitmapCallSteps: 0 },
    { callsBeforeMarks: Number.POSITIVE_INFINITY, bitmapCallSteps: 1e9 },
  ].flatMap((way) => [1, 1e9].map((popularReadsPerWord) => ({ ...way, popularReadsPerWord })));

  it("are the most popular parts holding a word started by each, whichever way they are found", () => {
    const tuned = { ...indexTuning };
    try {
      fc.assert(
        fc.property(
          fc.array(part, { minLength: 1, maxLength: 80 }),
          fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
          fc.array(typed, { minLength: 1, maxLength: 3 }),
          fc.integer({ min: 1, max: 8 }),
          (parts, shuffle, typedInTurn, limit) => {
            const index = new CatalogueIndex();
            try {
              const ids = parts.map((_, n) => String(n + 1));
              index.apply(
                parts.map((words, n) =>
                  product(String(n + 1), [], 5, words.map((word, at) => `'${word}':${at + 1}A`).join(" ")),
                ),
              );
              // The popularity order: any order of the parts.
              const keys = shuffle.take(ids.length);
              const byPopularity = ids
                .map((id) => ({ id, key: keys.next().value as number }))
                .sort((a, b) => a.key - b.key)
                .map(({ id }) => id);
              index.setOrders(
                Object.fromEntries(indexSorts.map((sort) => [sort, byPopularity])) as never,
                index.ordersVersion,
              );
              const starts = (prefix: string) => (id: string) =>
                (parts[Number(id) - 1] ?? []).some((word) => word.startsWith(prefix));
              // Several asked in turn each way: each leaves the index's marks as it found them.
              for (const way of ways) {
                Object.assign(indexTuning, way);
                for (const [before, last] of typedInTurn) {
                  const tree = parseTsQuery(`'${before}':* & '${last}':*`);
                  if (!tree) throw new Error(`no query of ${before} ${last}`);
                  expect(index.suggest(tree, null, limit), `${before} ${last}, ${JSON.stringify(way)}`).toEqual(
                    byPopularity.filter(starts(before)).filter(starts(last)).slice(0, limit),
                  );
                }
              }
            } finally {
              Object.assign(indexTuning, tuned);
              index.dispose();
            }
          },
        ),
        { numRuns: 200 },
      );
    } finally {
      Object.assign(indexTuning, tuned);
    }
  });
});
