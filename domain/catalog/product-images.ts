// Where a stored product picture's web versions are, worked out from its URL alone: the URL names
// the picture by the hash of the file that was uploaded and carries its size, so a page can write
// a <picture> with every width and format (and width/height, so nothing shifts) without asking
// the database, and the files, whose names never change, are cached for good.
// server/media/images.ts makes the files; this module is shared with the browser.

/**
 * Where a product with no picture of its own is drawn: its technical line drawing, made from its
 * attributes when asked for (server/catalog/pages/product-drawing.ts). card-columns.ts writes the
 * same address in SQL.
 */
export const productDrawingUrl = (slug: string) => `/images/products/drawings/${slug}.svg`;

/** The widths the web versions are made at (never wider than the uploaded picture). */
export const IMAGE_WIDTHS = [160, 320, 640, 1024] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A stored picture: the first 24 hex digits of its file's SHA-256, and its size upright, in pixels. */
export interface StoredImageName {
  hash: string;
  width: number;
  height: number;
}

const STORED_IMAGE_URL = /^\/media\/([0-9a-f]{24})-([1-9]\d{0,4})x([1-9]\d{0,4})-([1-9]\d{0,4})\.webp$/;

/** The widths a picture `sourceWidth` pixels wide is kept at: the standard ones below it, and its own up to the largest. */
export function imageWidths(sourceWidth: number): number[] {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 0;
  const below = IMAGE_WIDTHS.filter((width) => width < sourceWidth);
  return sourceWidth > largest ? below : [...below, sourceWidth];
}

/** The storage key of one web version. */
export const imageVariantKey = (image: StoredImageName, width: number, format: ImageFormat) =>
  `${image.hash}-${image.width}x${image.height}-${width}.${format}`;

/** The URL a product keeps in its `images`: the largest WebP version's. */
export function storedImageUrl(image: StoredImageName): string {
  const widths = imageWidths(image.width);
  return `/media/${imageVariantKey(image, widths[widths.length - 1] ?? image.width, "webp")}`;
}

/** The stored picture a URL names, or undefined for anything else (a drawn picture). */
export function parseStoredImageUrl(url: string): StoredImageName | undefined {
  const match = STORED_IMAGE_URL.exec(url);
  if (!match) return undefined;
  const image = { hash: match[1] ?? "", width: Number(match[2]), height: Number(match[3]) };
  return storedImageUrl(image) === url ? image : undefined;
}

export interface PictureSources {
  /** srcset for each format, best first. */
  sources: { type: string; srcSet: string }[];
  /** The fallback for browsers without <picture>: the largest WebP. */
  src: string;
  /** The largest version's size: the aspect ratio the browser reserves before the file arrives. */
  width: number;
  height: number;
}

/** The <picture> for a stored picture's URL, or undefined when the URL is not one (a drawn SVG). */
export function pictureSources(url: string): PictureSources | undefined {
  const image = parseStoredImageUrl(url);
  if (!image) return undefined;
  const widths = imageWidths(image.width);
  const largest = widths[widths.length - 1] ?? image.width;
  return {
    sources: IMAGE_FORMATS.map((format) => ({
      type: `image/${format}`,
      srcSet: widths.map((width) => `/media/${imageVariantKey(image, width, format)} ${width}w`).join(", "),
    })),
    src: url,
    width: largest,
    height: Math.max(1, Math.round((image.height * largest) / image.width)),
  };
}
