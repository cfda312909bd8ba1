import { describe, expect, it } from "vitest";
import { correctQuery, correctWord, editDistance } from "./spelling";

const dictionary = new Map([
  ["grinding", 40],
  ["wheel", 90],
  ["wheels", 2],
  ["flap", 30],
  ["disc", 50],
  ["stainless", 20],
  ["steel", 60],
  ["gloves", 10],
  ["glove", 5],
  ["while", 1],
]);

describe("editDistance", () => {
  it("counts letters wrong, missing, extra and swapped", () => {
    expect(editDistance("wheel", "wheel", 2)).toBe(0);
    expect(editDistance("whel", "wheel", 2)).toBe(1);
    expect(editDistance("wheeel", "wheel", 2)).toBe(1);
    expect(editDistance("wheal", "wheel", 2)).toBe(1);
    expect(editDistance("hweel", "wheel", 2)).toBe(1);
    expect(editDistance("grnidng", "grinding", 2)).toBe(2);
  });

  it("stops past the limit", () => {
    expect(editDistance("abrasive", "wheel", 2)).toBe(3);
    expect(editDistance("xxxxx", "wheel", 1)).toBe(2);
  });
});

describe("correctWord", () => {
  it("corrects up to two typos in a long word and one in a short one", () => {
    expect(correctWord("grindng", dictionary)).toBe("grinding");
    expect(correctWord("grnidng", dictionary)).toBe("grinding");
    expect(correctWord("stainles", dictionary)).toBe("stainless");
    expect(correctWord("whel", dictionary)).toBe("wheel");
    expect(correctWord("dsic", dictionary)).toBe("disc");
    expect(correctWord("wxyz", dictionary)).toBeUndefined();
  });

  it("prefers the word more products use", () => {
    expect(correctWord("whele", dictionary)).toBe("wheel");
  });

  it("leaves known words, plurals, short words and numbers alone", () => {
    expect(correctWord("wheel", dictionary)).toBeUndefined();
    expect(correctWord("discs", dictionary)).toBeUndefined();
    expect(correctWord("ss", dictionary)).toBeUndefined();
    expect(correctWord("hss", dictionary)).toBeUndefined();
    expect(correctWord("4514", dictionary)).toBeUndefined();
  });
});

describe("correctQuery", () => {
  it("corrects each word and keeps the rest", () => {
    expect(correctQuery("grindng whel", dictionary)).toBe("grinding wheel");
    expect(correctQuery("4.5 in Grindng  whel", dictionary)).toBe("4.5 in grinding wheel");
  });

  it("says nothing when no word needs correcting, and leaves model numbers alone", () => {
    expect(correctQuery("grinding wheel", dictionary)).toBeUndefined();
    expect(correctQuery("dwhel8062", dictionary)).toBeUndefined();
    expect(correctQuery("", dictionary)).toBeUndefined();
  });
});
