import { describe, expect, it } from "vitest";
import { titleFromSlug } from "./category-tree";

describe("a listing's title from its slug", () => {
  it("turns hyphens into spaces and capitalises each word, as the specification has it", () => {
    expect(titleFromSlug("grinding-wheels")).toBe("Grinding Wheels");
    expect(titleFromSlug("wire-cable")).toBe("Wire Cable");
    expect(titleFromSlug("abrasives")).toBe("Abrasives");
  });

  it("ignores doubled and trailing hyphens", () => {
    expect(titleFromSlug("hi--vis-")).toBe("Hi Vis");
  });
});
