// The pictures the store first shipped with, one set per subcategory: view 1 the part, view 2 the
// part in a second colourway, view 3 its label. Parts now show a line drawing of their own
// (server/catalog/drawings/, one drawer per PictureShape); these still answer at their addresses,
// which products stored before, and exports of them, name.
import { escapeXml } from "../../../domain/text/xml";

export type PictureShape =
  | "bit"
  | "tap"
  | "holesaw"
  | "saw"
  | "blade"
  | "kit"
  | "belt"
  | "disc"
  | "flap"
  | "sheet"
  | "brush"
  | "pad"
  | "can"
  | "tub"
  | "tube"
  | "bottle"
  | "drum"
  | "box"
  | "glove"
  | "clip"
  | "valve"
  | "tool"
  | "weight"
  | "cabinet"
  | "sign"
  | "screwdriver"
  | "hammer"
  | "spool"
  | "fuse"
  | "tie"
  | "tape"
  | "shelf"
  | "goggles"
  | "earmuff"
  | "mask"
  | "vest"
  | "holesawkit"
  | "stepbit"
  | "tirekit"
  | "pliers"
  | "connector"
  | "lug"
  | "roll"
  | "bagroll"
  | "pallet"
  | "toolchest"
  | "bolt"
  | "conduit";

export const PICTURE_VIEWS = 3;

interface Palette {
  background: string;
  main: string;
  accent: string;
  light: string;
}

const steel: Palette = { background: "#eef2f7", main: "#1e3a5f", accent: "#f59e0b", light: "#94a3b8" };
const rust: Palette = { background: "#fdf6e3", main: "#7c2d12", accent: "#0f766e", light: "#d6b98c" };

