import { describe, expect, it } from "vitest";
import { digest53, positionedWords } from "./load";
import { rankerOf } from "./rank";
import { needsPostgres, parseTsQuery, phraseChain, positionTest } from "./tsquery";

describe("tsqueries as PostgreSQL prints them", () => {
  it("reads words, prefixes, and, or, not and phrases with their distances", () => {
    expect(parseTsQuery("'grind' & ( 'wheel' | !'disc' )")).toEqual({
      op: "and",
      left: { op: "word", word: "grind", prefix: false },
      right: {
        op: "or",
        left: { op: "word", word: "wheel", prefix: false },
        right: { op: "not", child: { op: "word", word: "disc", prefix: false } },
      },
    });
    expect(parseTsQuery("'san':*")).toEqual({ op: "word", word: "san", prefix: true });
    expect(parseTsQuery("")).toBeUndefined();
  });

  it("places a phrase's words at their offsets from its last, as the phrase operator does", () => {
    const chain = (text: string) => phraseChain(parseTsQuery(text) as never);
    expect(chain("'gw-45' <-> 'gw' <-> '45'")).toEqual([
      { word: "gw-45", offset: -2 },
      { word: "gw", offset: -1 },
      { word: "45", offset: 0 },
    ]);
    expect(chain("'cut' <2> 'wheel'")).toEqual([
      { word: "cut", offset: -2 },
      { word: "wheel", offset: 0 },
    ]);
    expect(chain("'a' <-> ( 'b' <-> 'c' )")).toEqual(chain("'a' <-> 'b' <-> 'c'"));
  });

  it("leaves to PostgreSQL only phrases with a prefix or a negation in them", () => {
    expect(needsPostgres(parseTsQuery("'cut' <-> 'off' & 'wheel'") as never)).toBe(false);
    expect(needsPostgres(parseTsQuery("'cut' <-> ( 'off' | 'of' <-> 'f' )") as never)).toBe(false);
    expect(needsPostgres(parseTsQuery("'cut' <-> 'of':*") as never)).toBe(true);
    expect(needsPostgres(parseTsQuery("'cut' <-> !'off'") as never)).toBe(true);
  });

  // Each answer as PostgreSQL 15 and 17 give it (`to_tsvector('simple', text) @@ query`).
  it.each([
    ["a b", "'a' <-> ( 'b' | 'c' <-> 'd' )", true],
    ["a c d", "'a' <-> ( 'b' | 'c' <-> 'd' )", true],
    ["a c b d", "'a' <-> ( 'b' <-> 'x' | 'c' <-> 'd' )", false],
    // "or" in a phrase moves the narrower side's end to the wider's, when the wider matched at all.
    ["a d", "( 'a' | 'b' <-> 'c' ) <-> 'd'", true],
    ["a x d", "( 'a' | 'b' <-> 'c' ) <-> 'd'", false],
    ["a x d b c", "( 'a' | 'b' <-> 'c' ) <-> 'd'", true],
    ["a d b c", "( 'a' | 'b' <-> 'c' ) <-> 'd'", false],
    ["a b c", "'a' <2> ( 'c' & 'c' )", true],
    ["b a z b", "'a' <-> 'b'", false],
  ])("matches %j with %s as PostgreSQL does", (text, query, expected) => {
    const test = positionTest(parseTsQuery(query) as never);
    const words = text.split(" ");
    const positions = (test?.words ?? []).map((word) =>
      Int32Array.from(words.flatMap((w, at) => (w === word ? [at + 1] : []))),
    );
    expect(test?.holds({ count: Int32Array.from(positions, (list) => list.length), at: positions })).toBe(expected);
  });
});

describe("ts_rank_cd of phrases, as PostgreSQL 15 and 17 compute it", () => {
  it.each([
    ["'aluminum':1A,7 'oxid':2A,8 'ao':12B 'wheel':3A", "'aluminum' <-> 'oxid' | 'ao'", 1.5],
    ["'aluminum':1A,7 'oxid':2A,8 'ao':12B 'wheel':3A", "'aluminum' & 'oxid' | 'ao'", 1.5363636],
    ["'aluminum':1A,5 'oxid':3A,6 'ao':12B", "'aluminum' <-> 'oxid' | 'ao'", 0.5],
    ["'a':1 'd':2 'x':3 'b':4 'c':5", "( 'a' | 'b' <-> 'c' ) <-> 'd'", 0.1],
    ["'a':1 'x':2 'd':3 'b':4 'c':5", "( 'a' | 'b' <-> 'c' ) <-> 'd'", 0.05],
    ["'a':1,4 'b':2,5 'z':3", "'a' <-> 'b'", 0.2],
    ["'a':1,4 'b':3,5 'z':2", "'a' <-> 'b'", 0.1],
    ["'a':2 'b':1,4 'z':3", "'a' <-> 'b'", 0],
  ])("ranks %s for %s", (vector, query, expected) => {
    const { words, entryWord, entryPos } = positionedWords(vector);
    const rank = rankerOf(parseTsQuery(query) as never, (word) => words.indexOf(word));
    expect(rank?.({ entryWord, entryPos })).toBe(Math.fround(expected));
  });

  it("leaves a prefix or a negation to PostgreSQL", () => {
    expect(rankerOf(parseTsQuery("'a' <-> 'b':*") as never, () => 0)).toBeUndefined();
    expect(rankerOf(parseTsQuery("'a' & !'b'") as never, () => 0)).toBeUndefined();
  });
});

describe("a search vector as the index keeps it", () => {
  it("keeps each position's word and weight, grouped by word in the vector's order", () => {
    const { words, entryWord, entryPos } = positionedWords("'disc':3A,9 'it''s':1B 'flap':2");
    expect(words).toEqual(["disc", "it's", "flap"]);
    expect([...entryWord]).toEqual([0, 0, 1, 2]);
    expect([...entryPos].map((packed) => [packed >> 2, packed & 3])).toEqual([
      [3, 3],
      [9, 0],
      [1, 2],
      [2, 0],
    ]);
  });

  it("reads a word with an escaped character, before and after plain ones", () => {
    const { words, entryWord } = positionedWords("'a\\\\b':1 'c\\'d':2 'plain':3 'o''neil':4 'x':5");
    expect(words).toEqual(["a\\b", "c'd", "plain", "o'neil", "x"]);
    expect([...entryWord]).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("a product's sort key", () => {
  it("is a whole number below 2^53, the same for the same fields and another when one changes", () => {
    const fields = (price: string) => JSON.stringify([price, "4.5", 12, false, "Grinding Wheel 4.5 in", "GW-45-001"]);
    const key = digest53(fields("12.99"));
    expect(Number.isSafeInteger(key) && key >= 0).toBe(true);
    expect(digest53(fields("12.99"))).toBe(key);
    const others = new Set(Array.from({ length: 1000 }, (_, cents) => digest53(fields(`12.${cents}`))));
    expect(others.size).toBe(1000);
  });
});
