import { describe, expect, it } from "vitest";
import { prefixQuery } from "./prefix-query";

describe("prefixQuery", () => {
  it("takes every word, lower case, the last apart", () => {
    expect(prefixQuery("Flap dis")).toEqual({ before: ["flap"], last: "dis", shorter: [] });
    expect(prefixQuery("gw-45")).toMatchObject({ before: ["gw"], last: "45" });
    expect(prefixQuery("sanding belt 2x72")).toMatchObject({ before: ["sanding", "belt"], last: "2x72" });
  });

  it("lets the word being typed match its own shorter forms, as stems are shorter than words", () => {
    expect(prefixQuery("grindi")).toMatchObject({ before: [], last: "grindi", shorter: ["grin", "grind"] });
    expect(prefixQuery("safety glasse")).toMatchObject({ before: ["safety"], shorter: ["glas", "glass"] });
  });

  it("leaves short words, numbers and the words already typed alone", () => {
    expect(prefixQuery("whee")).toMatchObject({ last: "whee", shorter: [] });
    expect(prefixQuery("grinding 4500")).toMatchObject({ before: ["grinding"], last: "4500", shorter: [] });
  });

  it("drops what is not a letter or digit, so no tsquery syntax gets through", () => {
    expect(prefixQuery("a:* | !b & (c)")).toMatchObject({ before: ["a", "b"], last: "c" });
    expect(prefixQuery("' ; --")).toBeUndefined();
  });

  it("takes eight words at most", () => {
    expect(prefixQuery("a b c d e f g h i j")).toMatchObject({
      before: ["a", "b", "c", "d", "e", "f", "g"],
      last: "h",
    });
  });
});
