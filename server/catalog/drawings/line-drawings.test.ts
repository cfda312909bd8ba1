import { XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { PictureShape } from "../seed/pictures";
import { subcategoryProfiles } from "../seed/profiles";
import { drawLineDrawing, drawProduct, type Specifications } from "./line-drawings";

/** The texts a drawing writes, in order, with XML's escapes read back. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, text]) =>
    (text ?? "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );
/** Arrowheads: the solid shapes drawn over the lines, with the texts. */
const arrows = (svg: string) => /<g fill="#000"[^>]*>(.*)<\/g>/.exec(svg)?.[1]?.match(/<path/g)?.length ?? 0;

// One part of each shape family, its attributes as the seeded catalogue writes them, and what its
// drawing must say: dimensions carry the values, notes name what is not a length.
const cases: [PictureShape, Specifications, string[]][] = [
  ["bit", { Size: "1/8 in", Length: "Jobber", "Point Angle": "118°" }, ["1/8 in", "Jobber length", "118°"]],
  ["bit", { Size: "#30", Length: "6 in", "Flute Length": "1-5/8 in" }, ["Size #30", "6 in", "1-5/8 in"]],
  ["tap", { Thread: "10-24", Type: "Plug Tap" }, ["10-24"]],
  ["holesaw", { Diameter: "1-1/4 in", "Cutting Depth": "1-5/8 in" }, ["1-1/4 in", "1-5/8 in"]],
  ["saw", { Diameter: "7-1/4 in", Teeth: "24", Arbor: "5/8 in" }, ["7-1/4 in", "24 teeth", "5/8 in"]],
  ["blade", { Length: "6 in", TPI: "18" }, ["6 in", "18 TPI"]],
  ["kit", { Type: "First Aid Kit", Capacity: "25 Person", Standard: "ANSI Class A" }, ["First Aid Kit, 25 Person"]],
  ["belt", { Size: "2 x 72 in" }, ["72 in around", "2 in"]],
  ["disc", { Diameter: "4.5 in", Thickness: "1/4 in", Arbor: "7/8 in", Type: "27" }, ["4.5 in", "1/4 in", "7/8 in"]],
  ["flap", { Diameter: "4.5 in", Arbor: "5/8-11", Type: "29" }, ["4.5 in", "5/8-11"]],
  ["sheet", { Size: "9 x 11 in" }, ["9 in", "11 in"]],
  ["brush", { Diameter: "4 in", "Wire Diameter": ".020 in", Arbor: "1/2 in" }, ["4 in", ".020 in wire", "1/2 in"]],
  ["pad", { Size: "6 x 9 in" }, ["6 in", "9 in"]],
  ["can", { Size: "12 oz" }, ["12 oz"]],
  ["tub", { Size: "35 lb Pail" }, ["35 lb Pail"]],
  ["tube", { Size: "10 oz Cartridge" }, ["10 oz Cartridge"]],
  ["bottle", { Size: "1 gal" }, ["1 gal"]],
  ["drum", { Size: "55 gal Drum" }, ["55 gal Drum"]],
  ["box", { Size: "15 x 8 x 7 in" }, ["8 in", "7 in", "15 in"]],
  ["glove", { Size: "XL", Thickness: "6 mil" }, ["Size XL", "6 mil"]],
  ["clip", { "Hole Size": "8 mm", "Head Diameter": "20 mm", Length: "15 mm" }, ["20 mm", "8 mm", "15 mm"]],
  ["valve", { Rim: "0.453 in Hole", Type: "TR413 Snap-In" }, ["0.453 in Hole", "TR413 Snap-In"]],
  ["tool", { Size: "9/16 in", Type: "Combination Wrench" }, ["9/16 in"]],
  ["tool", { Tool: "Tire Iron", Length: "24 in" }, ["Tire Iron", "24 in"]],
  ["weight", { Weight: "0.25 oz", Type: "Clip-On MC" }, ["0.25 oz"]],
  ["cabinet", { Size: "36 x 18 x 72 in" }, ["36 in", "18 in", "72 in"]],
  ["cabinet", { Capacity: "45 gal" }, ["45 gal"]],
  ["sign", { Size: "7 x 10 in", Message: "Eye Wash Station" }, ["EYE WASH STATION", "10 in", "7 in"]],
  ["screwdriver", { Tip: "Phillips #2", Length: "4 in" }, ["4 in", "Phillips #2"]],
  ["hammer", { Weight: "16 oz", Handle: "Hickory" }, ["16 oz", "Hickory handle"]],
  ["spool", { Gauge: "14 AWG", Length: "100 ft" }, ["100 ft", "14 AWG"]],
  ["spool", { Diameter: "3/8 in", Length: "25 ft" }, ["3/8 in", "25 ft long"]],
  ["fuse", { Amperage: "15 A", Type: "ATO Blade" }, ["15 A"]],
  ["tie", { Length: "8 in", "Tensile Strength": "50 lb" }, ["8 in", "50 lb tensile"]],
  ["tape", { Width: "3/4 in", Length: "66 ft" }, ["3/4 in", "66 ft long"]],
  ["shelf", { Size: "48 x 24 x 72 in", Shelves: "5 Shelves" }, ["48 in", "24 in", "72 in"]],
  ["goggles", { Lens: "Amber", Coating: "Anti-Fog" }, ["Amber lens", "Anti-Fog"]],
  ["earmuff", { NRR: "29 dB" }, ["NRR 29 dB"]],
  ["mask", { Size: "M" }, ["Size M"]],
  ["vest", { Size: "2XL", Class: "ANSI Class 3" }, ["ANSI Class 3", "Size 2XL"]],
  ["holesawkit", { Pieces: "13", Range: "3/4-2-1/2 in" }, ["13 pieces", "3/4-2-1/2 in"]],
  ["stepbit", { Range: "1/4-1-3/8 in", Steps: "13" }, ["1-3/8 in", "1/4 in", "13 steps"]],
  ["tirekit", { Type: "String Plug", Size: "1/4 in" }, ["String Plug", "1/4 in"]],
  ["pliers", { Length: "8 in", Handle: "Dipped" }, ["8 in", "Dipped"]],
  ["connector", { Gauge: "16-14 AWG" }, ["16-14 AWG"]],
  ["lug", { Gauge: "4 AWG", Stud: "3/8 in" }, ["3/8 in stud", "4 AWG"]],
  ["roll", { Quantity: "12 Rolls" }, ["12 Rolls"]],
  ["bagroll", { Capacity: "42 gal", Thickness: "3 mil" }, ["42 gal", "3 mil"]],
  ["pallet", { Type: "Spill Pallet", Drums: "4 Drum" }, ["Spill Pallet, 4 Drum"]],
  ["toolchest", { Width: "26 in", Drawers: "5 Drawer" }, ["26 in"]],
  ["bolt", { Type: "Hex Bolt", Thread: "3/8-16" }, ["3/8-16"]],
  ["bolt", { Type: "Flat Washer", Thread: "M8x1.25" }, ["For M8x1.25"]],
  ["conduit", { "Trade Size": "3/4 in", Length: "10 ft", Type: "EMT" }, ["EMT", "3/4 in", "10 ft"]],
];

const shapes = [...new Set(Object.values(subcategoryProfiles).map((profile) => profile.shape))];

describe("the line drawings", () => {
  it("cover every shape the seeded subcategories use", () => {
    expect(shapes.filter((shape) => !cases.some(([drawn]) => drawn === shape))).toEqual([]);
  });

  it.each(cases)("%s: writes its attributes' values %j", (shape, specifications, expected) => {
    const svg = drawLineDrawing(shape, "Part", specifications);
    expect(texts(svg)).toEqual(expect.arrayContaining(expected));
    expect(XMLValidator.validate(svg)).toBe(true);
  });

  it.each(shapes)("%s: without attributes is an outline alone, with no dimension or note", (shape) => {
    const svg = drawLineDrawing(shape, "Part", {});
    expect(texts(svg)).toEqual([]);
    expect(arrows(svg)).toBe(0);
    expect(svg).toMatch(/stroke-width="2"[^>]*><(path|rect|circle)/);
  });

  it("draw proportions from lengths: a thin cut-off wheel's edge is thinner than a grinding wheel's", () => {
    const edge = (thickness: string) => {
      const svg = drawLineDrawing("disc", "Wheel", { Diameter: "4.5 in", Thickness: thickness });
      return Number(/<rect x="[\d.]+" y="80" width="([\d.]+)" height="210"\/>/.exec(svg)?.[1]);
    };
    expect(edge(".045 in")).toBeLessThan(edge("1/4 in"));
    expect(edge("1/4 in")).toBeCloseTo((210 * 0.25) / 4.5, 0);
  });

  it("are SVGs a browser and sharp draw, 400 px square, that name the part", async () => {
    const svg = drawProduct({
      name: "Grinding Wheel 4.5 in",
      subcategory: "grinding-wheels",
      specifications: [
        { name: "Diameter", value: "4-1/2 in" },
        { name: "Thickness", value: "1/4 in" },
        { name: "Arbor", value: "7/8 in" },
      ],
    });
    expect(svg).toContain('aria-label="Grinding Wheel 4.5 in"');
    expect(texts(svg).sort()).toEqual(["1/4 in", "4-1/2 in", "7/8 in"]);
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ format: "svg", width: 400, height: 400 });
  });

  it("escape every text: the part's name and an operator's values", () => {
    const svg = drawLineDrawing("sign", `Sign <"A&B">`, { Size: "7 x 10 in", Message: `<script>&"` });
    expect(svg).toContain('aria-label="Sign &lt;&quot;A&amp;B&quot;&gt;"');
    expect(svg).toContain("&lt;SCRIPT&gt;&amp;&quot;");
    expect(svg).not.toContain("<script");
    expect(XMLValidator.validate(svg)).toBe(true);
  });

  it("draw a part of a subcategory the seed does not know as a box", () => {
    const svg = drawProduct({ name: "Widget", subcategory: "constructor", specifications: [] });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('aria-label="Widget"');
  });
});
