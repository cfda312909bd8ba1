import { describe, expect, it } from "vitest";
import { gtinOf, validGtin } from "./gtin";

describe("GTINs", () => {
  it("accepts GTIN-8, UPC-A, EAN-13 and GTIN-14 whose check digit holds", () => {
    expect(validGtin("96385074")).toBe("96385074");
    expect(validGtin("036000291452")).toBe("036000291452");
    expect(validGtin("4006381333931")).toBe("4006381333931");
    expect(validGtin("10614141000415")).toBe("10614141000415");
    expect(validGtin("4006 3813-33931")).toBe("4006381333931");
  });

  it("refuses a wrong check digit, a wrong length and anything not a number", () => {
    expect(validGtin("036000291453")).toBeUndefined();
    expect(validGtin("12345")).toBeUndefined();
    expect(validGtin("0360002914520")).toBeUndefined();
    expect(validGtin("ABC000291452")).toBeUndefined();
    expect(validGtin("")).toBeUndefined();
  });

  it("finds a part's GTIN under GTIN, UPC or EAN, whatever the case, and only a valid one", () => {
    expect(gtinOf({ Diameter: "4.5 in", upc: "036000291452" })).toBe("036000291452");
    expect(gtinOf({ GTIN: "1234", EAN: "4006381333931" })).toBe("4006381333931");
    expect(gtinOf({ Diameter: "4.5 in" })).toBeUndefined();
  });
});
