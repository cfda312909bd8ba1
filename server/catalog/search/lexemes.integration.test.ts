// Queries of plain words printed from their lexemes (lexemes.ts) against PostgreSQL's own printing
// of the very queries the search and the suggestions build: equal, character for character, for
// random words (the catalogue's, stop words, numbers, words of letters and digits, made-up words,
// in any case) and with sizes and synonyms among them, on PGlite and PostgreSQL; and anything else
// left to PostgreSQL.
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../../test/database";
import { tsQueryOf } from "./catalog-query";
import { learnLexemes, printedNormalized, printedTyped, printedWebsearch, wordsAndBeginnings } from "./lexemes";
import { prefixQuery } from "./prefix-query";
import { normalizeQuery } from "./query-normalizer";
import { typedQuery } from "./search";

const { handle } = withTestDatabase();

const printedByPostgres = async (query: SQL) =>
  (await handle().db.execute<{ q: string }>(sql`select (${query})::text as q`)).rows[0]?.q;

const catalogueWords = [
  "grinding",
  "wheel",
  "wheels",
  "abrasives",
  "safety",
  "glasses",
  "drill",
  "bit",
  "stainless",
  "steel",
  "hose",
  "clamp",
  "type",
  "gloves",
  "cutting",
  "disc",
  "running",
  "flies",
];
const stopWords = [
  "or",
  "the",
  "a",
  "in",
  "it",
  "is",
  "for",
  "and",
  "with",
  "which",
  "their",
  "about",
  "there",
  "between",
  "ourselves",
];
const numbers = ["1", "27", "100", "4500", "0", "007"];
const lettersAndDigits = ["2x72", "a4", "1e5", "gw45", "m8", "3m"];
const madeUp = fc.stringMatching(/^[a-z]{1,12}$/);
const anyCase = (word: fc.Arbitrary<string>) =>
  fc
    .tuple(word, fc.constantFrom("lower", "lower", "upper", "title"))
    .map(([text, form]) =>
      form === "upper" ? text.toUpperCase() : form === "title" ? text.charAt(0).toUpperCase() + text.slice(1) : text,
    );
const plainWord = anyCase(
  fc.oneof(
    fc.constantFrom(...catalogueWords),
    fc.constantFrom(...stopWords),
    fc.constantFrom(...numbers),
    fc.constantFrom(...lettersAndDigits),
    madeUp,
  ),
);
const plainText = fc
  .tuple(fc.array(plainWord, { maxLength: 6 }), fc.constantFrom(" ", "  "))
  .map(([words, gap]) => words.join(gap));

// Sizes as buyers type them (each becomes a group of the ways it is written) and synonyms, some
// with a stop word inside, one with a hyphen (printed by PostgreSQL).
const typedSizes = [
  "4 1/2",
  "4-1/2",
  "4.5in",
  '4.5"',
  "115 mm",
  "7/8",
  ".045 in",
  "0.25",
  "1/4 in",
  "2 cm",
  "11.5cm",
  "5/8-11",
  '3/64"',
  "1000 mm",
  "12 in",
  "0.5 mm",
  "60",
  "27",
];
const synonyms = [
  ["ss", "stainless steel"],
  ["ao", "aluminum oxide"],
  ["cut of wheel", "cutoff wheel"],
  ["the best", "top"],
  ["cut-off", "cutoff"],
];
const randomSize = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9999 }))
    .map(([whole, part]) => `${whole}.${part}`),
  fc
    .tuple(fc.integer({ min: 1, max: 63 }), fc.constantFrom(2, 4, 8, 16, 32, 64))
    .map(([top, bottom]) => `${top}/${bottom}`),
  fc
    .tuple(fc.integer({ min: 1, max: 2000 }), fc.constantFrom("mm", "cm", "in", '"'))
    .map(([n, unit]) => `${n} ${unit}`),
);
const sizedText = fc
  .array(fc.oneof(plainWord, fc.constantFrom(...typedSizes), randomSize, fc.constantFrom(...synonyms.flat())), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join(" "));

describe("queries printed from their words' lexemes", () => {
  it("prints words, sizes and synonyms as the search's query is printed", async () => {
    let printedHere = 0;
    await fc.assert(
      fc.asyncProperty(sizedText, async (text) => {
        const normalized = normalizeQuery(text, synonyms);
        const printed = await printedNormalized(normalized);
        if (printed === undefined) return;
        printedHere++;
        expect(printed).toBe(await printedByPostgres(tsQueryOf({ text, normalized })));
      }),
      { numRuns: 200, seed: 20261207 },
    );
    // Most are printed here: only "or", a hyphen and numbers beyond twelve digits are left to PostgreSQL.
    expect(printedHere).toBeGreaterThan(150);
    for (const text of [
      "4 1/2 grinding wheel",
      "cut off wheel 5/8-11",
      "flap disc 80 grit zirconia",
      "115 mm grinding wheel",
      "the .045 in",
    ])
      expect(await printedNormalized(normalizeQuery(text, synonyms)), text).toBe(
        await printedByPostgres(tsQueryOf({ text, normalized: normalizeQuery(text, synonyms) })),
      );
    expect(await printedNormalized(normalizeQuery("cut-off 4.5", synonyms))).toBeUndefined();
  });

  it("prints plain words as websearch_to_tsquery does", async () => {
    await fc.assert(
      fc.asyncProperty(plainText, async (text) => {
        // websearch's "or" joins the words around it: that query is PostgreSQL's to print.
        const expected = / or( |$)/i.test(` ${text}`)
          ? undefined
          : await printedByPostgres(sql`websearch_to_tsquery('english', ${text})`);
        expect(await printedWebsearch(text)).toBe(expected);
      }),
      { numRuns: 150, seed: 20261205 },
    );
  });

  it("prints what was typed as the suggestions' query does", async () => {
    await fc.assert(
      fc.asyncProperty(plainText, async (text) => {
        const typed = prefixQuery(text);
        fc.pre(typed !== undefined);
        if (!typed) return;
        const expected = [...typed.before, typed.last].includes("or")
          ? undefined
          : await printedByPostgres(typedQuery(typed));
        expect(await printedTyped(typed)).toBe(expected);
      }),
      { numRuns: 150, seed: 20261205 },
    );
  });

  it("leaves to PostgreSQL whatever is not plain words", async () => {
    for (const text of [
      "hose-clamp",
      "4.5 wheel",
      'drill "bit"',
      "drill or bit",
      "drill OR bit",
      "-steel",
      "straße",
      "\u212a",
      "drill\tbit",
      "drill\u00a0bit",
      "o'ring",
    ])
      expect(await printedWebsearch(text), text).toBeUndefined();
    expect(await printedTyped({ before: ["or"], last: "bit", shorter: [] }), "or").toBeUndefined();
  });

  it("learns the catalogue's words and their beginnings", async () => {
    expect([...wordsAndBeginnings(["disc", "dish"])].sort()).toEqual(["d", "di", "dis", "disc", "dish"]);
    await learnLexemes(wordsAndBeginnings(catalogueWords));
    expect(await printedWebsearch("Grinding Wheels")).toBe("'grind' & 'wheel'");
    expect(await printedTyped({ before: ["safety"], last: "glasse", shorter: ["glas", "glass"] })).toBe(
      "'safeti':* & ( 'glass':* | 'glas' | 'glass' )",
    );
    expect(await printedWebsearch("the")).toBe("");
  });
});
