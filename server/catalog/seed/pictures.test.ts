import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawPicture } from "./pictures";
import { subcategoryProfiles } from "./profiles";

const profiles = Object.entries(subcategoryProfiles);

describe("the drawn product pictures", () => {
  it.each(profiles)("%s: each view is a small SVG a browser can draw", async (subcategory, profile) => {
    for (const view of [1, 2, 3]) {
      const svg = drawPicture(profile.shape, subcategory, view);
      expect(svg.length, `view ${view}`).toBeLessThan(3_000);
      const metadata = await sharp(Buffer.from(svg)).metadata();
      expect(metadata).toMatchObject({ format: "svg", width: 400, height: 400 });
    }
  });

  it("draw each kit as what is in it: hole saws, tire plugs, first aid", () => {
    const shapes = Object.fromEntries(profiles.map(([subcategory, profile]) => [subcategory, profile.shape]));
    expect(shapes).toMatchObject({
      "hole-saw-kits": "holesawkit",
      "tire-repair": "tirekit",
      "first-aid": "kit",
      "step-bits": "stepbit",
      pliers: "pliers",
      "paper-towels": "roll",
      "tool-storage": "toolchest",
    });
    const holeSawKit = drawPicture("holesawkit", "Hole Saw Kits", 1);
    // Three hole saws (rings with teeth) in the case, no first-aid cross.
    expect(holeSawKit.match(/stroke-dasharray="5 4"/g)).toHaveLength(3);
    expect(holeSawKit).not.toBe(drawPicture("kit", "Hole Saw Kits", 1));
  });

  it("name what they show, with the label's characters escaped", () => {
    expect(drawPicture("kit", `First Aid <Kits> & "More"`, 3)).toContain(
      'aria-label="First Aid &lt;Kits&gt; &amp; &quot;More&quot;"',
    );
  });
});
