import { describe, expect, it } from "vitest";
import { listingParamNames, listingSearch } from "./listing-params";
import { searchHref } from "./search-params";
import {
  entryUnit,
  type FilterAttribute,
  MAX_FILTERED_ATTRIBUTES,
  MAX_VALUES_PER_ATTRIBUTE,
  readRangeEntry,
  readSpecParams,
  readUnits,
  resolveSpecFilters,
  type SpecState,
  setRange,
  specEntries,
  toggleValue,
  withUnits,
} from "./spec-filters";

const diameter: FilterAttribute = {
  slug: "diameter",
  name: "Diameter",
  kind: "number",
  unitFamily: "length",
  displayUnit: "in",
  choices: [],
};
const grit: FilterAttribute = {
  slug: "grit",
  name: "Grit",
  kind: "number",
  unitFamily: "grit",
  displayUnit: null,
  choices: [],
};
const abrasive: FilterAttribute = {
  slug: "abrasive",
  name: "Abrasive",
  kind: "choice",
  unitFamily: null,
  displayUnit: null,
  choices: ["Aluminum Oxide", "Zirconia", "Ceramic"],
};
const finish: FilterAttribute = { ...abrasive, slug: "finish", name: "Finish", kind: "text", choices: [] };
const attributes = [diameter, grit, abrasive, finish];

/** The filters a query string names, as a listing reads them. */
function read(query: string) {
  const search = new URLSearchParams(query);
  return resolveSpecFilters(readSpecParams(search, listingParamNames), attributes, readUnits(search));
}

const canonical = (query: string) => listingSearch({ sort: "featured", page: 1 }, read(query).state);

