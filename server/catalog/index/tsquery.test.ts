import { describe, expect, it } from "vitest";
import { positionedWords } from "./load";
import { needsPostgres, parseTsQuery, phraseChain } from "./tsquery";

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

  it("leaves to PostgreSQL only phrases with more than words in them", () => {
    expect(needsPostgres(parseTsQuery("'cut' <-> 'off' & 'wheel'") as never)).toBe(false);
    expect(needsPostgres(parseTsQuery("'cut' <-> ( 'off' | 'of' )") as never)).toBe(true);
  });
});

describe("a search vector as the index keeps it", () => {
  it("keeps each position's word and weight, in position order", () => {
    const { words, entryWord, entryPos } = positionedWords("'disc':3A,9 'it''s':1B 'flap':2");
    expect(words).toEqual(["disc", "it's", "flap"]);
    expect([...entryWord]).toEqual([1, 2, 0, 0]);
    expect([...entryPos].map((packed) => [packed >> 2, packed & 3])).toEqual([
      [1, 2],
      [2, 0],
      [3, 3],
      [9, 0],
    ]);
  });
});
