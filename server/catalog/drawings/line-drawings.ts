// Technical line drawings of parts, made from each part's own attributes: one drawer per shape
// family (the subcategory profiles' PictureShape), each drawing its outline always and a dimension
// or a note for every attribute it knows that the part has. Proportions follow the values where
// they are lengths (a thin wheel is drawn thin), within limits that keep every part legible.
import { parseMeasure } from "../../../domain/catalog/units";
import type { PictureShape } from "../seed/pictures";
import { subcategoryProfiles } from "../seed/profiles";
import { Sketch } from "./sketch";

/** A part's specifications as its page shows them: attribute name → value. */
export type Specifications = Readonly<Record<string, string>>;

interface Length {
  text: string;
  mm: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function lengthOf(text: string | undefined): Length | undefined {
  if (!text) return undefined;
  const read = parseMeasure(text, "length");
  return read.ok && read.value > 0 ? { text, mm: read.value } : undefined;
}

/** "36 x 18 x 72 in" → 36 in, 18 in and 72 in; undefined when any part is not a length. */
function lengthsOf(text: string | undefined): Length[] | undefined {
  const match = /^(.+?)\s*(in|mm|cm|ft)\.?$/i.exec(text?.trim() ?? "");
  if (!match?.[1] || !match[2]) return undefined;
  const unit = match[2];
  const parts = match[1].split(/\s*[x×]\s*/i).map((part) => lengthOf(`${part} ${unit}`));
  return parts.every((part) => part !== undefined) ? parts : undefined;
}

/** A step drill's "1/4-1-3/8 in" → its smallest and largest step. */
function rangeOf(text: string | undefined): [Length, Length] | undefined {
  const match = /^(\d+(?:[-\s]\d+)?(?:\/\d+)?)-(\d+(?:-\d+\/\d+|\/\d+)?)\s*(in|mm)$/.exec(text?.trim() ?? "");
  const low = lengthOf(match ? `${match[1]} ${match[3]}` : undefined);
  const high = lengthOf(match ? `${match[2]} ${match[3]}` : undefined);
  return low && high ? [low, high] : undefined;
}

const countOf = (text: string | undefined) => {
  const match = /\d+/.exec(text ?? "");
  return match ? Number(match[0]) : undefined;
};

/** What a drawer reads: the first of several names a value may go by. */
class Values {
  constructor(private readonly specifications: Specifications) {}
  text(...names: string[]): string | undefined {
    for (const name of names) {
      const value = this.specifications[name]?.trim();
      if (value) return value;
    }
    return undefined;
  }
  length(...names: string[]) {
    return lengthOf(this.text(...names));
  }
  count(...names: string[]) {
    return countOf(this.text(...names));
  }
}

type Drawer = (s: Sketch, v: Values) => void;

/** A wearable's size as its label says it: "Size L", but "One Size". */
const sized = (size: string) => (/size/i.test(size) ? size : `Size ${size}`);

// Round parts seen face on, with the edge beside: wheels, discs, blades, brushes, tape.
type Face = "wheel" | "flaps" | "teeth" | "bristles" | "tape";

function roundPart(face: Face): Drawer {
  return (s, v) => {
    const diameter = v.length("Diameter");
    const thickness = v.length("Thickness", "Width");
    const arborText = v.text("Arbor");
    const arbor = lengthOf(arborText);
    const cx = 150;
    const cy = 185;
    const r = 105;
    const ex = 318;
    const type = v.text("Type") ?? "";
    const depressed = face === "wheel" && /^2[78]$/.test(type);
    let hole = 0;
    if (face === "tape") hole = r * 0.52;
    else if (arbor && diameter) hole = clamp((r * arbor.mm) / diameter.mm, 6, r * 0.5);
    else if (arborText) hole = 15;

    if (face === "teeth") {
      const teeth = clamp(v.count("Teeth") ?? 24, 12, 60);
      const points: string[] = [];
      for (let i = 0; i < teeth; i++) {
        const a = (i / teeth) * 2 * Math.PI;
        const b = ((i + 0.75) / teeth) * 2 * Math.PI;
        points.push(
          `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`,
          `${(cx + (r - 9) * Math.cos(b)).toFixed(1)} ${(cy + (r - 9) * Math.sin(b)).toFixed(1)}`,
        );
      }
      s.path(`M${points.join("L")}Z`);
    } else {
      s.circle(cx, cy, r);
    }
    if (depressed) s.circle(cx, cy, r * 0.42);
    if (face === "flaps") {
      s.circle(cx, cy, r * 0.45);
      for (let i = 0; i < 24; i++) {
        const a = (i / 24) * 2 * Math.PI;
        s.detail(
          `M${(cx + r * 0.45 * Math.cos(a)).toFixed(1)} ${(cy + r * 0.45 * Math.sin(a)).toFixed(1)}L${(cx + r * Math.cos(a + 0.3)).toFixed(1)} ${(cy + r * Math.sin(a + 0.3)).toFixed(1)}`,
        );
      }
    }
    if (face === "bristles") {
      s.circle(cx, cy, r * 0.38);
      const wires = Array.from({ length: 48 }, (_, i) => {
        const a = (i / 48) * 2 * Math.PI;
        return `M${(cx + r * 0.42 * Math.cos(a)).toFixed(1)} ${(cy + r * 0.42 * Math.sin(a)).toFixed(1)}L${(cx + (r - 3) * Math.cos(a)).toFixed(1)} ${(cy + (r - 3) * Math.sin(a)).toFixed(1)}`;
      });
      s.detail(wires.join(""));
    }
    if (face === "tape") s.circle(cx, cy, r * 0.6);
    const holes = countOf(v.text("Holes"));
    if (holes) {
      for (let i = 0; i < holes; i++) {
        const a = (i / holes) * 2 * Math.PI - Math.PI / 2;
        s.circle(cx + r * 0.62 * Math.cos(a), cy + r * 0.62 * Math.sin(a), 5);
      }
    }
    if (hole > 0) s.circle(cx, cy, hole);
    // A threaded arbor ("5/8-11") is a hub with the thread drawn as its hidden root circle.
    if (hole > 0 && arborText && !arbor) s.hidden(`M${cx - hole - 4} ${cy}a${hole + 4} ${hole + 4} 0 1 0 0 0.1`);
    if (/quick-change/i.test(v.text("Attachment") ?? "")) s.circle(cx, cy, 12);
    s.centre(cx, cy, r + 12);

    // The edge view.
    let width = 5;
    if (thickness && diameter) width = clamp((2 * r * thickness.mm) / diameter.mm, 3, 60);
    else if (face === "tape") width = thickness ? clamp(thickness.mm * 1.6, 14, 60) : 30;
    else if (face === "bristles") width = 24;
    const left = ex - width / 2;
    if (face === "flaps" && type === "29") {
      s.path(
        `M${left} ${cy - r}h${width}L${left + width + 10} ${cy - r * 0.45}V${cy + r * 0.45}L${left + width} ${cy + r}h${-width}L${left - 6} ${cy + r * 0.45}V${cy - r * 0.45}Z`,
      );
    } else {
      s.rect(left, cy - r, width, 2 * r);
    }
    if (depressed) s.rect(left + width, cy - r * 0.42, 8, r * 0.84);
    if (face === "bristles") s.rect(left + 3, cy - r * 0.38, width - 6, r * 0.76, { filled: true });
    if (face === "tape") s.detail(`M${left} ${cy - r * 0.6}h${width}M${left} ${cy + r * 0.6}h${width}`);
    if (hole > 0) s.hidden(`M${left} ${cy - hole}h${width}M${left} ${cy + hole}h${width}`);
    s.centre(ex, cy, width / 2 + 14, 0);

    if (diameter) s.horizontal(cx - r, cx + r, cy + r + 32, diameter.text, { y1: cy });
    if (thickness) s.horizontal(left, left + width, cy - r - 22, thickness.text, { y1: cy - r });
    if (arborText && hole > 0) s.leader(cx + hole * 0.7, cy - hole * 0.7, cx + 62, cy - r - 18, arborText);
    const teeth = v.text("Teeth");
    if (face === "teeth" && teeth) s.leader(cx - r * 0.7, cy - r * 0.7, 24, 40, `${teeth} teeth`);
    const wire = v.text("Wire Diameter");
    if (wire) s.leader(cx + r * 0.75, cy + r * 0.62, cx + r + 20, cy + r + 16, `${wire} wire`);
    const roll = v.text("Length");
    if (face === "tape" && roll) s.leader(cx - r * 0.7, cy + r * 0.7, 14, cy + r + 4, `${roll} long`);
  };
}

/** Drill bits, reamers, extractors and aircraft bits from the side: shank, flutes, point. */
const bit: Drawer = (s, v) => {
  const sizeText = v.text("Size", "Diameter", "Screw Size");
  const diameter = v.length("Size", "Diameter");
  const lengthText = v.text("Overall Length", "Length");
  const overall = lengthOf(lengthText);
  const flute = v.length("Flute Length");
  const x0 = 95;
  const span = 270;
  const y = 175;
  const h = diameter && overall ? clamp((span * diameter.mm) / overall.mm, 6, 70) : 26;
  const fluted = flute && overall ? clamp((span * flute.mm) / overall.mm, 40, span - 30) : span * 0.62;
  const reamer = v.text("Flute") !== undefined;
  const extractor = v.text("Screw Size") !== undefined;
  const tip = extractor ? fluted * 0.7 : reamer ? 4 : h / 2 / Math.tan((59 * Math.PI) / 180);
  const end = x0 + span;
  const start = end - fluted;
  const tipHalf = extractor ? h / 5 : reamer ? h / 2 - 3 : 0;
  s.path(
    `M${x0 + 2} ${y - h / 2}H${end - tip}L${end} ${y - tipHalf}V${y + tipHalf}L${end - tip} ${y + h / 2}H${x0 + 2}L${x0} ${y + h / 2 - 2}V${y - h / 2 + 2}Z`,
  );
  s.detail(`M${start} ${y - h / 2}V${y + h / 2}`);
  if (/straight/i.test(v.text("Flute", "Type") ?? "")) {
    s.detail(`M${start} ${y - h / 6}H${end - tip}M${start} ${y + h / 6}H${end - tip}`);
  } else {
    const helix: string[] = [];
    for (let x = start + 6; x < end - tip - 4; x += Math.max(12, h * 0.9)) {
      helix.push(`M${x} ${y - h / 2}L${x + h * 0.55} ${y + h / 2}`);
    }
    s.detail(helix.join(""));
  }
  s.centre((x0 + end) / 2, y, span / 2 + 12, 0);
  if (sizeText)
    s.vertical(y - h / 2, y + h / 2, x0 - 14, diameter ? sizeText : `Size ${sizeText}`, { from: { x1: x0 } });
  if (lengthText) {
    const label = overall || /length/i.test(lengthText) ? lengthText : `${lengthText} length`;
    s.horizontal(x0, end, y + h / 2 + 40, label, { y1: y + h / 2 });
  }
  if (flute) s.horizontal(start, end, y - h / 2 - 30, flute.text, { y1: y - h / 2 });
  const point = v.text("Point Angle");
  if (point) s.leader(end - tip / 2, y - h / 4, end - 30, y - h / 2 - 60, point);
};

/** Taps from the side, dies face on: the thread called out by a leader. */
const tap: Drawer = (s, v) => {
  const thread = v.text("Thread");
  const type = v.text("Type") ?? "";
  if (/die/i.test(type)) {
    const cx = 190;
    const cy = 190;
    if (/hex/i.test(type)) {
      const corners = Array.from({ length: 6 }, (_, i) => {
        const a = (i / 6) * 2 * Math.PI;
        return `${(cx + 115 * Math.cos(a)).toFixed(1)} ${(cy + 115 * Math.sin(a)).toFixed(1)}`;
      });
      s.path(`M${corners.join("L")}Z`);
    } else {
      s.circle(cx, cy, 115);
      s.detail(`M${cx} ${cy - 115}v22`);
    }
    s.circle(cx, cy, 34);
    s.hidden(`M${cx - 38} ${cy}a38 38 0 1 0 0 0.1`);
    for (const a of [45, 135, 225, 315]) {
      const rad = (a * Math.PI) / 180;
      s.circle(cx + 56 * Math.cos(rad), cy + 56 * Math.sin(rad), 14);
    }
    s.centre(cx, cy, 130);
    if (thread) s.leader(cx + 24, cy - 24, 300, 50, thread);
    return;
  }
  const y = 190;
  const hex = /hex/i.test(v.text("Shank") ?? "");
  if (hex) {
    s.path(`M55 ${y - 14}H190V${y + 14}H55Z`);
    s.detail(`M55 ${y - 5}H190M55 ${y + 5}H190`);
  } else {
    s.rect(55, y - 12, 40, 24);
    s.rect(95, y - 10, 95, 20);
  }
  const chamfer = /taper/i.test(type) ? 60 : /bottoming/i.test(type) ? 8 : 28;
  s.path(`M190 ${y - 18}H${345 - chamfer}L345 ${y - 11}V${y + 11}L${345 - chamfer} ${y + 18}H190Z`);
  const threads: string[] = [];
  for (let x = 196; x < 345 - 4; x += 8) threads.push(`M${x} ${y - 17}l6 34`);
  s.detail(threads.join(""));
  s.centre(200, y, 160, 0);
  if (thread) s.leader(280, y - 17, 300, 90, thread);
};

/** Hole saws and annular cutters from the side: a cup with teeth, its diameter and depth of cut. */
const holeSaw: Drawer = (s, v) => {
  const diameter = v.length("Diameter");
  const depth = v.length("Cutting Depth", "Depth of Cut");
  const width = 190;
  const left = 115;
  const top = 120;
  const height = diameter && depth ? clamp((width * depth.mm) / diameter.mm, 40, 200) : 110;
  const bottom = top + height;
  s.rect(left + width / 2 - 14, top - 60, 28, 60);
  s.path(`M${left} ${top}H${left + width}V${bottom}H${left}Z`);
  const teeth: string[] = [];
  for (let x = left; x < left + width; x += 12) teeth.push(`L${x + 6} ${bottom + 8}L${x + 12} ${bottom}`);
  s.path(`M${left} ${bottom}${teeth.join("")}`);
  s.hidden(`M${left + 6} ${top + 8}H${left + width - 6}V${bottom}M${left + 6} ${top + 8}V${bottom}`);
  s.centre(left + width / 2, (top + bottom) / 2, 0, height / 2 + 75);
  if (diameter) s.horizontal(left, left + width, bottom + 40, diameter.text, { y1: bottom + 8 });
  if (depth) s.vertical(top + 8, bottom, left - 24, depth.text, { from: { x1: left } });
  const shank = v.text("Shank");
  if (shank) s.leader(left + width / 2 + 14, top - 40, 290, 40, shank);
};

/** Saw blades from the side: the strip, its teeth, the tang; length and teeth per inch. */
const blade: Drawer = (s, v) => {
  const length = v.length("Length");
  const top = 170;
  const bottom = 205;
  s.path(`M40 ${top}H350L360 ${bottom}H40Z`);
  const teeth: string[] = [];
  for (let x = 100; x < 356; x += 7) teeth.push(`M${x} ${bottom}l4 7l3 -7`);
  s.detail(teeth.join(""));
  s.detail(`M100 ${top}V${bottom}`);
  s.circle(62, (top + bottom) / 2, 6);
  if (length) s.horizontal(40, 360, bottom + 50, length.text, { y1: bottom });
  const tpi = v.text("TPI");
  if (tpi) s.leader(240, bottom + 6, 270, 110, `${tpi} TPI`);
};

/** Flat pieces seen from above (sheets, pads, signs): width across, height down. */
function flatPiece(kind: "sheet" | "pad" | "sign"): Drawer {
  return (s, v) => {
    const size = lengthsOf(v.text("Size"));
    // A sign is written height by width; sheets and pads width by length.
    const [across, down] = size ? (kind === "sign" ? [size[1], size[0]] : [size[0], size[1]]) : [];
    const scale = across && down ? Math.min(240 / across.mm, 250 / down.mm) : 0;
    const width = across && scale ? across.mm * scale : 200;
    const height = down && scale ? down.mm * scale : 240;
    const left = 200 - width / 2 + 10;
    const top = 190 - height / 2;
    s.rect(left, top, width, height, { radius: kind === "pad" ? 10 : kind === "sign" ? 6 : 0 });
    if (kind === "sign") {
      s.rect(left + 8, top + 8, width - 16, height - 16, { radius: 3 });
      const message = v.text("Message");
      if (message)
        s.label(left + width / 2, top + height / 2 + 6, message.toUpperCase(), "middle", { bold: true, size: 16 });
    }
    if (across) s.horizontal(left, left + width, top + height + 32, across.text, { y1: top + height });
    if (down) s.vertical(top, top + height, left - 22, down.text, { from: { x1: left } });
  };
}

/** A belt: the loop from the side, and laid flat from above with its width. */
const belt: Drawer = (s, v) => {
  const [wide, around] = lengthsOf(v.text("Size")) ?? [];
  s.rect(50, 70, 300, 120, { radius: 60 });
  s.rect(58, 78, 284, 104, { radius: 52 });
  if (around) s.label(200, 135, `${around.text} around`);
  const width = wide && around ? clamp((600 * wide.mm) / around.mm, 12, 110) : 40;
  s.rect(80, 250, 270, width);
  s.detail(`M80 ${250 + width / 2}h270`);
  if (wide) s.vertical(250, 250 + width, 60, wide.text, { from: { x1: 80 } });
};

type Vessel =
  | "aerosol"
  | "paint-can"
  | "bottle"
  | "jug"
  | "pail"
  | "drum"
  | "tote"
  | "tub"
  | "cartridge"
  | "tube"
  | "bag"
  | "box";

/** Each vessel's outline, and where on it a note's leader points. */
const vessels: Record<Vessel, (s: Sketch) => [number, number]> = {
  aerosol: (s) => {
    s.path("M140 135Q140 100 200 96Q260 100 260 135V330H140Z");
    s.rect(188, 82, 24, 14);
    s.rect(180, 60, 40, 24, { radius: 4 });
    s.detail("M140 145H260M140 320H260");
    return [260, 220];
  },
  "paint-can": (s) => {
    s.path("M110 180Q200 40 290 180");
    s.rect(110, 160, 180, 170);
    s.rect(104, 148, 192, 14, { radius: 3 });
    s.detail("M110 175H290M110 315H290");
    return [290, 240];
  },
  bottle: (s) => {
    s.path("M140 330V175Q140 152 172 142V112H228V142Q260 152 260 175V330Z");
    s.rect(166, 86, 68, 28, { radius: 4 });
    s.detail("M140 200H260M140 300H260");
    return [260, 250];
  },
  jug: (s) => {
    s.rect(105, 150, 190, 180, { radius: 16 });
    s.path("M130 150V112H176V150");
    s.rect(124, 90, 58, 22, { radius: 4 });
    s.path("M200 150Q204 100 246 104Q286 108 286 150");
    s.path("M222 150Q226 124 248 126Q266 128 266 150");
    return [295, 240];
  },
  pail: (s) => {
    s.path("M112 128Q200 30 288 128");
    s.path("M112 128L288 128L272 330H128Z");
    s.rect(104, 116, 192, 14, { radius: 3 });
    s.detail("M116 170H284M124 290H276");
    return [283, 220];
  },
  drum: (s) => {
    s.rect(120, 66, 160, 272, { radius: 8 });
    s.rect(148, 56, 24, 10);
    s.detail("M120 80H280M120 158H280M120 246H280M120 324H280");
    return [280, 200];
  },
  tote: (s) => {
    s.rect(70, 96, 260, 214);
    s.hidden("M82 108H318V300H82Z");
    s.detail("M122 96V310M174 96V310M226 96V310M278 96V310M70 150H330M70 204H330M70 258H330");
    s.rect(180, 76, 40, 20, { radius: 3 });
    s.rect(60, 310, 280, 24);
    s.detail("M60 322H340");
    return [330, 180];
  },
  tub: (s) => {
    s.path("M115 152L285 152L270 330H130Z");
    s.rect(108, 132, 184, 22, { radius: 6 });
    s.detail("M120 200H280");
    return [279, 240];
  },
  cartridge: (s) => {
    s.rect(60, 165, 230, 70, { radius: 6 });
    s.path("M290 182L350 196V204L290 218");
    s.detail("M76 165V235M270 165V235");
    return [200, 165];
  },
  tube: (s) => {
    s.path("M80 158L280 178V222L80 242Z");
    s.detail("M90 159V241M98 160V240");
    s.rect(280, 184, 46, 32, { radius: 4 });
    return [200, 170];
  },
  bag: (s) => {
    s.path("M118 122Q200 96 282 122L304 330H96Z");
    s.path("M150 118Q200 70 250 118");
    s.detail("M112 150Q200 130 288 150");
    return [293, 230];
  },
  box: (s) => {
    s.path("M80 160L200 120L320 160V300L200 340L80 300Z");
    s.detail("M80 160L200 200L320 160M200 200V340");
    return [320, 230];
  },
};

/** What a container's size says it is: "12 oz Aerosol", "55 gal Drum", "1 gal", "14 oz Cartridge". */
function vesselFor(size: string, family: Vessel): Vessel {
  const named: [RegExp, Vessel][] = [
    [/aerosol/i, "aerosol"],
    [/cartridge/i, "cartridge"],
    [/tote/i, "tote"],
    [/overpack|drum/i, "drum"],
    [/pail|bucket/i, "pail"],
    [/\btub\b/i, "tub"],
    [/\bbag\b/i, "bag"],
  ];
  const byName = named.find(([pattern]) => pattern.test(size))?.[1];
  if (byName) return byName;
  const volume = parseMeasure(/^\S+\s*\S*/.exec(size)?.[0] ?? "", "volume");
  const ml = volume.ok ? volume.value : 0;
  if (family === "tube" && ml > 500) return "paint-can";
  if (family === "aerosol" && ml > 900) return "paint-can";
  if (family === "bottle" && ml >= 18_000) return "pail";
  if (family === "bottle" && ml > 2_000) return "jug";
  return family;
}

/** Containers: the outline its size calls for, the contents' volume or weight on a leader. */
function container(family: Vessel): Drawer {
  return (s, v) => {
    const size = v.text("Size", "Capacity", "Quantity") ?? "";
    const product = v.text("Product") ?? "";
    // A cleaner sold by the ounce that sprays (brake cleaner, degreaser) comes as an aerosol can.
    const sprayed = family === "bottle" && /oz\b/.test(size) && /brake|degreaser/i.test(product);
    const [x, y] = vessels[sprayed ? "aerosol" : vesselFor(`${size} ${v.text("Container") ?? ""}`, family)](s);
    if (size) s.leader(x, y, x + 36, y - 110, size);
    const container = v.text("Container");
    if (container && size !== container) s.label(200, 372, container);
  };
}

/** A glove from the back, its size called out. */
const glove: Drawer = (s, v) => {
  s.path(
    "M100 340L100 190L80 130Q78 112 94 112L120 170L120 90Q120 75 135 75Q150 75 150 90L150 165L160 80Q162 65 177 66Q192 68 190 84L182 165L205 100Q210 85 224 90Q237 95 232 110L210 200L210 340Z",
  );
  s.detail("M100 300H210M100 310H210");
  const size = v.text("Size");
  if (size) s.label(300, 170, sized(size), "middle", { bold: true, size: 22 });
  const cutLevel = v.text("ANSI Cut Level");
  s.notes(300, 205, [v.text("Thickness"), cutLevel && `ANSI ${cutLevel}`, v.text("Material")], 20);
};

/** Push pins and clips from the side: head, barbed shank, the hole they fit. */
const clip: Drawer = (s, v) => {
  const head = v.length("Head Diameter");
  const hole = v.length("Hole Size");
  const length = v.length("Length");
  const headWidth = 150;
  const shank = head && hole ? clamp((headWidth * hole.mm) / head.mm, 16, 110) : 36;
  const reach = head && length ? clamp((headWidth * length.mm) / head.mm, 70, 210) : 150;
  const top = 110;
  s.path(`M${200 - headWidth / 2} ${top + 16}Q200 ${top - 14} ${200 + headWidth / 2} ${top + 16}Z`);
  // A fir tree: each barb steps out, then slopes back in towards the tip that goes in first; the
  // right side mirrors the left.
  const side: [number, number][] = [[200 - shank / 2, top + 16]];
  for (let y = top + 34; y < top + reach - 4; y += 26) side.push([200 - shank / 2, y], [200 - shank / 2 - 7, y]);
  side.push([200 - shank / 2, top + 16 + reach]);
  const outline = [...side, ...side.map(([x, y]): [number, number] => [400 - x, y]).reverse()];
  s.path(`M${outline.map(([x, y]) => `${x.toFixed(1)} ${y}`).join("L")}Z`);
  s.centre(200, top + 16 + reach / 2, 0, reach / 2 + 30);
  if (head) s.horizontal(200 - headWidth / 2, 200 + headWidth / 2, top - 30, head.text, { y1: top + 14 });
  if (hole) s.horizontal(200 - shank / 2, 200 + shank / 2, top + reach + 52, hole.text, { y1: top + 16 + reach });
  if (length)
    s.vertical(top + 16, top + 16 + reach, 310, length.text, { side: "right", from: { x1: 200 + shank / 2 } });
};

/** A snap-in valve stem from the side: the rim hole it seats in. */
const valve: Drawer = (s, v) => {
  s.rect(184, 56, 32, 22, { radius: 4 });
  s.rect(189, 78, 22, 46);
  s.path("M170 290L186 124H214L230 290Z");
  s.path("M176 290V304H224V290");
  s.path("M150 304H250V322H150Z");
  s.centre(200, 190, 0, 150);
  const rim = v.text("Rim");
  if (rim) s.horizontal(176, 224, 360, rim, { y1: 304 });
  const type = v.text("Type");
  if (type) s.leader(214, 150, 290, 100, type);
};

/** Hand tools drawn along their length: wrenches, bars, pliers, screwdrivers. */
const wrench: Drawer = (s, v) => {
  const tool = v.text("Tool");
  const length = v.length("Length");
  if (tool) {
    s.path("M60 190H300Q340 190 350 170L358 176Q350 210 300 210H60Z");
    s.rect(40, 186, 20, 28, { radius: 4 });
    s.label(200, 160, tool);
  } else {
    s.path("M120 188Q100 162 70 166L56 184L90 193V207L56 216L70 234Q100 238 120 212L290 210V190Z");
    s.circle(318, 200, 32);
    s.circle(318, 200, 16);
    const size = v.text("Size");
    if (size) s.vertical(193, 207, 40, size, { from: { x1: 90 } });
  }
  if (length) s.horizontal(40, 358, 280, length.text, { y1: 214 });
};

const pliers: Drawer = (s, v) => {
  s.path("M188 195L192 60Q200 52 208 60L212 195Z");
  s.detail("M200 60V195");
  s.path("M190 212L138 345L158 352L204 228Z");
  s.path("M210 212L262 345L242 352L196 228Z");
  s.circle(200, 205, 14, { filled: true });
  const length = v.length("Length");
  if (length) s.vertical(56, 352, 320, length.text, { side: "right", from: { x1: 208, x2: 262 } });
  const handle = v.text("Handle");
  if (handle) s.leader(150, 318, 60, 250, handle);
};

const screwdriver: Drawer = (s, v) => {
  s.rect(40, 176, 120, 48, { radius: 20 });
  s.detail("M60 186H140M60 200H140M60 214H140");
  s.rect(160, 188, 18, 24, { radius: 3 });
  s.path("M178 194H340L356 200L340 206H178");
  const length = v.length("Length");
  if (length) s.horizontal(178, 356, 260, length.text, { y1: 206 });
  const tip = v.text("Tip");
  if (tip) s.leader(352, 197, 300, 120, tip);
  const handle = v.text("Handle");
  if (handle) s.leader(100, 176, 60, 110, handle);
};

const hammer: Drawer = (s, v) => {
  s.path("M100 90H270Q300 90 310 70L322 78Q312 118 270 130H100Z");
  s.rect(84, 94, 16, 32, { radius: 3 });
  s.rect(186, 130, 28, 220, { radius: 10 });
  const weight = v.text("Weight");
  if (weight) s.leader(150, 130, 100, 200, weight);
  const handle = v.text("Handle");
  if (handle) s.leader(214, 280, 280, 300, `${handle} handle`);
};

/** A clip-on wheel weight, or a strip of stick-on ones. */
const wheelWeight: Drawer = (s, v) => {
  if (/adhesive/i.test(v.text("Type") ?? "")) {
    s.rect(60, 180, 280, 40, { radius: 4 });
    s.detail("M95 180V220M130 180V220M165 180V220M200 180V220M235 180V220M270 180V220M305 180V220");
  } else {
    s.path("M90 200Q200 250 310 200L310 232Q200 282 90 232Z");
    s.path("M180 222V150Q180 138 194 138H232V150H196V222");
  }
  const weight = v.text("Weight");
  if (weight) s.leader(250, 234, 300, 110, weight);
};

/** Front and side views of a piece of furniture (cabinets, shelving): width, height and depth. */
function furniture(front: (s: Sketch, x: number, y: number, w: number, h: number, v: Values) => void): Drawer {
  return (s, v) => {
    const size = lengthsOf(v.text("Size"));
    const [wide, deep, high] = size ?? [];
    const scale = wide && deep && high ? Math.min(190 / (wide.mm + deep.mm), 260 / high.mm) : 0;
    const w = wide && scale ? wide.mm * scale : 150;
    const d = deep && scale ? deep.mm * scale : 60;
    const h = high && scale ? high.mm * scale : 240;
    const x = 80;
    const y = 320 - h;
    front(s, x, y, w, h, v);
    s.rect(x + w + 50, y, d, h);
    if (wide) s.horizontal(x, x + w, 352, wide.text, { y1: 320 });
    if (deep) s.horizontal(x + w + 50, x + w + 50 + d, 352, deep.text, { y1: 320 });
    if (high) s.vertical(y, 320, x - 22, high.text, { from: { x1: x } });
    const capacity = v.text("Capacity");
    if (capacity) s.leader(x + w * 0.75, y + h * 0.3, x + w + 40, y - 16, capacity);
  };
}

const cabinetFront = (s: Sketch, x: number, y: number, w: number, h: number, v: Values) => {
  s.rect(x, y, w, h);
  if (/drawer|bin/i.test(v.text("Type") ?? "")) {
    for (let i = 1; i < 6; i++) s.detail(`M${x} ${y + (h * i) / 6}h${w}`);
    return;
  }
  s.detail(`M${x + w / 2} ${y}v${h}`);
  s.rect(x + w / 2 - 10, y + h * 0.45, 4, 18);
  s.rect(x + w / 2 + 6, y + h * 0.45, 4, 18);
};

const shelvingFront = (s: Sketch, x: number, y: number, w: number, h: number, v: Values) => {
  const shelves = clamp(v.count("Shelves") ?? 4, 2, 8);
  s.rect(x, y, 8, h);
  s.rect(x + w - 8, y, 8, h);
  for (let i = 0; i < shelves; i++) s.rect(x, y + 4 + ((h - 14) * i) / (shelves - 1), w, 6);
};

const toolChest: Drawer = (s, v) => {
  const drawers = clamp(v.count("Drawers") ?? 5, 1, 12);
  const width = v.length("Width");
  s.rect(70, 90, 260, 24, { radius: 6 });
  s.rect(76, 114, 248, 210);
  for (let i = 0; i < drawers; i++) {
    const y = 114 + (210 * i) / drawers;
    s.detail(`M76 ${y}H324`);
    s.detail(`M170 ${y + 210 / drawers / 2}H230`);
  }
  if (/roller|cart/i.test(v.text("Type") ?? "")) {
    s.circle(100, 338, 12);
    s.circle(300, 338, 12);
  }
  if (width) s.horizontal(76, 324, 372, width.text, { y1: 324 });
};

/** A box or bin in an oblique view: length receding, width across, height up. */
const box: Drawer = (s, v) => {
  const size = lengthsOf(v.text("Size"));
  const [long, wide, high] = size ?? [];
  const scale = long && wide && high ? Math.min(200 / (wide.mm + long.mm * 0.5), 200 / (high.mm + long.mm * 0.35)) : 0;
  const w = wide && scale ? wide.mm * scale : 170;
  const h = high && scale ? high.mm * scale : 130;
  const dx = long && scale ? long.mm * scale * 0.5 : 70;
  const dy = long && scale ? long.mm * scale * 0.35 : 50;
  const x = 70;
  const y = 330 - h;
  s.path(`M${x} ${y}h${w}v${h}h${-w}Z`);
  s.path(`M${x} ${y}l${dx} ${-dy}h${w}l${-dx} ${dy}M${x + w + dx} ${y - dy}v${h}l${-dx} ${dy}`);
  if (wide) s.horizontal(x, x + w, y + h + 30, wide.text, { y1: y + h });
  if (high) s.vertical(y, y + h, x - 20, high.text, { from: { x1: x } });
  if (long) s.leader(x + w + dx / 2, y - dy / 2, x + w + dx / 2 + 30, y - dy - 40, long.text);
  const quantity = v.text("Quantity");
  if (!size && quantity) s.leader(x + w, y + h / 2, x + w + 40, y - 60, quantity);
};

/** Wire and cable on a spool, or loom and tubing by the length: its size across. */
const spool: Drawer = (s, v) => {
  const diameter = v.length("Diameter");
  const length = v.text("Length");
  if (diameter) {
    s.rect(60, 160, 280, 60, { radius: 6 });
    const ribs = Array.from({ length: 26 }, (_, i) => `M${72 + i * 10.5} 160V220`).join("");
    s.detail(ribs);
    if (/split/i.test(v.text("Type") ?? "")) s.path("M60 190H340");
    s.vertical(160, 220, 360, diameter.text, { side: "right", from: { x1: 340 } });
    if (length) s.label(200, 270, `${length} long`);
    return;
  }
  s.rect(110, 80, 24, 240, { radius: 4 });
  s.rect(266, 80, 24, 240, { radius: 4 });
  s.rect(134, 110, 132, 180);
  s.detail(Array.from({ length: 17 }, (_, i) => `M134 ${120 + i * 10}H266`).join(""));
  s.path("M266 290Q320 330 370 316");
  if (length) s.leader(200, 110, 250, 50, length);
  const gauge = v.text("Gauge");
  if (gauge) s.leader(352, 320, 300, 368, gauge);
};

const fuse: Drawer = (s, v) => {
  const type = v.text("Type") ?? "";
  const amperage = v.text("Amperage");
  if (/glass/i.test(type)) {
    s.rect(80, 176, 240, 48);
    s.rect(60, 172, 40, 56, { radius: 4 });
    s.rect(300, 172, 40, 56, { radius: 4 });
    s.detail("M100 200H300");
    if (amperage) s.leader(200, 176, 240, 120, amperage);
    return;
  }
  if (/anl/i.test(type)) {
    s.rect(50, 170, 300, 60, { radius: 6 });
    s.circle(80, 200, 10);
    s.circle(320, 200, 10);
    s.rect(130, 180, 140, 40, { radius: 4 });
    if (amperage) s.label(200, 206, amperage, "middle", { bold: true, size: 18 });
    return;
  }
  s.rect(140, 90, 120, 130, { radius: 10 });
  s.rect(158, 220, 28, 100);
  s.rect(214, 220, 28, 100);
  if (amperage) s.label(200, 165, amperage, "middle", { bold: true, size: 24 });
};

const cableTie: Drawer = (s, v) => {
  s.rect(50, 178, 36, 44, { radius: 4 });
  s.rect(58, 188, 20, 24);
  s.path("M86 192H330L354 200L330 208H86");
  s.detail(Array.from({ length: 30 }, (_, i) => `M${94 + i * 8} 192V208`).join(""));
  const length = v.length("Length");
  if (length) s.horizontal(50, 354, 270, length.text, { y1: 222 });
  const strength = v.text("Tensile Strength");
  if (strength) s.leader(250, 192, 290, 120, `${strength} tensile`);
};

const goggles: Drawer = (s, v) => {
  s.rect(80, 160, 110, 84, { radius: 32 });
  s.rect(210, 160, 110, 84, { radius: 32 });
  s.path("M190 190Q200 178 210 190");
  s.path("M80 190L40 176M320 190L360 176");
  const lens = v.text("Lens");
  if (lens) s.leader(135, 200, 100, 300, `${lens} lens`);
  const coating = v.text("Coating");
  if (coating) s.leader(265, 200, 300, 300, coating);
};

const earmuff: Drawer = (s, v) => {
  s.path("M120 220Q120 80 200 80Q280 80 280 220");
  s.path("M132 220Q132 94 200 94Q268 94 268 220");
  s.rect(90, 200, 60, 100, { radius: 26 });
  s.rect(250, 200, 60, 100, { radius: 26 });
  const nrr = v.text("NRR");
  if (nrr) s.label(200, 350, `NRR ${nrr}`, "middle", { bold: true, size: 18 });
};

const mask: Drawer = (s, v) => {
  s.path("M110 170Q200 110 290 170L270 270Q200 320 130 270Z");
  s.circle(160, 250, 26);
  s.circle(240, 250, 26);
  s.path("M110 170L60 150M290 170L340 150");
  const size = v.text("Size");
  if (size) s.label(200, 355, sized(size), "middle", { bold: true, size: 18 });
};

const vest: Drawer = (s, v) => {
  s.path("M130 70L170 70L200 140L230 70L270 70L300 130L300 330L100 330L100 130Z");
  s.detail("M100 230H300M100 244H300M100 274H300M100 288H300");
  const size = v.text("Size");
  if (size) s.label(200, 365, sized(size), "middle", { bold: true, size: 18 });
  const kind = v.text("Class");
  if (kind) s.leader(280, 237, 330, 180, kind);
};

/** A case of parts, with what it holds written under it. */
function kitCase(contents: (s: Sketch) => void, notes: (v: Values) => (string | undefined)[]): Drawer {
  return (s, v) => {
    s.rect(50, 90, 300, 230, { radius: 14 });
    s.rect(66, 106, 268, 198, { radius: 8 });
    s.rect(110, 316, 34, 12);
    s.rect(256, 316, 34, 12);
    contents(s);
    s.notes(200, 356, notes(v));
  };
}

const holeSawKit = kitCase(
  (s) => {
    for (const [x, y, r] of [
      [120, 170, 40],
      [214, 170, 50],
      [294, 178, 30],
    ] as const) {
      s.circle(x, y, r);
      s.circle(x, y, r - 8);
      s.circle(x, y, 6);
    }
    s.rect(100, 250, 180, 16, { radius: 4 });
  },
  (v) => [v.text("Pieces") && `${v.text("Pieces")} pieces`, v.text("Range")],
);

const tireKit = kitCase(
  (s) => {
    s.rect(86, 130, 96, 24, { radius: 10 });
    s.rect(127, 154, 14, 120);
    s.rect(186, 130, 96, 24, { radius: 10 });
    s.path("M234 154V262L228 276H240L234 262");
    s.path("M300 134V274M318 134V274");
  },
  (v) => [v.text("Type"), v.text("Size")],
);

const firstAidKit = kitCase(
  (s) => {
    s.path("M180 140H220V180H260V220H220V260H180V220H140V180H180Z");
  },
  (v) => [[v.text("Type"), v.text("Capacity")].filter(Boolean).join(", ") || undefined, v.text("Standard")],
);

/** A step drill from the side: as many steps as it has, its smallest and largest hole. */
const stepBit: Drawer = (s, v) => {
  const stepsText = v.text("Steps");
  const steps = clamp(countOf(stepsText) ?? 9, 3, 13);
  const range = rangeOf(v.text("Range"));
  const y = 190;
  s.rect(40, y - 12, 90, 24);
  const run = 210 / steps;
  const parts: string[] = [`M130 ${y - 60}`];
  for (let i = 0; i < steps; i++) {
    const half = 60 - (48 * i) / (steps - 1);
    parts.push(`V${y - half}H${130 + run * (i + 1)}`);
  }
  parts.push(`L350 ${y}`);
  for (let i = steps - 1; i >= 0; i--) {
    const half = 60 - (48 * i) / (steps - 1);
    parts.push(`L${130 + run * (i + 1)} ${y + half}H${130 + run * i}`);
  }
  parts.push("Z");
  s.path(parts.join(""));
  s.centre(200, y, 170, 0);
  if (range) {
    s.leader(130 + run / 2, y - 60, 100, 70, range[1].text);
    s.leader(130 + run * (steps - 0.5), y - 12, 320, 90, range[0].text);
  }
  if (stepsText) s.label(200, 300, `${stepsText} steps`);
};

const connector: Drawer = (s, v) => {
  s.rect(20, 192, 70, 16);
  s.rect(310, 192, 70, 16);
  s.rect(80, 186, 60, 28);
  s.rect(260, 186, 60, 28);
  s.rect(130, 166, 140, 68, { radius: 16 });
  s.detail("M172 166V234M228 166V234");
  const gauge = v.text("Gauge");
  if (gauge) s.leader(200, 166, 240, 100, gauge);
};

const lug: Drawer = (s, v) => {
  s.path("M180 178H120A34 34 0 1 0 120 222H180Z");
  s.circle(110, 200, 14);
  s.rect(180, 180, 130, 40, { radius: 6 });
  s.detail("M200 180V220");
  const stud = v.text("Stud");
  if (stud) s.leader(110, 186, 150, 110, `${stud} stud`);
  const gauge = v.text("Gauge");
  if (gauge) s.leader(290, 220, 320, 290, gauge);
};

const roll: Drawer = (s, v) => {
  s.path("M130 90V310A70 20 0 0 0 270 310V90");
  s.ellipse(200, 90, 70, 20);
  s.ellipse(200, 90, 22, 7);
  const quantity = v.text("Quantity");
  if (quantity) s.label(200, 365, quantity);
};

const bagRoll: Drawer = (s, v) => {
  s.rect(70, 230, 210, 84, { radius: 10 });
  s.ellipse(280, 272, 24, 42, { filled: true });
  s.ellipse(280, 272, 8, 14);
  s.path("M205 230Q150 160 220 110L238 92L256 110Q320 160 275 230");
  const capacity = v.text("Capacity");
  if (capacity) s.leader(250, 150, 310, 80, capacity);
  const thickness = v.text("Thickness");
  if (thickness) s.leader(100, 314, 70, 360, thickness);
};

const pallet: Drawer = (s, v) => {
  const drums = clamp(v.count("Drums") ?? 2, 1, 4);
  const each = 280 / drums;
  for (let i = 0; i < drums; i++) {
    const x = 60 + i * each + 6;
    s.rect(x, 90, each - 12, 160, { radius: 6 });
    s.detail(`M${x} 140h${each - 12}M${x} 200h${each - 12}`);
  }
  s.rect(50, 250, 300, 14);
  s.path("M50 264H350L338 330H62Z");
  const type = v.text("Type");
  if (type) s.label(200, 365, [type, v.text("Drums")].filter(Boolean).join(", "));
};

/** Fasteners from the side (bolts, screws, nuts) or face on (washers), the thread called out. */
const fastener: Drawer = (s, v) => {
  const type = v.text("Type") ?? "";
  const thread = v.text("Thread");
  if (/washer/i.test(type)) {
    s.circle(200, 190, 110);
    s.circle(200, 190, 44);
    s.centre(200, 190, 124);
    if (thread) s.leader(200 + 31, 190 - 31, 320, 50, `For ${thread}`);
    return;
  }
  if (/nut/i.test(type)) {
    s.path("M110 150H290V250H110Z");
    s.detail("M170 150V250M230 150V250");
    s.path("M130 150V120H270V150");
    s.hidden("M110 178H290M110 222H290");
    if (thread) s.leader(290, 200, 330, 110, thread);
    return;
  }
  const flange = /flange/i.test(type);
  const screw = /screw/i.test(type);
  if (screw) {
    s.path("M50 160Q90 150 90 200Q90 250 50 240Z");
  } else {
    s.path("M50 160H100V240H50Z");
    s.detail("M50 180H100M50 220H100");
  }
  if (flange) s.path("M100 148H112V252H100");
  const start = flange ? 112 : 100;
  s.path(
    `M${start} 180H${screw ? 320 : 340}L${screw ? 356 : 346} ${screw ? 200 : 186}V${screw ? 200 : 214}L${screw ? 320 : 340} 220H${start}`,
  );
  s.detail(Array.from({ length: 22 }, (_, i) => `M${150 + i * 9} 180l6 40`).join(""));
  s.centre(200, 200, 170, 0);
  if (thread) s.leader(250, 180, 280, 100, thread);
};

const conduit: Drawer = (s, v) => {
  const size = v.length("Trade Size");
  const length = v.text("Length");
  s.path("M90 170H200Q208 184 200 198Q192 212 200 226H90Z");
  s.path("M360 170H226Q218 184 226 198Q234 212 226 226H360Z");
  s.hidden("M90 178H200M90 218H200M226 178H360M226 218H360");
  if (size) s.vertical(170, 226, 66, size.text, { from: { x1: 90 } });
  if (length) s.horizontal(90, 360, 280, length, { y1: 226 });
  const type = v.text("Type");
  if (type) s.label(225, 140, type);
};

const drawers: Record<PictureShape, Drawer> = {
  bit,
  tap,
  holesaw: holeSaw,
  saw: roundPart("teeth"),
  blade,
  kit: firstAidKit,
  belt,
  disc: roundPart("wheel"),
  flap: roundPart("flaps"),
  sheet: flatPiece("sheet"),
  brush: roundPart("bristles"),
  pad: flatPiece("pad"),
  can: container("aerosol"),
  tub: container("tub"),
  tube: container("tube"),
  bottle: container("bottle"),
  drum: container("drum"),
  box,
  glove,
  clip,
  valve,
  tool: wrench,
  weight: wheelWeight,
  cabinet: furniture(cabinetFront),
  sign: flatPiece("sign"),
  screwdriver,
  hammer,
  spool,
  fuse,
  tie: cableTie,
  tape: roundPart("tape"),
  shelf: furniture(shelvingFront),
  goggles,
  earmuff,
  mask,
  vest,
  holesawkit: holeSawKit,
  stepbit: stepBit,
  tirekit: tireKit,
  pliers,
  connector,
  lug,
  roll,
  bagroll: bagRoll,
  pallet,
  toolchest: toolChest,
  bolt: fastener,
  conduit,
};

/**
 * The line drawing of a part: its shape family's drawer (a plain box for a subcategory the seed
 * does not know), with `name` as the picture's accessible name.
 */
export function drawLineDrawing(shape: PictureShape | undefined, name: string, specifications: Specifications): string {
  const sketch = new Sketch();
  (shape ? drawers[shape] : box)(sketch, new Values(specifications));
  return sketch.svg(name);
}

/** The line drawing of a product, from its subcategory's shape and its specifications as its page lists them. */
export function drawProduct(product: {
  name: string;
  subcategory: string;
  specifications: readonly { name: string; value: string }[];
}): string {
  // hasOwn: a subcategory named "constructor" must not reach the properties every object has.
  const shape = Object.hasOwn(subcategoryProfiles, product.subcategory)
    ? subcategoryProfiles[product.subcategory]?.shape
    : undefined;
  const specifications = Object.fromEntries(product.specifications.map(({ name, value }) => [name, value]));
  return drawLineDrawing(shape, product.name, specifications);
}