describe("spec filters in the URL", () => {
  it("reads numbers with their unit into base units, whatever the unit system", () => {
    const { state, problems } = read("diameter=4.5in&diameter=115mm&diameter_min=4-1/2&grit=36");
    expect(problems).toEqual([]);
    expect(state.filters).toEqual([
      { slug: "diameter", kind: "number", family: "length", unit: "in", values: [114.3, 115], min: 114.3 },
      { slug: "grit", kind: "number", family: "grit", unit: null, values: [36] },
    ]);
  });

  it("reads a bare number in the unit the buyer's system enters", () => {
    expect(read("diameter_min=100&units=metric").state.filters[0]).toMatchObject({ min: 100, unit: "mm" });
    expect(read("diameter_min=4").state.filters[0]).toMatchObject({ min: 101.6, unit: "in" });
  });

  it("matches choices whatever their case, and keeps any text of a text attribute", () => {
    const { state } = read("abrasive=zirconia&abrasive=CERAMIC&finish=Satin");
    expect(state.filters).toEqual([
      { slug: "abrasive", kind: "text", values: ["Ceramic", "Zirconia"] },
      { slug: "finish", kind: "text", values: ["Satin"] },
    ]);
  });

  it("leaves other parameters alone: the listing's own, tracking tags, unknown attributes", () => {
    const { state, problems } = read("brand=Ironridge&sort=price-asc&page=2&utm_source=mail&colour=red&fbclid=x");
    expect(state.filters).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("drops what it cannot use and says why, never failing", () => {
    const { state, problems } = read(
      "diameter=huge&diameter_min=9in&diameter_max=4in&abrasive=Diamond&grit=fine&finish=%00",
    );
    expect(state.filters).toEqual([]);
    expect(problems).toEqual([
      'Abrasive: "Diamond" is not one of its choices, so it was left out.',
      'Diameter: "huge" is not a number this filter takes, so it was left out.',
      "Diameter: the minimum (9 in) is more than the maximum (4 in), so the range was left out.",
      'Grit: "fine" is not a number this filter takes, so it was left out.',
    ]);
  });

  it("caps huge lists: values per attribute, value length, attributes at once", () => {
    const many = Array.from({ length: 500 }, (_, i) => `finish=v${i}`).join("&");
    const { state, problems } = read(`${many}&finish=${"x".repeat(5000)}`);
    expect(state.filters[0]?.kind === "text" && state.filters[0].values).toHaveLength(MAX_VALUES_PER_ATTRIBUTE);
    expect(problems).toEqual([
      `Finish: at most ${MAX_VALUES_PER_ATTRIBUTE} values can be chosen; the rest were left out.`,
    ]);

    const wide = Array.from({ length: 20 }, (_, i) => ({
      ...finish,
      slug: `a${String(i).padStart(2, "0")}`,
      name: `A${i}`,
    }));
    const search = new URLSearchParams(wide.map((attribute) => `${attribute.slug}=x`).join("&"));
    const capped = resolveSpecFilters(readSpecParams(search, []), wide, "inch");
    expect(capped.state.filters).toHaveLength(MAX_FILTERED_ATTRIBUTES);
    expect(capped.problems).toHaveLength(20 - MAX_FILTERED_ATTRIBUTES);
  });

  it("writes one canonical order: attributes by slug, values sorted, then units, sort and page", () => {
    const a = canonical("grit=36&abrasive=Zirconia&diameter=5in&diameter=4.5in&abrasive=Ceramic");
    const b = canonical("diameter=4-1/2in&abrasive=ceramic&diameter=127mm&grit=36&abrasive=zirconia");
    expect(a).toBe(b);
    expect(a).toBe("?abrasive=Ceramic&abrasive=Zirconia&diameter=4.5in&diameter=5in&grit=36");
    const state = read("diameter_max=6in&diameter_min=4in").state;
    expect(
      listingSearch({ stock: "in", brand: "Ironridge", sort: "price-asc", page: 2 }, { ...state, units: "metric" }),
    ).toBe("?brand=Ironridge&stock=in&diameter_min=4in&diameter_max=6in&units=metric&sort=price-asc&page=2");
    expect(searchHref({ q: "wheel", category: "abrasives" }, state)).toBe(
      "/search?q=wheel&category=abrasives&diameter_min=4in&diameter_max=6in",
    );
  });

  it("reads back what it writes", () => {
    const query =
      "abrasive=Zirconia&diameter=4.5in&diameter_min=4in&diameter_max=7in&finish=Satin+%26+co&grit=36&units=metric";
    const once = canonical(query);
    expect(canonical(once.slice(1))).toBe(once);
    expect(once).toBe(
      "?abrasive=Zirconia&diameter=114.3mm&diameter_min=101.6mm&diameter_max=177.8mm&finish=Satin+%26+co&grit=36&units=metric",
    );
  });
});

describe("changing the filters", () => {
  const none: SpecState = { filters: [], units: "inch" };

  it("ticks and unticks values, dropping an attribute with nothing chosen", () => {
    const one = toggleValue(none, abrasive, "Zirconia");
    const two = toggleValue(one, abrasive, "Ceramic");
    expect(two.filters).toEqual([{ slug: "abrasive", kind: "text", values: ["Ceramic", "Zirconia"] }]);
    expect(toggleValue(toggleValue(two, abrasive, "Ceramic"), abrasive, "Zirconia")).toEqual(none);
    const wheel = toggleValue(none, diameter, 114.3);
    expect(wheel.filters).toEqual([
      { slug: "diameter", kind: "number", family: "length", unit: "in", values: [114.3] },
    ]);
    expect(toggleValue(wheel, diameter, 114.30000001)).toEqual(none);
  });

  it("sets and clears a range, keeping ticked values", () => {
    const ticked = toggleValue(none, diameter, 127);
    const ranged = setRange(ticked, diameter, 100, undefined);
    expect(ranged.filters[0]).toMatchObject({ values: [127], min: 100 });
    expect(ranged.filters[0]).not.toHaveProperty("max");
    expect(setRange(setRange(none, diameter, 100, 150), diameter, undefined, undefined)).toEqual(none);
  });

  it("switches unit system: the same parts, written in the other system's unit", () => {
    const inches = setRange(none, diameter, 101.6, 152.4);
    const metric = withUnits(inches, attributes, "metric");
    expect(metric.filters[0]).toMatchObject({ unit: "mm", min: 101.6, max: 152.4 });
    expect(specEntries(metric)).toEqual([
      ["diameter_min", "101.6mm"],
      ["diameter_max", "152.4mm"],
      ["units", "metric"],
    ]);
  });
});

describe("entering numbers", () => {
  it("enters lengths in inches or millimetres, masses and volumes in their system's unit", () => {
    expect(entryUnit(diameter, "inch")).toBe("in");
    expect(entryUnit(diameter, "metric")).toBe("mm");
    expect(entryUnit({ unitFamily: "length", displayUnit: "ft" }, "inch")).toBe("ft");
    expect(entryUnit({ unitFamily: "mass", displayUnit: "oz" }, "metric")).toBe("g");
    expect(entryUnit({ unitFamily: "volume", displayUnit: "ml" }, "inch")).toBe("fl oz");
    expect(entryUnit(grit, "metric")).toBe(null);
    expect(entryUnit({ unitFamily: "speed", displayUnit: "rpm" }, "metric")).toBe("rpm");
  });

  it("reads a range entry in the field's unit unless another is written", () => {
    expect(readRangeEntry("100", diameter, "metric")).toEqual({ ok: true, value: 100 });
    expect(readRangeEntry("4-1/2", diameter, "inch")).toEqual({ ok: true, value: 114.3 });
    expect(readRangeEntry("4.5 in", diameter, "metric")).toEqual({ ok: true, value: 114.3 });
    expect(readRangeEntry("  ", diameter, "metric")).toEqual({ ok: true, value: undefined });
    expect(readRangeEntry("big", diameter, "metric")).toEqual({
      ok: false,
      message: '"big" is not a length: write it like 4-1/2 in, 4.5 in or 114.3 mm',
    });
  });
});
