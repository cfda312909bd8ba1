import { describe, expect, it } from "vitest";
import { imageWidths, parseStoredImageUrl, pictureSources, storedImageUrl } from "./product-images";

const hash = "0123456789abcdef01234567";

describe("the widths a stored picture is kept at", () => {
  it.each([
    [2400, [160, 320, 640, 1024]],
    [1024, [160, 320, 640, 1024]],
    [700, [160, 320, 640, 700]],
    [320, [160, 320]],
    [100, [100]],
  ])("a picture %i pixels wide: %j", (width, widths) => {
    expect(imageWidths(width)).toEqual(widths);
  });
});

describe("a stored picture's URL", () => {
  it("names its largest WebP version and gives back the picture it was made from", () => {
    const url = storedImageUrl({ hash, width: 1500, height: 1000 });
    expect(url).toBe(`/media/${hash}-1500x1000-1024.webp`);
    expect(parseStoredImageUrl(url)).toEqual({ hash, width: 1500, height: 1000 });
  });

  it("is not one when it is a drawn picture, another version, or a path", () => {
    expect(parseStoredImageUrl("/images/products/hole-saw-kits-1.svg")).toBeUndefined();
    expect(parseStoredImageUrl(`/media/${hash}-1500x1000-640.webp`)).toBeUndefined();
    expect(parseStoredImageUrl(`/media/${hash}-1500x1000-1024.avif`)).toBeUndefined();
    expect(parseStoredImageUrl(`/media/../${hash}-1500x1000-1024.webp`)).toBeUndefined();
  });
});

describe("the <picture> of a stored picture", () => {
  it("offers AVIF then WebP at every width, with the largest version's size for the space it takes", () => {
    const sources = pictureSources(`/media/${hash}-700x350-700.webp`);
    expect(sources).toEqual({
      sources: [
        {
          type: "image/avif",
          srcSet: `/media/${hash}-700x350-160.avif 160w, /media/${hash}-700x350-320.avif 320w, /media/${hash}-700x350-640.avif 640w, /media/${hash}-700x350-700.avif 700w`,
        },
        {
          type: "image/webp",
          srcSet: `/media/${hash}-700x350-160.webp 160w, /media/${hash}-700x350-320.webp 320w, /media/${hash}-700x350-640.webp 640w, /media/${hash}-700x350-700.webp 700w`,
        },
      ],
      src: `/media/${hash}-700x350-700.webp`,
      width: 700,
      height: 350,
    });
  });

  it("scales the height with the largest width kept (2400 × 1800 is shown from 1024 × 768)", () => {
    expect(pictureSources(`/media/${hash}-2400x1800-1024.webp`)).toMatchObject({ width: 1024, height: 768 });
  });
});
