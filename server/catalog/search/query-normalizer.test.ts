import { describe, expect, it } from "vitest";
import { MAX_GROUPS, nominalInches, normalizeQuery } from "./query-normalizer";

describe("normalizeQuery", () => {
  it.each([
    "4 1/2 grinding wheel",
    "4-1/2 grinding wheel",
    "4.5in grinding wheel",
    '4.5" grinding wheel',
    "4.5 inch grinding wheel",
    "grinding wheel 4.5 in",
  ])("reads %j as the 4.5 in size and the words", (query) => {
    const normalized = normalizeQuery(query);
    expect(normalized.words).toBe("grinding wheel");
    expect(normalized.groups).toEqual([["4.5"]]);
  });

  it("reads a metric size as itself or its nominal inch size", () => {
    expect(normalizeQuery("115 mm grinding wheel")).toEqual({
      words: "grinding wheel",
      groups: [["115 mm", "4.5"]],
    });
    expect(normalizeQuery("125mm flap disc").groups).toEqual([["125 mm", "5"]]);
    expect(normalizeQuery("2.2 cm").groups).toEqual([["2.2 cm", "0.875", ".875", "7/8"]]);
  });

  it("writes fractions of an inch as the catalogue does", () => {
    expect(normalizeQuery("7/8 arbor").groups).toEqual([["0.875", ".875", "7/8"]]);
    expect(normalizeQuery(".045 cut-off").groups).toEqual([["0.045", ".045"]]);
    expect(normalizeQuery("5/8-11 arbor")).toEqual({ words: "11 arbor", groups: [["0.625", ".625", "5/8"]] });
  });

  it("leaves whole numbers, part numbers and words alone", () => {
    expect(normalizeQuery("60 grit type 27")).toEqual({ words: "60 grit type 27", groups: [] });
    expect(normalizeQuery("GW-45-001")).toEqual({ words: "gw-45-001", groups: [] });
    expect(normalizeQuery("DW8062")).toEqual({ words: "dw8062", groups: [] });
    expect(normalizeQuery("wheel 0/0 1/0")).toEqual({ words: "wheel 0/0 1/0", groups: [] });
  });

  it("keeps a dash as 'not' only before a word, so no run of them reaches the query language", () => {
    expect(normalizeQuery("wheel -metal")).toEqual({ words: "wheel -metal", groups: [] });
    expect(normalizeQuery("---wheel")).toEqual({ words: "-wheel", groups: [] });
    expect(normalizeQuery("-".repeat(33))).toEqual({ words: "", groups: [] });
    expect(normalizeQuery(`disc ${"- ".repeat(40)}-!-!`)).toEqual({ words: "disc ! !", groups: [] });
  });

  it("takes synonyms out as groups, longest phrase first, whole words only", () => {
    const synonyms = [
      ["ss", "stainless steel"],
      ["hss", "high speed steel"],
    ];
    expect(normalizeQuery("SS hex bolt", synonyms)).toEqual({
      words: "hex bolt",
      groups: [["ss", "stainless steel"]],
    });
    expect(normalizeQuery("high speed steel drill", synonyms)).toEqual({
      words: "drill",
      groups: [["high speed steel", "hss"]],
    });
    expect(normalizeQuery("glass cutter", synonyms)).toEqual({ words: "glass cutter", groups: [] });
  });

  it("keeps the groups of a long query bounded", () => {
    const query = Array.from({ length: 40 }, (_, i) => `${i}.5in`).join(" ");
    expect(normalizeQuery(query).groups).toHaveLength(MAX_GROUPS);
  });
});

describe("nominalInches", () => {
  it("finds the inch size a metric size stands for", () => {
    expect(nominalInches(115)).toBe(4.5);
    expect(nominalInches(125)).toBe(5);
    expect(nominalInches(230)).toBe(9);
    expect(nominalInches(22.2)).toBe(0.875);
    expect(nominalInches(0)).toBeUndefined();
  });
});