/** A hole saw seen from its cutting end: a ring with teeth round it. */
const holeSawRing = (p: Palette, x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${p.accent}" stroke-width="8" stroke-dasharray="5 4"/><circle cx="${x}" cy="${y}" r="${r - 6}" fill="${p.main}"/><circle cx="${x}" cy="${y}" r="${r - 16}" fill="${p.light}"/><circle cx="${x}" cy="${y}" r="6" fill="${p.main}"/>`;

/** An open case with a lid line and two latches, its foam in the palette's light colour. */
const openCase = (p: Palette) =>
  `<rect x="50" y="90" width="300" height="230" rx="14" fill="${p.main}"/><rect x="66" y="106" width="268" height="198" rx="8" fill="${p.light}"/><rect x="110" y="312" width="34" height="14" fill="${p.accent}"/><rect x="256" y="312" width="34" height="14" fill="${p.accent}"/>`;

const drawings: Record<PictureShape, (p: Palette) => string> = {
  bit: (p) =>
    `<rect x="60" y="188" width="130" height="24" rx="4" fill="${p.light}"/><path d="M190 186 L320 186 L350 200 L320 214 L190 214 Z" fill="${p.main}"/><path d="M200 186 l20 28 M230 186 l20 28 M260 186 l20 28 M290 186 l20 28" stroke="${p.accent}" stroke-width="4"/>`,
  tap: (p) =>
    `<rect x="70" y="184" width="90" height="32" fill="${p.light}"/><rect x="160" y="180" width="170" height="40" rx="6" fill="${p.main}"/><path d="M170 180 v40 M190 180 v40 M210 180 v40 M230 180 v40 M250 180 v40 M270 180 v40 M290 180 v40 M310 180 v40" stroke="${p.accent}" stroke-width="3"/>`,
  holesaw: (p) =>
    `<ellipse cx="200" cy="250" rx="110" ry="40" fill="${p.main}"/><rect x="90" y="150" width="220" height="100" fill="${p.main}"/><ellipse cx="200" cy="150" rx="110" ry="40" fill="${p.light}"/><path d="M95 250 l10 12 l10 -12 l10 12 l10 -12 l10 12 l10 -12 l10 12 l10 -12 l10 12 l10 -12" stroke="${p.accent}" stroke-width="4" fill="none"/>`,
  saw: (p) =>
    `<circle cx="200" cy="200" r="130" fill="${p.light}" stroke="${p.main}" stroke-width="12" stroke-dasharray="14 6"/><circle cx="200" cy="200" r="24" fill="${p.background}" stroke="${p.main}" stroke-width="6"/><circle cx="200" cy="200" r="80" fill="none" stroke="${p.accent}" stroke-width="4"/>`,
  blade: (p) =>
    `<path d="M50 180 L340 180 L350 200 L50 220 Z" fill="${p.light}"/><path d="M50 220 l10 10 l10 -10 l10 10 l10 -10 l10 10 l10 -10 l10 10 l10 -10 l10 10 l10 -10 l10 10 l10 -10 l10 10 l10 -10" stroke="${p.main}" stroke-width="4" fill="none"/><rect x="50" y="180" width="60" height="40" fill="${p.accent}"/>`,
  kit: (p) =>
    `<rect x="70" y="110" width="260" height="190" rx="18" fill="${p.main}"/><rect x="170" y="90" width="60" height="30" rx="8" fill="none" stroke="${p.main}" stroke-width="10"/><rect x="180" y="160" width="40" height="90" fill="${p.accent}"/><rect x="155" y="185" width="90" height="40" fill="${p.accent}"/>`,
  belt: (p) =>
    `<rect x="70" y="130" width="260" height="140" rx="70" fill="none" stroke="${p.main}" stroke-width="34"/><rect x="70" y="130" width="260" height="140" rx="70" fill="none" stroke="${p.accent}" stroke-width="4" stroke-dasharray="6 10"/>`,
  disc: (p) =>
    `<circle cx="200" cy="200" r="130" fill="${p.main}"/><circle cx="200" cy="200" r="100" fill="none" stroke="${p.light}" stroke-width="3"/><circle cx="200" cy="200" r="45" fill="${p.accent}"/><circle cx="200" cy="200" r="22" fill="${p.background}"/>`,
  flap: (p) =>
    `<circle cx="200" cy="200" r="130" fill="${p.light}"/>${Array.from({ length: 18 }, (_, i) => `<path d="M200 200 L${200 + 130 * Math.cos((i * Math.PI) / 9)} ${200 + 130 * Math.sin((i * Math.PI) / 9)}" stroke="${p.main}" stroke-width="6"/>`).join("")}<circle cx="200" cy="200" r="40" fill="${p.accent}"/><circle cx="200" cy="200" r="20" fill="${p.background}"/>`,
  sheet: (p) =>
    `<rect x="110" y="70" width="200" height="260" fill="${p.light}" transform="rotate(8 200 200)"/><rect x="100" y="70" width="200" height="260" fill="${p.main}"/><rect x="120" y="90" width="160" height="40" fill="${p.accent}"/>`,
  brush: (p) =>
    `<circle cx="200" cy="200" r="130" fill="none" stroke="${p.light}" stroke-width="60" stroke-dasharray="2 4"/><circle cx="200" cy="200" r="70" fill="${p.main}"/><circle cx="200" cy="200" r="22" fill="${p.accent}"/>`,
  pad: (p) =>
    `<rect x="80" y="120" width="240" height="160" rx="20" fill="${p.main}"/><rect x="80" y="120" width="240" height="160" rx="20" fill="none" stroke="${p.light}" stroke-width="6" stroke-dasharray="3 9"/>`,
  can: (p) =>
    `<rect x="140" y="110" width="120" height="220" rx="16" fill="${p.main}"/><rect x="165" y="80" width="70" height="34" rx="8" fill="${p.light}"/><rect x="188" y="62" width="24" height="20" fill="${p.accent}"/><rect x="140" y="170" width="120" height="70" fill="${p.accent}"/>`,
  tub: (p) =>
    `<path d="M110 150 L290 150 L275 310 L125 310 Z" fill="${p.main}"/><rect x="100" y="125" width="200" height="30" rx="8" fill="${p.light}"/><rect x="130" y="200" width="140" height="50" fill="${p.accent}"/>`,
  tube: (p) =>
    `<path d="M120 150 L300 170 L300 230 L120 250 Z" fill="${p.main}"/><rect x="300" y="185" width="40" height="30" fill="${p.light}"/><rect x="90" y="150" width="30" height="100" fill="${p.light}"/><rect x="160" y="180" width="100" height="40" fill="${p.accent}"/>`,
  bottle: (p) =>
    `<path d="M150 140 L250 140 L260 330 L140 330 Z" fill="${p.main}"/><rect x="175" y="90" width="50" height="50" fill="${p.light}"/><rect x="170" y="70" width="60" height="24" rx="6" fill="${p.accent}"/><rect x="155" y="200" width="90" height="70" fill="${p.accent}"/>`,
  drum: (p) =>
    `<rect x="110" y="90" width="180" height="240" rx="12" fill="${p.main}"/><path d="M110 160 h180 M110 260 h180" stroke="${p.light}" stroke-width="10"/><rect x="140" y="180" width="120" height="60" fill="${p.accent}"/>`,
  box: (p) =>
    `<path d="M90 150 L200 110 L310 150 L310 290 L200 330 L90 290 Z" fill="${p.main}"/><path d="M90 150 L200 190 L310 150 M200 190 L200 330" stroke="${p.light}" stroke-width="6" fill="none"/><rect x="215" y="220" width="70" height="40" fill="${p.accent}" transform="skewY(-20)"/>`,
  glove: (p) =>
    `<path d="M140 330 L140 190 L120 130 Q118 112 134 112 L160 170 L160 90 Q160 75 175 75 Q190 75 190 90 L190 165 L200 80 Q202 65 217 66 Q232 68 230 84 L222 165 L245 100 Q250 85 264 90 Q277 95 272 110 L250 200 L250 330 Z" fill="${p.main}"/><rect x="140" y="290" width="110" height="40" fill="${p.accent}"/>`,
  clip: (p) =>
    `<ellipse cx="200" cy="140" rx="80" ry="24" fill="${p.main}"/><rect x="185" y="140" width="30" height="140" fill="${p.main}"/><path d="M185 200 l-25 40 M215 200 l25 40 M185 240 l-25 40 M215 240 l25 40" stroke="${p.accent}" stroke-width="8"/>`,
  valve: (p) =>
    `<path d="M160 300 Q160 250 185 240 L185 130 L215 130 L215 240 Q240 250 240 300 Z" fill="${p.main}"/><rect x="180" y="90" width="40" height="44" rx="6" fill="${p.accent}"/>`,
  tool: (p) =>
    `<rect x="120" y="185" width="200" height="30" rx="10" fill="${p.light}" transform="rotate(-30 200 200)"/><circle cx="115" cy="255" r="45" fill="${p.main}"/><circle cx="115" cy="255" r="20" fill="${p.background}"/><circle cx="290" cy="150" r="38" fill="${p.main}"/><rect x="276" y="120" width="28" height="30" fill="${p.background}" transform="rotate(-30 290 150)"/>`,
  weight: (p) =>
    `<rect x="90" y="170" width="220" height="60" rx="10" fill="${p.light}"/><path d="M90 230 q110 40 220 0" stroke="${p.main}" stroke-width="10" fill="none"/><rect x="110" y="180" width="40" height="40" fill="${p.accent}"/>`,
  cabinet: (p) =>
    `<rect x="110" y="70" width="180" height="270" rx="6" fill="${p.main}"/><path d="M200 70 v270" stroke="${p.background}" stroke-width="4"/><rect x="180" y="190" width="8" height="40" fill="${p.light}"/><rect x="212" y="190" width="8" height="40" fill="${p.light}"/><rect x="130" y="100" width="50" height="30" fill="${p.accent}"/>`,
  sign: (p) =>
    `<rect x="80" y="110" width="240" height="180" rx="10" fill="${p.accent}"/><path d="M200 140 L260 250 L140 250 Z" fill="${p.main}"/><rect x="195" y="175" width="10" height="45" fill="${p.accent}"/>`,
  screwdriver: (p) =>
    `<rect x="70" y="175" width="120" height="50" rx="22" fill="${p.main}"/><rect x="190" y="192" width="130" height="16" fill="${p.light}"/><path d="M320 192 L345 200 L320 208 Z" fill="${p.light}"/><rect x="90" y="185" width="80" height="8" fill="${p.accent}"/>`,
  hammer: (p) =>
    `<rect x="190" y="150" width="24" height="200" rx="8" fill="${p.accent}"/><rect x="120" y="100" width="170" height="60" rx="10" fill="${p.main}"/>`,
  spool: (p) =>
    `<rect x="120" y="110" width="160" height="180" fill="${p.accent}"/><path d="M120 130 h160 M120 150 h160 M120 170 h160 M120 190 h160 M120 210 h160 M120 230 h160 M120 250 h160 M120 270 h160" stroke="${p.main}" stroke-width="6"/><rect x="100" y="90" width="200" height="24" rx="6" fill="${p.main}"/><rect x="100" y="286" width="200" height="24" rx="6" fill="${p.main}"/>`,
  fuse: (p) =>
    `<rect x="140" y="110" width="120" height="110" rx="10" fill="${p.accent}"/><rect x="160" y="220" width="22" height="90" fill="${p.light}"/><rect x="218" y="220" width="22" height="90" fill="${p.light}"/><rect x="160" y="130" width="80" height="30" fill="${p.main}"/>`,
  tie: (p) =>
    `<path d="M90 300 Q200 60 310 300" stroke="${p.main}" stroke-width="18" fill="none"/><rect x="80" y="290" width="30" height="30" fill="${p.main}"/><path d="M110 260 l12 -20 M140 200 l12 -18 M170 160 l12 -12" stroke="${p.light}" stroke-width="4"/>`,
  tape: (p) =>
    `<circle cx="200" cy="200" r="120" fill="${p.main}"/><circle cx="200" cy="200" r="55" fill="${p.light}"/><circle cx="200" cy="200" r="40" fill="${p.background}"/><path d="M300 260 L340 330 L300 330 Z" fill="${p.main}"/>`,
  shelf: (p) =>
    `<path d="M110 70 v270 M290 70 v270" stroke="${p.main}" stroke-width="12"/><path d="M110 90 h180 M110 160 h180 M110 230 h180 M110 300 h180" stroke="${p.light}" stroke-width="14"/><rect x="130" y="120" width="50" height="32" fill="${p.accent}"/><rect x="210" y="262" width="60" height="30" fill="${p.accent}"/>`,
  goggles: (p) =>
    `<rect x="90" y="160" width="100" height="80" rx="30" fill="${p.light}" stroke="${p.main}" stroke-width="10"/><rect x="210" y="160" width="100" height="80" rx="30" fill="${p.light}" stroke="${p.main}" stroke-width="10"/><path d="M190 190 h20" stroke="${p.main}" stroke-width="10"/><path d="M90 190 L50 180 M310 190 L350 180" stroke="${p.accent}" stroke-width="8"/>`,
  earmuff: (p) =>
    `<path d="M120 220 Q120 80 200 80 Q280 80 280 220" stroke="${p.main}" stroke-width="16" fill="none"/><rect x="90" y="200" width="60" height="100" rx="26" fill="${p.accent}"/><rect x="250" y="200" width="60" height="100" rx="26" fill="${p.accent}"/>`,
  mask: (p) =>
    `<path d="M110 170 Q200 110 290 170 L270 270 Q200 320 130 270 Z" fill="${p.light}"/><circle cx="160" cy="250" r="28" fill="${p.accent}"/><circle cx="240" cy="250" r="28" fill="${p.accent}"/><path d="M110 170 L60 150 M290 170 L340 150" stroke="${p.main}" stroke-width="6"/>`,
  holesawkit: (p) =>
    `${openCase(p)}${holeSawRing(p, 118, 165, 40)}${holeSawRing(p, 212, 165, 48)}${holeSawRing(p, 292, 172, 30)}<rect x="90" y="250" width="30" height="28" fill="${p.accent}"/><rect x="120" y="256" width="140" height="16" rx="4" fill="${p.main}"/><path d="M260 258 L310 264 L260 270 Z" fill="${p.main}"/>`,
  stepbit: (p) =>
    `<rect x="60" y="188" width="112" height="24" fill="${p.light}"/><path d="M170 130 H200 V145 H230 V160 H260 V172 H290 V184 H320 L345 200 L320 216 H290 V228 H260 V240 H230 V255 H200 V270 H170 Z" fill="${p.main}"/><path d="M176 200 H336" stroke="${p.accent}" stroke-width="4"/>`,
  tirekit: (p) =>
    `${openCase(p)}<rect x="86" y="130" width="96" height="24" rx="10" fill="${p.accent}"/><rect x="127" y="152" width="14" height="120" fill="${p.main}"/><rect x="186" y="130" width="96" height="24" rx="10" fill="${p.accent}"/><path d="M234 152 v110 l-6 14 h12 l-6 -14" stroke="${p.main}" stroke-width="12" fill="none"/><path d="M300 134 v140 M318 134 v140" stroke="#78350f" stroke-width="10" stroke-linecap="round"/>`,
  pliers: (p) =>
    `<path d="M200 200 L215 70 M200 200 L185 70" stroke="${p.main}" stroke-width="20" stroke-linecap="round"/><path d="M200 200 L140 345 M200 200 L260 345" stroke="${p.accent}" stroke-width="26" stroke-linecap="round"/><circle cx="200" cy="200" r="16" fill="${p.light}"/>`,
  connector: (p) =>
    `<rect x="20" y="192" width="70" height="16" fill="${p.main}"/><rect x="310" y="192" width="70" height="16" fill="${p.main}"/><rect x="80" y="188" width="60" height="24" fill="${p.light}"/><rect x="260" y="188" width="60" height="24" fill="${p.light}"/><rect x="130" y="168" width="140" height="64" rx="16" fill="${p.accent}"/><path d="M172 168 v64 M228 168 v64" stroke="${p.main}" stroke-width="6"/>`,
  lug: (p) =>
    `<circle cx="120" cy="200" r="60" fill="${p.light}"/><circle cx="120" cy="200" r="24" fill="${p.background}"/><rect x="170" y="178" width="56" height="44" fill="${p.light}"/><rect x="222" y="166" width="100" height="68" rx="8" fill="${p.accent}"/><rect x="320" y="180" width="60" height="40" rx="6" fill="${p.main}"/>`,
  roll: (p) =>
    `<path d="M130 90 V310 A70 20 0 0 0 270 310 V90" fill="#ffffff" stroke="${p.main}" stroke-width="6"/><ellipse cx="200" cy="90" rx="70" ry="20" fill="#ffffff" stroke="${p.main}" stroke-width="6"/><ellipse cx="200" cy="90" rx="22" ry="7" fill="${p.light}"/><path d="M133 170 h134 M133 245 h134" stroke="${p.light}" stroke-width="4" stroke-dasharray="6 6"/>`,
  bagroll: (p) =>
    `<path d="M205 240 Q150 160 220 110 L238 92 L256 110 Q320 160 275 240 Z" fill="${p.main}"/><path d="M226 96 l24 -24 M250 96 l-24 -24" stroke="${p.accent}" stroke-width="6"/><rect x="70" y="230" width="210" height="84" rx="10" fill="${p.main}"/><ellipse cx="280" cy="272" rx="24" ry="42" fill="${p.light}"/><ellipse cx="280" cy="272" rx="8" ry="14" fill="${p.background}"/>`,
  pallet: (p) =>
    `<rect x="85" y="110" width="105" height="160" rx="8" fill="${p.main}"/><rect x="210" y="110" width="105" height="160" rx="8" fill="${p.main}"/><path d="M85 160 h105 M85 220 h105 M210 160 h105 M210 220 h105" stroke="${p.light}" stroke-width="6"/><rect x="60" y="268" width="280" height="14" fill="${p.light}"/><path d="M60 282 L340 282 L328 330 L72 330 Z" fill="${p.accent}"/>`,
  toolchest: (p) =>
    `<rect x="82" y="88" width="236" height="26" rx="8" fill="${p.accent}"/><rect x="90" y="112" width="220" height="220" rx="8" fill="${p.main}"/><path d="M90 160 h220 M90 204 h220 M90 248 h220 M90 290 h220" stroke="${p.background}" stroke-width="4"/><path d="M170 136 h60 M170 182 h60 M170 226 h60 M170 269 h60 M170 311 h60" stroke="${p.light}" stroke-width="6" stroke-linecap="round"/><circle cx="115" cy="344" r="12" fill="${p.light}"/><circle cx="285" cy="344" r="12" fill="${p.light}"/>`,
  bolt: (p) =>
    `<path d="M70 160 h50 l16 40 l-16 40 h-50 l-16 -40 Z" fill="${p.main}"/><rect x="136" y="182" width="200" height="36" fill="${p.light}"/><path d="M190 182 l10 36 M210 182 l10 36 M230 182 l10 36 M250 182 l10 36 M270 182 l10 36 M290 182 l10 36 M310 182 l10 36" stroke="${p.main}" stroke-width="3"/><path d="M250 270 h44 l22 34 l-22 34 h-44 l-22 -34 Z" fill="${p.accent}"/><circle cx="272" cy="304" r="14" fill="${p.background}"/>`,
  conduit: (p) =>
    [140, 200, 260]
      .map(
        (y) =>
          `<rect x="60" y="${y - 22}" width="260" height="44" fill="${p.light}"/><rect x="270" y="${y - 26}" width="30" height="52" fill="${p.accent}"/><ellipse cx="320" cy="${y}" rx="12" ry="22" fill="${p.main}"/><ellipse cx="320" cy="${y}" rx="6" ry="13" fill="${p.background}"/>`,
      )
      .join(""),
  vest: (p) =>
    `<path d="M130 80 L170 80 L200 150 L230 80 L270 80 L300 140 L300 330 L100 330 L100 140 Z" fill="${p.accent}"/><path d="M100 230 h200 M100 270 h200" stroke="${p.light}" stroke-width="14"/>`,
};

/** The SVG for a subcategory's view (1-based); the label names what it shows. */
export function drawPicture(shape: PictureShape, label: string, view: number): string {
  const palette = view === 2 ? rust : steel;
  const name = escapeXml(label);
  const body =
    view === 3
      ? `<rect x="60" y="110" width="280" height="180" rx="12" fill="#ffffff" stroke="${palette.main}" stroke-width="6"/><rect x="60" y="110" width="280" height="44" rx="12" fill="${palette.main}"/><text x="200" y="140" font-family="sans-serif" font-size="20" font-weight="700" fill="#ffffff" text-anchor="middle">${name}</text><g transform="translate(130 168) scale(0.35)">${drawings[shape](palette)}</g>`
      : drawings[shape](palette);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${name}"><rect width="400" height="400" fill="${palette.background}"/>${body}</svg>`;
}
