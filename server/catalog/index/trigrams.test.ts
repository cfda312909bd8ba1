// word_similarity as pg_trgm computes it, against values PostgreSQL 17 (PGlite) gave for each pair;
// catalogue-index.integration.test.ts asks the test database itself, on both databases.
import { describe, expect, it } from "vitest";
import { TrigramQuery, trigramSequence, trigramWords, WORD_SIMILARITY_THRESHOLD } from "./trigrams";

const similarity = (query: string, name: string) =>
  new TrigramQuery(trigramWords(query) ?? "").similarity(trigramWords(name) ?? "");

describe("word_similarity", () => {
  it.each([
    // Misspelt searches against catalogue names.
    ["sandng belt", "Sanding Belt 2x72 120 Grit", 0.6666667],
    ["grindng whel", "Grinding Wheel 4-1/2 in Type 27", 0.5625],
    ["flap disk", "Flap Disc 60 Grit, Zirconia", 0.8],
    // Repeated trigrams, in the query and in the name.
    ["aaa", "aaaa aaa aa", 1],
    ["abab", "ba ab aba bab", 0.8],
    ["ab ba", "abba baab ab", 0.75],
    ["whel wheel", "Wheel Whe Wheel-Wheel", 0.85714287],
    ["ab1 b1a", "ab b1 1ab a1b ab1", 0.5555556],
    ["belt belt", "Belts, belting", 0.8],
    ["wheel", "wheel wheel wheel", 1],
    // One-letter words, digits, case.
    ["a", "a", 1],
    ["x", "a b x y", 1],
    ["I", "i-beam", 1],
    ["3M", "3m 3M sanding", 1],
    ["a1", "b2 a1b a 1", 0.6666667],
    ["2x72", "Belt 2X72-120", 1],
    // Punctuation separates words; nothing but punctuation, or nothing, has no trigrams.
    ["4-1/2", "4 1/2 in", 1],
    ["cut_off", "Cut-Off Wheel", 1],
    ["", "abc", 0],
    ["abc", "", 0],
    ["!!", "abc", 0],
  ])("word_similarity(%j, %j) = %d", (query, name, expected) => {
    // PostgreSQL prints a real with the fewest digits that read back as it.
    expect(similarity(query, name)).toBe(Math.fround(expected));
  });

  it("reads words as pg_trgm does, and leaves text outside ASCII to PostgreSQL", () => {
    expect(trigramWords('  Cut-Off_Wheel, 4-1/2" ')).toBe("cut off wheel 4 1 2");
    expect(trigramWords("Schleifscheibe für Stahl")).toBeUndefined();
    expect(trigramSequence("ab c").length).toBe(5);
    expect(trigramSequence("")).toEqual([]);
  });

  it("needs a name to share enough of the query's trigrams to reach the threshold", () => {
    // 'sandng belt': 12 distinct trigrams; 0.6 of them is 7.2, so 8.
    const query = new TrigramQuery("sandng belt");
    expect(query.distinct.length).toBe(12);
    expect(query.fewestShared(WORD_SIMILARITY_THRESHOLD)).toBe(8);
    expect(new TrigramQuery("").fewestShared(WORD_SIMILARITY_THRESHOLD)).toBe(1);
  });
});
