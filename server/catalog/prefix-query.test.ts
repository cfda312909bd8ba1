import { describe, expect, it } from "vitest";
import { prefixQuery } from "./prefix-query";

describe("prefixQuery", () => {
  it("makes every word a prefix term", () => {
    expect(prefixQuery("Flap dis")).toBe("flap:* & dis:*");
    expect(prefixQuery("gw-45")).toBe("gw:* & 45:*");
  });

  it("lets the word being typed match its own shorter forms, as stems are shorter than words", () => {
    expect(prefixQuery("grindi")).toBe("(grindi:* | grin | grind)");
    expect(prefixQuery("safety glasse")).toBe("safety:* & (glasse:* | glas | glass)");
  });

  it("leaves short words, numbers and the words already typed alone", () => {
    expect(prefixQuery("whee")).toBe("whee:*");
    expect(prefixQuery("grinding 4500")).toBe("grinding:* & 4500:*");
  });

  it("drops what is not a letter or digit, so no tsquery syntax gets through", () => {
    expect(prefixQuery("a:* | !b & (c)")).toBe("a:* & b:* & c:*");
    expect(prefixQuery("' ; --")).toBe("");
  });
});
