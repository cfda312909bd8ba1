// The GHS hazard pictograms as vector shapes: a red diamond on white with a black symbol, drawn in a
// 100 × 100 box. The same path data draws them into a safety data sheet (pdfkit reads SVG paths)
// and serves them to pages as SVG (app/routes/ghs-pictogram.tsx). Simplified, as the brief allows:
// each symbol is recognisable, not the official artwork.
import { GHS_PICTOGRAMS, type GhsPictogram } from "../../domain/catalog/hazards";
import { escapeXml } from "../../domain/text/xml";

/** The diamond's border, drawn red (it sits 3 units inside the box, so its stroke fits). */
export const DIAMOND = "M50 4L96 50L50 96L4 50Z";
export const DIAMOND_RED = "#e3001b";

const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

/** Each symbol, filled black with the even-odd rule (so a shape inside another is a hole). */
export const PICTOGRAM_SYMBOLS: Record<GhsPictogram, string> = {
  GHS01: `${circle(50, 60, 11)}M49 22h3l1 16h-5ZM28 38l3-3 12 10-2 2ZM72 38l-3-3-12 10 2 2ZM26 58v-4l13 2v2ZM74 58v-4l-13 2v2ZM33 74l-3-3 10-6 2 2ZM67 74l3-3-10-6-2 2Z`,
  GHS02:
    "M50 20C58 32 66 39 64 53C63 61 57 67 50 67C43 67 37 61 36 53C35 45 42 41 44 33C46 39 48 41 50 43C52 37 52 29 50 20ZM32 71H68V76H32Z",
  GHS03: `M50 20C55 28 59 32 58 39C57 43 54 45 50 45C46 45 43 43 42 39C41 34 45 31 46 26C47 30 49 32 50 33C51 29 51 25 50 20Z${circle(50, 58, 12)}${circle(50, 58, 6)}M33 72H67V76H33Z`,
  GHS04: "M30 43H64C69 43 72 47 72 50C72 53 69 57 64 57H30C27 57 25 54 25 50C25 46 27 43 30 43ZM72 47H77V53H72Z",
  GHS05: `M29 27l10-5 8 14-10 5ZM71 27l-10-5-8 14 10 5Z${circle(40, 48, 2.5)}${circle(60, 48, 2.5)}M27 60H46V66H27ZM54 60H73V66H54ZM56 66h3v4h-3ZM64 66h3v3h-3Z`,
  GHS06: `${circle(50, 40, 14)}${circle(44, 39, 3.5)}${circle(56, 39, 3.5)}M44 50H56V58H44ZM31 62l3-4 36 14-3 4ZM69 62l-3-4-36 14 3 4Z`,
  GHS07: `M45 24H55L53 60H47Z${circle(50, 69, 5)}`,
  GHS08: `${circle(50, 30, 7)}M33 75C33 52 41 41 50 41C59 41 67 52 67 75ZM50 49L52.5 56H59L54 60L56 67L50 63L44 67L46 60L41 56H47.5Z`,
  GHS09:
    "M31 71V46L25 39L27 37L32 43V30H35V42L41 34L43 36L35 46V71ZM47 60C53 52 63 52 70 60C63 68 53 68 47 60ZM47 60L41 54V66ZM26 72H72V75H26Z",
};

/** The pictogram as an SVG picture, named by its GHS name for screen readers. */
export function pictogramSvg(code: GhsPictogram): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img" aria-label="${escapeXml(GHS_PICTOGRAMS[code])}">`,
    `<path d="${DIAMOND}" fill="#fff" stroke="${DIAMOND_RED}" stroke-width="6" stroke-linejoin="miter"/>`,
    `<path d="${PICTOGRAM_SYMBOLS[code]}" fill="#000" fill-rule="evenodd"/>`,
    "</svg>",
  ].join("");
}
